"""What a reader sees, checked against the traces, for ``ledger.py verify`` (standard library only).

A trace must sit at its own address (``claims/<slug>/<model>/trace.json`` holds that claim under
that model), every published claim must have a trace under every published model, and every figure
the pages (``data-field`` figures, the state badge, the summary, descriptions, listing and compare
rows), the downloads (``data/scores.json``, ``data/scores.csv``, ``data/claims.json``) and the Atom
feeds show for a claim must equal its trace's. Written apart from the TypeScript verify, from the
published formats alone.
"""

from __future__ import annotations

import csv
import html
import io
import json
import re
from typing import Any, Callable

MODEL_ID = re.compile(r"[^/@]+@\d+\.\d+\.\d+")
CLAIM_LINK = re.compile(
    r'href="(?:[^"]*/)?claims/([^/"#?]+)/(?:([^/"#?]+@\d+\.\d+\.\d+)/)?(?:index\.html)?(?:#[^"]*)?"'
)
SCORE_COLUMNS = {
    "statement": "input.statement",
    "recorded": "input.recorded",
    "state": "result.state",
    "probability": "result.probability",
    "reason": "result.reason",
    "stability": "result.stability.level",
    "stabilitySpread": "result.stability.spread",
    "coverage": "result.coverage.value",
    "gradient": "result.gradient.value",
    "gradientStatus": "result.gradient.status",
    "configHash": "configHash",
    "inputHash": "inputHash",
}
ABSENT = object()


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
    if trace.get("claim", ABSENT) != slug:
        problems.append(f"{path}: claim: is {shown(trace.get('claim'))}, but this is the address of claim {slug}'s trace")
    expected = model if model is not None else (default_model if commit is None else None)
    if expected is not None and trace.get("model", ABSENT) != expected:
        problems.append(f"{path}: model: is {shown(trace.get('model'))}, but this is the address of the trace under {expected}")
    return problems


def shown(value: Any) -> str:
    return json.dumps(value, default=str, ensure_ascii=False)


def value_at(trace: Any, path: str) -> Any:
    """A trace's value at a dotted path as a page shows it (text), None for null, ABSENT for none."""
    value = trace
    for key in path.split("."):
        if isinstance(value, dict) and key in value:
            value = value[key]
        elif isinstance(value, list) and key.isdigit() and int(key) < len(value):
            value = value[int(key)]
        else:
            return ABSENT
    if value is None:
        return None
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (str, int)):
        return str(value)
    if isinstance(value, (dict, list)):
        return ABSENT
    return str(value)


def text_of(fragment: str) -> str:
    """HTML as a reader reads it: tags dropped, entities decoded, white space collapsed, − as -."""
    text = html.unescape(re.sub(r"<[^>]*>", "", fragment))
    return re.sub(r"\s+", " ", text).replace("\u2212", "-").strip()


def words(state: str) -> str:
    return state.replace("-", " ")


def capital(state: str) -> str:
    w = words(state)
    return w[:1].upper() + w[1:]


def same(file: str, what: str, seen: str, expected: Any) -> list[str]:
    # A figure the trace does not have is shown in words (a dash, "no number"), never in digits.
    if (expected is None or expected is ABSENT) and not re.search(r"\d", seen):
        return []
    if expected is not ABSENT and seen == expected:
        return []
    return [f"{file}: {what}: the page shows {shown(seen)}, the trace holds {'none' if expected in (None, ABSENT) else shown(expected)}"]


def sentence_problems(file: str, what: str, text: str, trace: dict) -> list[str]:
    """The '<state>, probability <p> under <model>' sentence of a description or feed summary."""
    problems = []
    scored = re.match(r"([a-z-]+), probability (\S+?),? under (\S+@\d+\.\d+\.\d+)", text)
    unscored = re.match(r"([a-z-]+) under (\S+@\d+\.\d+\.\d+):", text)
    if scored:
        problems += same(file, f"{what} state", scored.group(1), value_at(trace, "result.state"))
        problems += same(file, f"{what} probability", scored.group(2), value_at(trace, "result.probability"))
        problems += same(file, f"{what} model", scored.group(3), value_at(trace, "model"))
    elif unscored:
        problems += same(file, f"{what} state", unscored.group(1), value_at(trace, "result.state"))
        if value_at(trace, "result.probability") is not None:
            problems.append(f"{file}: {what} probability: the page shows none, the trace holds a probability")
    return problems


