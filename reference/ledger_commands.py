"""The commands: score, batch, explain-batch and verify, each reading its input and printing its output."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from ledger_canonical import code_hash
from ledger_errors import LedgerError
from ledger_json import dump_json, parse_json, read_json_file
from ledger_trace import score
from ledger_verify import verify


def write_stdout(text: str) -> None:
    sys.stdout.buffer.write(text.encode("utf-8"))
    sys.stdout.buffer.flush()


def command_score(args: argparse.Namespace) -> int:
    """`score`: print the trace of one claim (bare claim or published trace) under one model."""
    claim_path = Path(args.claim)
    document = read_json_file(claim_path)
    if isinstance(document, dict) and isinstance(document.get("input"), dict):
        raw_claim = document["input"]
        slug = document.get("claim")
        if not isinstance(slug, str):
            raise LedgerError(f"{claim_path}: claim: a trace must name its claim as a string")
    else:
        raw_claim, slug = document, claim_path.stem
    raw_model = read_json_file(Path(args.model))
    try:
        trace = score(raw_claim, raw_model, slug)
    except LedgerError as error:
        raise LedgerError(f"{claim_path} under {args.model}: {error}") from None
    write_stdout(dump_json(trace, indent=2) + "\n")
    return 0


def run_batch(keys: tuple[str, ...], work, with_kind: bool = False) -> int:
    """Reads JSON Lines of cases (objects with ``keys``) from stdin and writes ``work(case)`` for
    each as one line of JSON, or ``{"error": "line N: ..."}`` where a case fails: one bad case
    must not stop the batch. ``with_kind`` names the error's kind in its message."""
    out = sys.stdout.buffer
    for number, line in enumerate(sys.stdin.buffer, start=1):
        if not line.strip():
            continue
        try:
            case = parse_json(line.decode("utf-8"))
            if not isinstance(case, dict):
                raise LedgerError(f"a case must be an object with {', '.join(keys[:-1])} and {keys[-1]}")
            for key in keys:
                if key not in case:
                    raise LedgerError(f"{key}: is required")
            text = dump_json(work(case))
        except Exception as error:  # one bad case must not stop the batch
            kind = f"{type(error).__name__}: " if with_kind else ""
            text = dump_json({"error": f"line {number}: {kind}{error}"})
        out.write(text.encode("utf-8") + b"\n")
    out.flush()
    return 0


def command_batch(_args: argparse.Namespace) -> int:
    """`batch`: JSON Lines of {slug, model, claim} in, one compact trace per line out."""
    code = code_hash()

    def work(case: dict) -> object:
        if not isinstance(case["slug"], str):
            raise LedgerError("slug: must be a string")
        return score(case["claim"], case["model"], case["slug"], code)

    return run_batch(("slug", "model", "claim"), work)


def command_explain_batch(_args: argparse.Namespace) -> int:
    """`explain-batch`: JSON Lines of {slug, model, models, claim} in, one explanation per line out.

    ``models`` is every released model as [id, model JSON] in the site's order and ``model`` the
    page's model id; an optional ``levels`` gives the order its level tables were declared in."""
    import explain  # the explanations live in their own file beside this one

    def work(case: dict) -> object:
        models = [(str(pair[0]), pair[1]) for pair in case["models"]]
        return explain.explain(case["claim"], case["slug"], case["model"], models, case.get("levels"))

    return run_batch(("slug", "model", "models", "claim"), work, with_kind=True)


def command_verify(args: argparse.Namespace) -> int:
    """`verify`: print the report and return its exit code."""
    lines, status = verify(Path(args.dir))
    write_stdout("\n".join(lines) + "\n")
    return status
