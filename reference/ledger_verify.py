"""Verifying a built site or an unpacked snapshot: every trace re-scored and compared, and what its pages show.

verify reads a site or an unpacked snapshot written by strangers, so it reads
nothing through a symbolic link and only the files its own walk found (no
path written inside the site can reach outside it), bounds every decimal
before the arithmetic sees it, checks MANIFEST.sha256 when there is one and
models/released.lock when there is one, and compares every field of every
trace (the working included), all but codeHash, which names code the
reference cannot hash.
"""

from __future__ import annotations

import json
import re
from decimal import DecimalException
from pathlib import Path
from typing import Any

from ledger_addresses import address_problems, missing_traces, own_address_problems
from ledger_canonical import code_hash, hash_canonical
from ledger_compare import MISSING, compare, show
from ledger_downloads import download_problems
from ledger_errors import LedgerError
from ledger_pages import page_problems
from ledger_site import MANIFEST, SITE_LOCK, SiteFiles, check_manifest, read_site_lock
from ledger_trace import score


MAX_REPORTED = 20
CODE_HASH_PATTERN = re.compile(r"sha256:[0-9a-f]{64}")


def verify_trace(
    site: SiteFiles, name: str, models: dict[str, Any], code: str, seen: dict[str, dict] | None = None
) -> tuple[list[str], Any]:
    """Re-score one trace and compare every field but codeHash; return (problems, its codeHash).

    The trace as read is kept in ``seen`` (by path), for checking its address and the pages.
    """
    published = site.json(name)
    if seen is not None and isinstance(published, dict):
        seen[name] = published
    if not isinstance(published, dict):
        raise LedgerError(f"{name}: a trace must be a JSON object")
    model_id = published.get("model")
    if not isinstance(model_id, str) or not model_id or "/" in model_id or "\\" in model_id or model_id in (".", ".."):
        raise LedgerError(f"{name}: model: must name a model id, got {show(published.get('model', MISSING))}")
    if "input" not in published:
        raise LedgerError(f"{name}: input: is required to re-score the trace")
    slug = published.get("claim")
    if not isinstance(slug, str):
        raise LedgerError(f"{name}: claim: must name the claim's slug, got {show(published.get('claim', MISSING))}")
    if model_id not in models:
        try:
            models[model_id] = site.json(f"models/{model_id}/model.json")
        except LedgerError as error:
            models[model_id] = error
    if isinstance(models[model_id], LedgerError):
        raise LedgerError(f"{name}: model {model_id}: {models[model_id]}")
    try:
        expected = score(published["input"], models[model_id], slug, code)
    except LedgerError as error:
        raise LedgerError(f"{name}: cannot re-score: {error}") from None
    except DecimalException as error:
        raise LedgerError(f"{name}: cannot re-score: arithmetic failed: {type(error).__name__}") from None
    their_code = published.get("codeHash", MISSING)
    # codeHash names the engine's source, which the reference cannot hash: checked for form only.
    expected["codeHash"] = their_code
    if their_code is MISSING:
        del expected["codeHash"]
    differences: list[tuple[str, Any, Any]] = []
    compare(expected, published, "", differences)
    problems = [f"{name}: {field}: expected {show(e)}, published {show(p)}" for field, e, p in differences]
    if not isinstance(their_code, str) or not CODE_HASH_PATTERN.fullmatch(their_code):
        problems.append(f"{name}: codeHash: must be sha256:<64 hex digits>, got {show(their_code)}")
    return problems, their_code


def named_models(site: SiteFiles) -> tuple[list[str], str | None]:
    """The models data/scores.json says every claim is scored under, and its default model."""
    try:
        data = site.read("data/scores.json")
        value = json.loads(data.decode("utf-8")) if data is not None else None
    except (LedgerError, ValueError):
        return [], None
    if not isinstance(value, dict):
        return [], None
    models = value.get("models")
    model = value.get("defaultModel")
    names = [m for m in models if isinstance(m, str)] if isinstance(models, list) else []
    return names, model if isinstance(model, str) else None


