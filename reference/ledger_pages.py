"""The figures a site's pages show for a claim (claim pages, listings, compare rows), checked against its trace."""

from __future__ import annotations

import re
from typing import Callable

from ledger_addresses import trace_at
from ledger_shown import ABSENT, capital, same, sentence_problems, shown, text_of, value_at, words


CLAIM_LINK = re.compile(
    r'href="(?:[^"]*/)?claims/([^/"#?]+)/(?:([^/"#?]+@\d+\.\d+\.\d+)/)?(?:index\.html)?(?:#[^"]*)?"'
)


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
        # A scored claim's sentence names its state with its band, then its probability:
        # "Uncertain (0.3 to below 0.7), at 0.6225: ..."; the state and the probability are checked.
        if probability is None:
            expected = f"Not rated: {words(state)}"
            says = text.startswith(expected)
        else:
            expected = f"{capital(state)} (\u2026), at {probability}:"
            at = re.match(r"[^()]*\([^()]*\), at ([^:\s]*):", text)
            says = text.startswith(f"{capital(state)} (") and at is not None and at.group(1) == probability
        if not says:
            problems.append(f"{file}: summary: the page shows {shown(text[: len(expected) + 30])}, the trace holds {shown(expected)}")
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
