"""Where traces are published: every trace at its own address, and one for every claim and model."""

from __future__ import annotations

import re

from ledger_shown import ABSENT, shown


MODEL_ID = re.compile(r"[^/@]+@\d+\.\d+\.\d+")


def trace_at(slug: str, model: str | None) -> str:
    return f"claims/{slug}/trace.json" if model is None else f"claims/{slug}/{model}/trace.json"


def trace_address(path: str) -> tuple[str, str | None, str | None] | None:
    """(slug, model or None, commit or None) that a trace's path names, or None for no trace address."""
    parts = path.split("/")
    if len(parts) < 3 or parts[0] != "claims" or parts[-1] != "trace.json":
        return None
    slug, rest = parts[1], parts[2:-1]
    if not rest:
        return slug, None, None
    if len(rest) == 1 and MODEL_ID.fullmatch(rest[0]):
        return slug, rest[0], None
    if rest[0] == "history" and len(rest) == 2:
        return slug, None, rest[1]
    if rest[0] == "history" and len(rest) == 3 and MODEL_ID.fullmatch(rest[2]):
        return slug, rest[2], rest[1]
    return None


def address_problems(path: str, trace: dict, default_model: str | None) -> list[str]:
    """Problems of a trace whose claim or model is not what its address says."""
    address = trace_address(path)
    if address is None:
        return [f"{path}: is not at an address a trace is published at, so no page shows it"]
    slug, model, commit = address
    problems = []
    # A history trace holds the claim as its file was named then (a renamed file keeps its old slug).
    if commit is None and trace.get("claim", ABSENT) != slug:
        problems.append(f"{path}: claim: is {shown(trace.get('claim'))}, but this is the address of claim {slug}'s trace")
    expected = model if model is not None else (default_model if commit is None else None)
    if expected is not None and trace.get("model", ABSENT) != expected:
        problems.append(f"{path}: model: is {shown(trace.get('model'))}, but this is the address of the trace under {expected}")
    return problems


def missing_traces(paths: list[str], models: list[str], default_named: bool) -> list[str]:
    """A trace for every published claim under every model the site names, and at its own address."""
    listed = set(paths)
    slugs = sorted(
        {
            m.group(1)
            for p in paths
            if (m := re.fullmatch(r"claims/([^/]+)/(?:[^/]+@[^/]+/)?(?:index\.html|trace\.json)", p))
            and not MODEL_ID.fullmatch(m.group(1))
        }
    )
    own_address = default_named or any(trace_at(s, None) in listed for s in slugs)
    problems = []
    for slug in slugs:
        for model in models:
            if trace_at(slug, model) not in listed:
                problems.append(f"{trace_at(slug, model)}: missing: claim {slug} is published but has no trace under {model}")
        if own_address and trace_at(slug, None) not in listed:
            problems.append(
                f"{trace_at(slug, None)}: missing: claim {slug} is published but has no trace at its own address (the default model's)"
            )
    return problems


def own_address_problems(traces: dict[str, dict]) -> list[str]:
    problems = []
    for path, trace in traces.items():
        address = trace_address(path)
        if address is None or address[1] is not None or address[2] is not None:
            continue
        model = trace.get("model")
        twin = traces.get(trace_at(address[0], model)) if isinstance(model, str) else None
        if twin is not None and twin != trace:
            problems.append(f"{path}: differs from {trace_at(address[0], model)}, the same claim under the same model")
    return problems