def verify(root: Path) -> tuple[list[str], int]:
    """Check a built site or unpacked snapshot under ``root``; return (report lines, exit code)."""
    if not root.is_dir():
        return [f"{root}: not a directory"], 1
    try:
        site = SiteFiles(root)
    except OSError as error:
        return [f"{root}: cannot be read: {error.strerror or error}"], 1
    problems: list[str] = list(site.refused)
    head: list[str] = []
    if MANIFEST in site.files:
        manifest = check_manifest(site)
        mismatched = len({file for file, _ in manifest})
        head.append(
            f"{len(site.files) - 1} files match {MANIFEST}"
            if not manifest
            else f"{mismatched} file{' does' if mismatched == 1 else 's do'} not match {MANIFEST}"
        )
        problems.extend(f"{file}: {message}" for file, message in manifest)
    traces = [path for path in site.sorted() if path == "trace.json" or path.endswith("/trace.json")]
    if not traces:
        return head + ["0 traces found"] + problems, 1
    code = code_hash()
    models: dict[str, Any] = {}  # model id -> parsed model.json, or a LedgerError
    codes: dict[Any, list[str]] = {}
    reproduced = differ = 0
    named, default_model = named_models(site)
    published: dict[str, dict] = {}
    for name in traces:
        try:
            found, their_code = verify_trace(site, name, models, code, published)
            if isinstance(their_code, str):
                codes.setdefault(their_code, []).append(name)
        except LedgerError as error:
            found = [str(error)]
        if name in published:
            found = found + address_problems(name, published[name], default_model)
        if found:
            differ += 1
            problems.extend(found)
        else:
            reproduced += 1
    warnings = []
    if len(codes) > 1:
        # One site is built by one engine; traces by several mean some were made elsewhere.
        for their_code, names in sorted(codes.items(), key=lambda item: (-len(item[1]), item[0]))[1:]:
            more = f" and {len(names) - 1} more traces" if len(names) > 1 else ""
            warnings.append(
                f"warning: {names[0]}: codeHash: this{more} were made by other engine code ({their_code}) than the "
                "site's other traces; the numbers are compared all the same"
            )
    paths = site.sorted()
    missing = missing_traces(paths, named, default_model is not None)
    problems.extend(own_address_problems(published))
    problems.extend(missing)
    problems.extend(page_problems(paths, site.read, published))
    problems.extend(download_problems(paths, site.read, published))
    lock, lock_problems = read_site_lock(site)
    problems.extend(lock_problems)
    for model_id in sorted(models):
        raw = models[model_id]
        if isinstance(raw, LedgerError) or model_id not in lock:
            continue
        try:
            actual = hash_canonical(raw)
        except LedgerError:
            continue
        if actual != lock[model_id]:
            problems.append(
                f"models/{model_id}/model.json: released model {model_id} was edited: {SITE_LOCK} records "
                f"{lock[model_id]} but the published model.json hashes to {actual}"
            )
    counts = f"{reproduced} traces reproduced, {differ} differ" + (f", {len(missing)} missing" if missing else "")
    lines = head + [counts]
    try:
        import explain_verify  # the explanations live in their own files beside this one
    except ImportError:
        explain_verify = None
    explained = explain_verify.verify_explanations(site, models) if explain_verify else None
    if explain_verify is None and any(n.endswith("/explain.json") for n in site.files):
        warnings.append("warning: explain.py and explain_verify.py are not beside ledger.py: explanations not checked")
    if explained is not None:
        checked, wrong, found = explained
        lines.append(f"{checked} explanations re-derived, {wrong} differ")
        problems.extend(found)
    lines += warnings
    lines.extend(problems[:MAX_REPORTED])
    if len(problems) > MAX_REPORTED:
        lines.append(f"... and {len(problems) - MAX_REPORTED} more differences not shown")
    return lines, 1 if problems else 0