def claim_page_problems(file: str, page: str, trace: dict) -> list[str]:
    problems = []
    for match in re.finditer(r'<[a-z0-9]+\b[^>]*\bdata-field="([^"]+)"[^>]*>([^<]*)<', page):
        path, seen = match.group(1), text_of(match.group(2))
        expected = value_at(trace, path)
        if expected is ABSENT:
            problems.append(f"{file}: {path}: the page marks a figure the trace does not have")
        else:
            problems += same(file, path, seen, re.sub(r"\s+", " ", expected or "").strip() if expected else expected)
    state = value_at(trace, "result.state")
    state = state if isinstance(state, str) else ""
    probability = value_at(trace, "result.probability")
    for match in re.finditer(r'<span class="[^"]*\bclaim-state\b[^"]*" data-state="([^"]*)">([^<]*)<', page):
        problems += same(file, "state badge (data-state)", match.group(1), state)
        problems += same(file, "state badge", text_of(match.group(2)), capital(state))
    summary = re.search(r'<p class="claim-summary">([^<]*)<', page)
    if summary:
        text = text_of(summary.group(1))
        expected = f"Not rated: {words(state)}" if probability is None else f"{capital(state)} ({probability}):"
        if not text.startswith(expected):
            problems.append(f"{file}: summary: the page shows {shown(text[: len(expected) + 20])}, the trace holds {shown(expected)}")
    for match in re.finditer(r'<meta (?:name|property)="([a-z:]*description)" content="([^"]*)"', page):
        problems += sentence_problems(file, f"<meta {match.group(1)}>", text_of(match.group(2)), trace)
    return problems


def row_problems(file: str, page: str, get: Callable[[str], dict | None]) -> list[str]:
    problems: list[str] = []
    for row in re.finditer(r"<tr\b[^>]*>.*?</tr>", page, re.S):
        text = row.group(0)
        if "claims/" not in text:
            continue
        cells = re.findall(r"<td\b([^>]*)>(.*?)</td>", text, re.S)
        outcomes = [c for c in cells if CLAIM_LINK.search(c[1]) and 'data-state="' in c[1]]
        if outcomes:
            for attrs, cell in outcomes:
                link = CLAIM_LINK.search(cell)
                trace = get(trace_at(link.group(1), link.group(2)))
                label = re.search(r'data-label="([^"]*)"', attrs)
                where = f"{link.group(1)} {label.group(1) if label else 'outcome'}"
                if trace is None:
                    problems.append(f"{file}: {where}: shows a claim no published trace holds")
                    continue
                problems += badge_problems(file, where, cell, trace)
                number = re.search(r'<a class="num-link"[^>]*>([^<]*)<', cell)
                if number:
                    problems += same(file, f"{where} probability", text_of(number.group(1)), value_at(trace, "result.probability"))
            continue
        link = CLAIM_LINK.search(text)
        if link is None:
            continue
        labelled = {}
        for attrs, cell in cells:
            label = re.search(r'data-label="([^"]*)"', attrs)
            labelled[label.group(1) if label else ""] = cell
        if "State" not in labelled and "Probability" not in labelled and not re.match(r"<tr\b[^>]*data-state=", text):
            continue
        trace = get(trace_at(link.group(1), link.group(2)))
        where = link.group(1) + (f" under {link.group(2)}" if link.group(2) else "")
        if trace is None:
            problems.append(f"{file}: {where}: shows a claim no published trace holds")
            continue
        attributes = re.match(r"<tr\b([^>]*)>", text).group(1)
        for name, path in (("state", "result.state"), ("probability", "result.probability"), ("coverage", "result.coverage.value")):
            found = re.search(rf'\bdata-{name}="([^"]*)"', attributes)
            if found:
                problems += same(file, f"{where} row data-{name}", found.group(1), value_at(trace, path))
        if "State" in labelled:
            problems += badge_problems(file, f"{where} State", labelled["State"], trace)

        def first_number(cell: str) -> str:
            t = text_of(cell)
            m = re.match(r"\s*([0-9][0-9.]*)", t)
            return m.group(1) if m else t

        scored = value_at(trace, "result.probability") is not None
        if "Probability" in labelled and scored:
            problems += same(file, f"{where} Probability", first_number(labelled["Probability"]), value_at(trace, "result.probability"))
        if "Stability" in labelled:
            problems += same(file, f"{where} Stability", text_of(labelled["Stability"]), value_at(trace, "result.stability.level"))
        if "Coverage" in labelled:
            counted = re.match(r"(\d+) of (\d+)", text_of(labelled["Coverage"]))
            if counted:
                problems += same(file, f"{where} Coverage (checks done)", counted.group(1), value_at(trace, "result.coverage.done"))
                problems += same(file, f"{where} Coverage (checks declared)", counted.group(2), value_at(trace, "result.coverage.declared"))
            else:
                problems += same(file, f"{where} Coverage", first_number(labelled["Coverage"]), value_at(trace, "result.coverage.value"))
        if "Gradient" in labelled and scored:
            problems += same(file, f"{where} Gradient", first_number(labelled["Gradient"]), value_at(trace, "result.gradient.value"))
    return problems


