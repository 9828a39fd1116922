"""What a reader sees: a trace's figures as a page shows them, compared with the text of a page.

A trace must sit at its own address (claims/<slug>/<model>/trace.json holds that claim under that
model), every published claim must have a trace under every model data/scores.json names, and
every figure the pages (data-field figures, the state badge, the summary, descriptions, listing
and compare rows), the downloads (data/scores.json, data/scores.csv, data/claims.json) and the
Atom feeds show for a claim must equal its trace's. Written apart from the TypeScript verify,
from the published formats alone: this file holds what those checks share, ledger_addresses.py,
ledger_pages.py and ledger_downloads.py the checks themselves.
"""

from __future__ import annotations

import html
import json
import re
from typing import Any


ABSENT = object()


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
