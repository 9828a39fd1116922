"""The figures a site's downloads (data/scores.json, data/scores.csv, data/claims.json) and Atom feeds show, checked against the traces."""

from __future__ import annotations

import csv
import io
import json
import re
from typing import Callable

from ledger_addresses import trace_at
from ledger_shown import ABSENT, sentence_problems, shown, text_of, value_at


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