def badge_problems(file: str, where: str, cell: str, trace: dict) -> list[str]:
    badge = re.search(r'data-state="([^"]*)"[^>]*>([^<]*)<', cell)
    if badge is None:
        return []
    state = value_at(trace, "result.state")
    state = state if isinstance(state, str) else ""
    problems = same(file, f"{where} data-state", badge.group(1), state)
    if text_of(badge.group(2)).lower() != words(state).lower():
        problems.append(f"{file}: {where} state: the page shows {shown(text_of(badge.group(2)))}, the trace holds {shown(words(state))}")
    return problems


def claim_page_of(path: str) -> tuple[str, str | None] | None:
    match = re.fullmatch(r"claims/([^/]+)/(?:([^/]+@\d+\.\d+\.\d+)/)?index\.html", path)
    if match is None or match.group(1) == "history":
        return None
    return match.group(1), match.group(2)


def page_problems(paths: list[str], read: Callable[[str], bytes | None], traces: dict[str, dict]) -> list[str]:
    problems = []
    for path in paths:
        if not path.endswith(".html"):
            continue
        page = (read(path) or b"").decode("utf-8", "replace")
        if "claims/" not in page and "data-field" not in page:
            continue
        own = claim_page_of(path)
        if own is not None:
            trace = traces.get(trace_at(*own))
            if trace is None:
                problems.append(f"{path}: a claim page with no trace beside it")
            else:
                problems += claim_page_problems(path, page, trace)
        problems += row_problems(path, page, traces.get)
    return problems


def score_row_problems(file: str, where: str, row: dict, traces: dict[str, dict], seen: set[str]) -> list[str]:
    slug, model = row.get("claim"), row.get("model")
    if not isinstance(slug, str) or not isinstance(model, str):
        return [f"{file}: {where}: names no claim and model"]
    path = trace_at(slug, model)
    seen.add(path)
    trace = traces.get(path)
    if trace is None:
        return [f"{file}: {where}: shows {slug} under {model}, which has no published trace ({path})"]
    problems = []
    for column, field in SCORE_COLUMNS.items():
        if column not in row:
            continue
        value = row[column]
        value = value if value is None else str(value)
        expected = value_at(trace, field)
        expected = None if expected is ABSENT else expected
        if value != expected:
            problems.append(f"{file}: {where}.{column}: shows {shown(value)} for {slug} under {model}, its trace holds {shown(expected)}")
    return problems


