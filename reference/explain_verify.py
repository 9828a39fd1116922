"""Verifying a site's published explanations (explain.json) with ``explain``, for ``ledger.py verify``.

Each claims/<slug>/<model>/explain.json is worked again from the trace beside it (its input) and
every published model.json. The site's order of models is the one the explanation lists (checked
to be every published model once) and the level order its edits step along is the one it records
(checked to be that model's levels), since a canonical model.json keeps neither.
"""

from __future__ import annotations

import re
from typing import Any

from explain import explain
from ledger_compare import compare, show
from ledger_errors import LedgerError


def verify_explanations(site: Any, models: dict[str, Any]) -> tuple[int, int, list[str]] | None:
    """Work every published claims/<slug>/<model>/explain.json again from the trace beside it and
    every published model.json; None when the site publishes none (built before them)."""
    names = site.sorted()
    published = [n for n in names if n.startswith("claims/") and n.endswith("/explain.json")]
    if not published:
        return None
    problems: list[str] = []
    ids = [m.group(1) for n in names if (m := re.fullmatch(r"models/([^/]+)/model\.json", n))]
    for model_id in ids:
        if model_id not in models:
            try:
                models[model_id] = site.json(f"models/{model_id}/model.json")
            except LedgerError as error:
                models[model_id] = error
    have = set(published)
    for name in names:
        if re.fullmatch(r"claims/[^/]+/[^/]+/trace\.json", name) and name[: -len("trace.json")] + "explain.json" not in have:
            problems.append(f"{name[: -len('trace.json')]}explain.json: missing beside its trace.json")
    differ = 0
    for name in published:
        found = verify_one(site, name, ids, models)
        if found:
            differ += 1
            problems.extend(found)
    return len(published), differ, problems


def verify_one(site: Any, name: str, ids: list[str], models: dict[str, Any]) -> list[str]:
    try:
        document = site.json(name)
        trace = site.json(name[: -len("explain.json")] + "trace.json")
    except LedgerError as error:
        return [f"{name}: cannot be re-derived: {error}"]
    if not isinstance(document, dict) or not isinstance(trace, dict) or "input" not in trace:
        return [f"{name}: cannot be re-derived: an explanation and its trace must be JSON objects with an input"]
    listed = [row.get("model") if isinstance(row, dict) else None for row in document.get("models") or []]
    if sorted(map(str, listed)) != sorted(ids) or len(set(listed)) != len(listed):
        return [f"{name}: models: must list every published model once"]
    for model_id in listed:
        if isinstance(models[model_id], LedgerError):
            return [f"{name}: cannot be re-derived: model {model_id}: {models[model_id]}"]
    page_id = trace.get("model")
    if page_id not in ids:
        return [f"{name}: model: no published model {show(page_id)}"]
    levels = document.get("levels")
    page_raw = models[page_id]
    if not isinstance(levels, dict):
        return [f"{name}: levels: must be an object with relevance and observation"]
    for table in ("relevance", "observation"):
        order = levels.get(table)
        if not isinstance(order, list) or sorted(map(str, order)) != sorted(page_raw[table]) or len(order) != len(page_raw[table]):
            return [f"{name}: levels.{table}: must list the model's {table} levels once each"]
    try:
        expected = explain(trace["input"], trace.get("claim"), page_id, [(i, models[i]) for i in listed], levels)
    except (LedgerError, ArithmeticError, KeyError, TypeError, ValueError) as error:
        return [f"{name}: cannot be re-derived: {error}"]
    differences: list[tuple[str, Any, Any]] = []
    compare(expected, document, "", differences)
    return [f"{name}: {field}: expected {show(e)}, published {show(p)}" for field, e, p in differences]