def missing_rows(file: str, traces: dict[str, dict], seen: set[str]) -> list[str]:
    return [
        f"{file}: has no row for the trace {path}"
        for path in sorted(traces)
        if re.fullmatch(r"claims/[^/]+/[^/]+@[^/]+/trace\.json", path) and path not in seen
    ]


def download_problems(paths: list[str], read: Callable[[str], bytes | None], traces: dict[str, dict]) -> list[str]:
    problems: list[str] = []
    data = read("data/scores.json")
    if data is not None:
        try:
            rows = json.loads(data.decode("utf-8")).get("scores")
        except (ValueError, AttributeError) as error:
            rows = None
            problems.append(f"data/scores.json: not readable JSON: {error}")
        if isinstance(rows, list):
            seen: set[str] = set()
            for i, row in enumerate(rows):
                problems += score_row_problems("data/scores.json", f"scores[{i}]", row if isinstance(row, dict) else {}, traces, seen)
            problems += missing_rows("data/scores.json", traces, seen)
    data = read("data/scores.csv")
    if data is not None:
        reader = csv.reader(io.StringIO(data.decode("utf-8", "replace"), newline=""))
        header = next(reader, [])
        seen = set()
        for number, cells in enumerate(reader, start=2):
            row = {name: (cells[k] if k < len(cells) and cells[k] != "" else None) for k, name in enumerate(header)}
            problems += score_row_problems("data/scores.csv", f"row {number}", row, traces, seen)
        problems += missing_rows("data/scores.csv", traces, seen)
    data = read("data/claims.json")
    if data is not None:
        try:
            claims = json.loads(data.decode("utf-8")).get("claims")
        except (ValueError, AttributeError) as error:
            claims = []
            problems.append(f"data/claims.json: not readable JSON: {error}")
        for i, entry in enumerate(claims if isinstance(claims, list) else []):
            slug = entry.get("slug") if isinstance(entry, dict) else None
            trace = traces.get(trace_at(slug, None)) if isinstance(slug, str) else None
            if trace is None:
                problems.append(f"data/claims.json: claims[{i}]: names no claim with a published trace")
                continue
            if entry.get("inputHash") != trace.get("inputHash"):
                problems.append(
                    f"data/claims.json: claims[{i}].inputHash: shows {shown(entry.get('inputHash'))} for {slug}, "
                    f"its trace holds {shown(trace.get('inputHash'))}"
                )
            if json.loads(json.dumps(entry.get("claim"), default=str)) != json.loads(json.dumps(trace.get("input"), default=str)):
                problems.append(f"data/claims.json: claims[{i}].claim: differs from the input of {slug}'s trace")
    for path in paths:
        if re.fullmatch(r"feeds/[^/]+\.xml", path):
            problems += feed_problems(path, (read(path) or b"").decode("utf-8", "replace"), traces)
    return problems


def feed_problems(file: str, xml: str, traces: dict[str, dict]) -> list[str]:
    problems = []
    for entry in re.finditer(r"<entry>(.*?)</entry>", xml, re.S):
        body = entry.group(1)
        related = re.search(r'<link rel="related"[^>]*href="[^"]*?/(claims/[^"]+/trace\.json)"', body)
        own = re.search(r"<id>[^<]*?/claims/([^/<#]+)/</id>", body)
        path = related.group(1) if related else (trace_at(own.group(1), None) if own else None)
        if path is None:
            continue
        ident = re.search(r"<id>([^<]*)</id>", body)
        ident = ident.group(1) if ident else path
        trace = traces.get(path)
        if trace is None:
            problems.append(f"{file}: entry {ident}: is about {path}, which is not published")
            continue
        for part in ("summary", "content"):
            found = re.search(rf"<{part}[^>]*>([^<]*)</{part}>", body)
            if found:
                problems += sentence_problems(file, f"entry {ident} {part}", text_of(found.group(1)), trace)
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
