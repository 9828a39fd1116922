#!/usr/bin/env python3
"""Reference implementation of the claim ledger's scoring algorithm.

This file is an independent re-implementation, written from docs/design.md
(sections 2 to 5; the site's /spec/ page) rather than translated from the TypeScript engine, so that
the two can be checked against each other. It uses only the Python standard
library.

Usage:
    python3 reference/ledger.py score <claim.json> --model <model.json>
    python3 reference/ledger.py verify <site-or-snapshot dir>
    python3 reference/ledger.py batch < cases.jsonl

Every number is read from a decimal string into decimal.Decimal and every
operation runs in one context (40 significant digits, half-even), never a
binary float. Rounding to k places happens only through ``round_to``.
"""

from __future__ import annotations

import argparse
import csv
import hashlib
import html
import io
import json
import os
import re
import sys
from dataclasses import dataclass
from decimal import (
    MAX_EMAX,
    MAX_PREC,
    MIN_EMIN,
    ROUND_HALF_EVEN,
    ROUND_HALF_UP,
    Context,
    Decimal,
    DecimalException,
    DivisionByZero,
    InvalidOperation,
    Overflow,
)
from pathlib import Path
from typing import Any, Callable

TRACE_FORMAT = 1

# One home for the number system. 40 significant digits for every +, -, x, /,
# ln and exp. The exponent range is widened to the maximum so that, like
# decimal.js (whose exponent limit is about 9e15), exp() of a large log-odds
# does not overflow where the engine would still return a finite number.
CTX = Context(
    prec=40,
    rounding=ROUND_HALF_EVEN,
    Emax=MAX_EMAX,
    Emin=MIN_EMIN,
    traps=[InvalidOperation, DivisionByZero, Overflow],
)

# Quantizing to k decimal places must not be limited by the 40-digit
# precision (decimal.js's toDecimalPlaces is not), so it gets its own context.
QUANTIZE_CTX = Context(prec=MAX_PREC, Emax=MAX_EMAX, Emin=MIN_EMIN, traps=[InvalidOperation])

ROUNDING_MODES = {"half-even": ROUND_HALF_EVEN, "half-up": ROUND_HALF_UP}
INDEPENDENCE_STRATEGIES = ("strongest-per-group-and-direction", "count-every-link")
DIRECTIONS = ("supports", "opposes")

INSUFFICIENT_REASON = (
    "No counted evidence link has a weight above 0, so nothing has borne on the claim yet."
)

# A finite decimal in plain or exponent notation. ASCII digits only: Python's
# Decimal() would also accept "NaN", "Infinity", "1_000", " 1 " and Unicode
# digits, none of which is a decimal string in the ledger's sense.
DECIMAL_PATTERN = re.compile(r"[+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][+-]?[0-9]+)?")


class LedgerError(Exception):
    """A problem with the input, reported to the user as one clear message."""


# ---------------------------------------------------------------------------
# Numbers
# ---------------------------------------------------------------------------


def parse_decimal(value: Any, where: str) -> Decimal:
    """Read a decimal string exactly; ``where`` names the field for errors."""
    if not isinstance(value, str):
        raise LedgerError(f"{where}: must be a decimal string, got {describe(value)}")
    if not DECIMAL_PATTERN.fullmatch(value):
        raise LedgerError(f"{where}: {value!r} is not a decimal number")
    return Decimal(value)


def parse_places(value: Any, where: str) -> int:
    """Read a count of decimal places: a whole number from 0 to 1000."""
    number = parse_decimal(value, where)
    if number != number.to_integral_value() or number < 0 or number > 1000:
        raise LedgerError(f"{where}: must be a whole number from 0 to 1000, got {value!r}")
    return int(number)


def round_to(x: Decimal, places: int, mode: str) -> Decimal:
    """round_k: quantize ``x`` to ``places`` decimal places with the model's mode.

    ROUND_HALF_UP rounds ties away from zero, for negative numbers too. A
    negative zero is turned into a plain zero so that it never prints as
    "-0.000000".
    """
    rounded = x.quantize(Decimal(1).scaleb(-places), rounding=ROUNDING_MODES[mode], context=QUANTIZE_CTX)
    if rounded.is_zero():
        rounded = rounded.copy_abs()
    return rounded


def fixed(x: Decimal) -> str:
    """Write an already-rounded decimal in plain notation, keeping its places."""
    return format(x, "f")


def plain(x: Decimal) -> str:
    """Write an exact decimal in plain notation with no trailing zeros ("0", never "-0").

    The working shows exact intermediate values this way; rounded figures use
    ``fixed`` and keep their places.
    """
    text = format(x, "f")
    if "." in text:
        text = text.rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def logistic(x: Decimal) -> Decimal:
    """1 / (1 + e^(-x)): exp of the negated value, then 1 + that, then 1 / that."""
    return CTX.divide(Decimal(1), CTX.add(Decimal(1), CTX.exp(CTX.minus(x))))


# ---------------------------------------------------------------------------
# Canonical JSON (RFC 8785) and hashes
# ---------------------------------------------------------------------------

_ESCAPES = {'"': '\\"', "\\": "\\\\", "\b": "\\b", "\t": "\\t", "\n": "\\n", "\f": "\\f", "\r": "\\r"}
# Characters JSON.stringify escapes: quote, backslash, C0 controls and lone
# surrogates (a Python str from json.loads holds surrogates only when unpaired).
_NEEDS_ESCAPE = re.compile('["\\\\\x00-\x1f\ud800-\udfff]')


def _escape_char(match: re.Match[str]) -> str:
    char = match.group(0)
    return _ESCAPES.get(char) or f"\\u{ord(char):04x}"


def canonical_string(text: str) -> str:
    """A JSON string literal exactly as JSON.stringify (and so JCS) writes it."""
    return '"' + _NEEDS_ESCAPE.sub(_escape_char, text) + '"'


def _utf16_key(key: str) -> bytes:
    # Big-endian UTF-16 bytes compare in the same order as UTF-16 code units.
    return key.encode("utf-16-be", "surrogatepass")


def canonical_json(value: Any, where: str = "$") -> str:
    """RFC 8785 canonical JSON: keys sorted by UTF-16 code units, no whitespace.

    Models and claims hold only strings, arrays, objects and null; booleans and
    safe integers are accepted too. Any other number is refused, because the
    ledger writes every decimal as a string so that all languages hash the same
    bytes.
    """
    if value is None:
        return "null"
    if value is True:
        return "true"
    if value is False:
        return "false"
    if isinstance(value, str):
        return canonical_string(value)
    if isinstance(value, int) and abs(value) <= 2**53 - 1:
        return str(value)
    if isinstance(value, list):
        return "[" + ",".join(canonical_json(item, f"{where}[{i}]") for i, item in enumerate(value)) + "]"
    if isinstance(value, dict):
        keys = sorted(value, key=_utf16_key)
        return "{" + ",".join(
            canonical_string(key) + ":" + canonical_json(value[key], f"{where}.{key}") for key in keys
        ) + "}"
    raise LedgerError(f"{where}: cannot be hashed: numbers must be written as decimal strings")


def sha256_hex(data: bytes) -> str:
    """'sha256:' followed by the lower-case hex SHA-256 of ``data``."""
    return "sha256:" + hashlib.sha256(data).hexdigest()


def hash_canonical(value: Any) -> str:
    """configHash / inputHash: SHA-256 over the UTF-8 bytes of the canonical JSON."""
    return sha256_hex(canonical_json(value).encode("utf-8", "surrogatepass"))


def code_hash() -> str:
    """codeHash of the reference: SHA-256 of this file's bytes (never compared)."""
    return sha256_hex(Path(__file__).read_bytes())


# ---------------------------------------------------------------------------
# Reading a model and a claim
# ---------------------------------------------------------------------------


def describe(value: Any) -> str:
    """A short name for a JSON value's type, for error messages."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, (int, float, Decimal)):
        return "a number"
    if isinstance(value, list):
        return "an array"
    if isinstance(value, dict):
        return "an object"
    return type(value).__name__


def need(obj: dict, key: str, kind: type | tuple, where: str) -> Any:
    """obj[key], checked to be present and of JSON type ``kind`` (NoneType allows null)."""
    label = f"{where}.{key}" if where else key
    if key not in obj:
        raise LedgerError(f"{label}: is required")
    value = obj[key]
    kinds = kind if isinstance(kind, tuple) else (kind,)
    if not isinstance(value, kinds):
        wanted = " or ".join("null" if k is type(None) else describe(k()) for k in kinds)
        raise LedgerError(f"{label}: must be {wanted}, got {describe(value)}")
    return value


def need_decimal(obj: dict, key: str, where: str) -> Decimal:
    """obj[key], checked to be present and read as a decimal string."""
    label = f"{where}.{key}" if where else key
    if key not in obj:
        raise LedgerError(f"{label}: is required")
    return parse_decimal(obj[key], label)


def decimal_table(model: dict, key: str) -> dict[str, Decimal]:
    """A model table of label -> decimal string (relevance, observation, ...)."""
    table = need(model, key, dict, "")
    return {label: parse_decimal(value, f"{key}.{label}") for label, value in table.items()}


@dataclass
class Model:
    """A scoring model with every number read into a Decimal."""

    id: str
    relevance: dict[str, Decimal]
    observation: dict[str, Decimal]
    step_cost: Decimal
    interpretation_floor: Decimal
    authenticity: dict[str, Decimal]
    extraction: dict[str, Decimal]
    independence: str
    priors: dict[str, Decimal]
    not_scored: dict[str, str]
    states: list[tuple[Decimal, str]]
    mode: str
    weight_places: int
    probability_places: int
    coverage_places: int
    scales: list[Decimal]
    stability_high: Decimal
    stability_medium: Decimal
    min_groups_for_high: Decimal
    checks: list[str]
    gradient_floor: Decimal
    neutral: Decimal
    true_from: Decimal
    false_to: Decimal


def read_model(raw: Any) -> Model:
    """Check a model object (docs/design.md §2, canonical JSON form) and read its numbers."""
    if not isinstance(raw, dict):
        raise LedgerError(f"model: must be an object, got {describe(raw)}")
    name = need(raw, "name", str, "")
    version = need(raw, "version", str, "")
    for key in ("released", "summary"):
        need(raw, key, str, "")
    need(raw, "basedOn", (str, type(None)), "")
    need(raw, "changes", list, "")

    interpretation = need(raw, "interpretation", dict, "")
    independence = need(raw, "independence", str, "")
    if independence not in INDEPENDENCE_STRATEGIES:
        raise LedgerError(f"independence: must be one of {', '.join(INDEPENDENCE_STRATEGIES)}, got {independence!r}")

    not_scored = need(raw, "notScored", dict, "")
    for key, reason in not_scored.items():
        if not isinstance(reason, str):
            raise LedgerError(f"notScored.{key}: must be a string, got {describe(reason)}")

    states_raw = need(raw, "states", list, "")
    if not states_raw:
        raise LedgerError("states: must list at least one state")
    states = []
    for i, entry in enumerate(states_raw):
        if not isinstance(entry, dict):
            raise LedgerError(f"states[{i}]: must be an object, got {describe(entry)}")
        states.append((need_decimal(entry, "from", f"states[{i}]"), need(entry, "state", str, f"states[{i}]")))

    rounding = need(raw, "rounding", dict, "")
    mode = need(rounding, "mode", str, "rounding")
    if mode not in ROUNDING_MODES:
        raise LedgerError(f"rounding.mode: must be half-even or half-up, got {mode!r}")

    stability = need(raw, "stability", dict, "")
    scales = need(stability, "scales", list, "stability")
    if not scales:
        raise LedgerError("stability.scales: must list at least one scale")

    checks = need(need(raw, "review", dict, ""), "checks", list, "review")
    for i, check in enumerate(checks):
        if not isinstance(check, str):
            raise LedgerError(f"review.checks[{i}]: must be a string, got {describe(check)}")

    gradient = need(raw, "gradient", dict, "")
    return Model(
        id=f"{name}@{version}",
        relevance=decimal_table(raw, "relevance"),
        observation=decimal_table(raw, "observation"),
        step_cost=need_decimal(interpretation, "stepCost", "interpretation"),
        interpretation_floor=need_decimal(interpretation, "floor", "interpretation"),
        authenticity=decimal_table(raw, "authenticity"),
        extraction=decimal_table(raw, "extraction"),
        independence=independence,
        priors=decimal_table(raw, "priors"),
        not_scored=not_scored,
        states=states,
        mode=mode,
        weight_places=parse_places(need(rounding, "weight", str, "rounding"), "rounding.weight"),
        probability_places=parse_places(need(rounding, "probability", str, "rounding"), "rounding.probability"),
        coverage_places=parse_places(need(rounding, "coverage", str, "rounding"), "rounding.coverage"),
        scales=[parse_decimal(s, f"stability.scales[{i}]") for i, s in enumerate(scales)],
        stability_high=need_decimal(stability, "high", "stability"),
        stability_medium=need_decimal(stability, "medium", "stability"),
        min_groups_for_high=need_decimal(stability, "minGroupsForHigh", "stability"),
        checks=list(checks),
        gradient_floor=need_decimal(gradient, "floor", "gradient"),
        neutral=need_decimal(gradient, "neutral", "gradient"),
        true_from=need_decimal(gradient, "trueFrom", "gradient"),
        false_to=need_decimal(gradient, "falseTo", "gradient"),
    )


@dataclass
class Link:
    """One evidence link, as far as the arithmetic needs it."""

    id: str
    source: str
    direction: str
    relevance: str
    observation: str
    steps: Decimal
    authenticity: str
    extraction: str


@dataclass
class Claim:
    """The parts of a normalised claim that the algorithm reads."""

    type: str
    author: str
    links: list[Link]
    reviews: list[tuple[str, str]]  # (check, by)
    votes: list[tuple[Decimal, Decimal]]  # (reputation, value)


def read_claim(raw: Any) -> Claim:
    """Check a normalised claim (a trace's ``input``) and read what scoring uses.

    Fields the arithmetic does not read (statement, passages, dates, ...) are
    only hashed, so beyond their presence they are left to the site's checker.
    """
    if not isinstance(raw, dict):
        raise LedgerError(f"claim: must be an object, got {describe(raw)}")
    for key in ("statement", "recorded"):
        need(raw, key, str, "")
    need(raw, "note", (str, type(None)), "")
    need(raw, "sources", list, "")
    # Optional, and present only when the claim file gives them: who made the claim and where.
    # Only hashed (as the rest of the input is), so a claim without them keeps its inputHash.
    if "claimant" in raw:
        claimant = need(raw, "claimant", dict, "")
        need(claimant, "name", str, "claimant")
        need(claimant, "url", (str, type(None)), "claimant")
    if "appearances" in raw:
        for i, item in enumerate(need(raw, "appearances", list, "")):
            if not isinstance(item, dict):
                raise LedgerError(f"appearances[{i}]: must be an object, got {describe(item)}")
            for key in ("url", "date"):
                need(item, key, str, f"appearances[{i}]")
    links = []
    for i, item in enumerate(need(raw, "evidence", list, "")):
        where = f"evidence[{i}]"
        if not isinstance(item, dict):
            raise LedgerError(f"{where}: must be an object, got {describe(item)}")
        direction = need(item, "direction", str, where)
        if direction not in DIRECTIONS:
            raise LedgerError(f"{where}.direction: must be supports or opposes, got {direction!r}")
        links.append(
            Link(
                id=need(item, "id", str, where),
                source=need(item, "source", str, where),
                direction=direction,
                relevance=need(item, "relevance", str, where),
                observation=need(item, "observation", str, where),
                steps=need_decimal(item, "interpretationSteps", where),
                authenticity=need(item, "authenticity", str, where),
                extraction=need(item, "extraction", str, where),
            )
        )
    reviews = []
    for i, item in enumerate(need(raw, "reviews", list, "")):
        where = f"reviews[{i}]"
        if not isinstance(item, dict):
            raise LedgerError(f"{where}: must be an object, got {describe(item)}")
        reviews.append((need(item, "check", str, where), need(item, "by", str, where)))
    votes = []
    for i, item in enumerate(need(raw, "votes", list, "")):
        where = f"votes[{i}]"
        if not isinstance(item, dict):
            raise LedgerError(f"{where}: must be an object, got {describe(item)}")
        votes.append(
            (
                need_decimal(item, "reputation", where),
                need_decimal(item, "value", where),
            )
        )
    return Claim(
        type=need(raw, "type", str, ""),
        author=need(raw, "author", str, ""),
        links=links,
        reviews=reviews,
        votes=votes,
    )


# ---------------------------------------------------------------------------
# The algorithm, one function per step of docs/design.md §4
# ---------------------------------------------------------------------------


def step1_not_applicable_reason(claim: Claim, model: Model) -> str | None:
    """Step 1: a claim whose type has no prior is not scored; return why, else None."""
    if claim.type in model.priors:
        return None
    return model.not_scored.get(claim.type, f"this model does not score claims of type {claim.type}")


def factor(table: dict[str, Decimal], label: str, table_name: str, where: str, model: Model) -> Decimal:
    """Look a link's label up in one of the model's factor tables."""
    if label not in table:
        raise LedgerError(f"{where}.{table_name}: {label!r} is not a {table_name} level of model {model.id}")
    return table[label]


def interpretation_factor(steps: Decimal, model: Model) -> Decimal:
    """Step 2's interpretation factor: max(floor, 1 - stepCost x steps)."""
    return max(model.interpretation_floor, CTX.subtract(Decimal(1), CTX.multiply(model.step_cost, steps)))


def step2_link_weight(link: Link, index: int, model: Model) -> Decimal:
    """Step 2: the rounded, unsigned weight of one link.

    round_w(((((relevance x observation) x interpretation) x authenticity) x extraction)),
    multiplied in exactly that order. The direction's sign is applied later.
    """
    where = f"evidence[{index}]"
    product = CTX.multiply(
        factor(model.relevance, link.relevance, "relevance", where, model),
        factor(model.observation, link.observation, "observation", where, model),
    )
    product = CTX.multiply(product, interpretation_factor(link.steps, model))
    product = CTX.multiply(product, factor(model.authenticity, link.authenticity, "authenticity", where, model))
    product = CTX.multiply(product, factor(model.extraction, link.extraction, "extraction", where, model))
    return round_to(product, model.weight_places, model.mode)


def step3_independence(links: list[Link], weights: list[Decimal], model: Model) -> list[tuple[bool, str | None]]:
    """Step 3: for each link, (kept, keptLink).

    Under strongest-per-group-and-direction the links are grouped by
    (source, direction); in each group the largest rounded weight is kept,
    ties going to the first in file order, and every other member names the
    kept link. Under count-every-link every link is kept.
    """
    if model.independence == "count-every-link":
        return [(True, None) for _ in links]
    strongest: dict[tuple[str, str], int] = {}
    for i, link in enumerate(links):
        key = (link.source, link.direction)
        # Strictly greater, so that an equal weight later in the file loses the tie.
        if key not in strongest or weights[i] > weights[strongest[key]]:
            strongest[key] = i
    decisions: list[tuple[bool, str | None]] = []
    for i, link in enumerate(links):
        kept_index = strongest[(link.source, link.direction)]
        decisions.append((True, None) if kept_index == i else (False, links[kept_index].id))
    return decisions


def step4_insufficient(weights: list[Decimal], decisions: list[tuple[bool, str | None]]) -> bool:
    """Step 4: True when no kept link has a weight above 0."""
    return not any(kept and weight > 0 for weight, (kept, _) in zip(weights, decisions))


def step5_prior_log_odds(claim: Claim, model: Model) -> Decimal:
    """Step 5: round_w(ln(p / (1 - p))) for the prior p of the claim's type."""
    p = model.priors[claim.type]
    try:
        log_odds = CTX.ln(CTX.divide(p, CTX.subtract(Decimal(1), p)))
    except DecimalException:
        raise LedgerError(f"priors.{claim.type}: the prior must lie strictly between 0 and 1, got {p}") from None
    return round_to(log_odds, model.weight_places, model.mode)


def kept_sum(links: list[Link], weights: list[Decimal], decisions: list[tuple[bool, str | None]]) -> Decimal:
    """The signed sum of kept weights, accumulated in file order (steps 6 and 8)."""
    total = Decimal(0)
    for link, weight, (kept, _) in zip(links, weights, decisions):
        if kept:
            total = CTX.add(total, weight) if link.direction == "supports" else CTX.subtract(total, weight)
    return total


def step6_posterior_log_odds(prior: Decimal, signed_sum: Decimal) -> Decimal:
    """Step 6: prior log-odds + kept supporting weights - kept opposing weights."""
    return CTX.add(prior, signed_sum)


def step7_probability_and_state(x: Decimal, model: Model) -> tuple[Decimal, str]:
    """Step 7: round_p(logistic(x)), and the last state whose ``from`` <= it."""
    probability = round_to(logistic(x), model.probability_places, model.mode)
    state = None
    for lower_bound, name in model.states:
        if lower_bound <= probability:
            state = name
    if state is None:
        raise LedgerError(f"states: no state starts at or below the probability {fixed(probability)}")
    return probability, state


@dataclass
class Stability:
    """Step 8's figures: each (scale, log-odds, rounded probability), the spread and the levels."""

    rescores: list[tuple[Decimal, Decimal, Decimal]]
    spread: Decimal
    measured: str
    sources: int
    capped: bool
    level: str


def step8_stability(
    prior: Decimal,
    signed_sum: Decimal,
    links: list[Link],
    weights: list[Decimal],
    decisions: list[tuple[bool, str | None]],
    model: Model,
) -> Stability:
    """Step 8: re-score with the kept weights scaled, and read the spread.

    Each scale s gives round_p(logistic(prior + s x keptSum)); the spread is
    the largest minus the smallest. Fewer distinct sources among the counted
    links than minGroupsForHigh caps ``high`` at ``medium``, where a counted
    link is a kept link whose weight is above 0 (a link that moves no number
    is no source the number rests on).
    """
    rescores = []
    for scale in model.scales:
        log_odds = CTX.add(prior, CTX.multiply(scale, signed_sum))
        rescores.append((scale, log_odds, round_to(logistic(log_odds), model.probability_places, model.mode)))
    probabilities = [probability for _, _, probability in rescores]
    spread = round_to(CTX.subtract(max(probabilities), min(probabilities)), model.probability_places, model.mode)
    if spread <= model.stability_high:
        measured = "high"
    elif spread <= model.stability_medium:
        measured = "medium"
    else:
        measured = "low"
    distinct_sources = {
        link.source for link, weight, (kept, _) in zip(links, weights, decisions) if kept and weight > 0
    }
    capped = measured == "high" and len(distinct_sources) < model.min_groups_for_high
    return Stability(rescores, spread, measured, len(distinct_sources), capped, "medium" if capped else measured)


def step9_coverage(claim: Claim, model: Model) -> tuple[int, int, Decimal]:
    """Step 9: (done, declared, round_c(done / declared)).

    A review counts when the model declares its check and it was done by
    someone other than the claim's author; a declared check is done when at
    least one review of it counts.
    """
    counted = {check for check, by in claim.reviews if check in model.checks and by != claim.author}
    declared = len(model.checks)
    done = sum(1 for check in model.checks if check in counted)
    if declared == 0:
        raise LedgerError(f"review.checks: model {model.id} declares no checks, so coverage k of 0 is undefined")
    value = round_to(CTX.divide(Decimal(done), Decimal(declared)), model.coverage_places, model.mode)
    return done, declared, value


def vote_weight(reputation: Decimal, model: Model) -> Decimal:
    """Step 10's vote weight: round_w(max(floor, ln(1 + max(0, reputation))))."""
    log = CTX.ln(CTX.add(Decimal(1), max(Decimal(0), reputation)))
    return round_to(max(model.gradient_floor, log), model.weight_places, model.mode)


def step10_gradient(claim: Claim, model: Model) -> tuple[Decimal, str]:
    """Step 10: the community gradient G and its status.

    G = round_p(sum(value x weight) / sum(weight)), both sums accumulated in
    vote order. With no votes G is round_p(neutral) with status no-votes.
    """
    if not claim.votes:
        return round_to(model.neutral, model.probability_places, model.mode), "no-votes"
    weighted = Decimal(0)
    total = Decimal(0)
    for reputation, value in claim.votes:
        weight = vote_weight(reputation, model)
        weighted = CTX.add(weighted, CTX.multiply(value, weight))
        total = CTX.add(total, weight)
    if total.is_zero():
        raise LedgerError(f"votes: every vote weighs 0 under model {model.id}, so the gradient is undefined")
    gradient = round_to(CTX.divide(weighted, total), model.probability_places, model.mode)
    if gradient >= model.true_from:
        status = "consensus-true"
    elif gradient <= model.false_to:
        status = "consensus-false"
    else:
        status = "contested"
    return gradient, status


# ---------------------------------------------------------------------------
# One claim under one model -> one trace
# ---------------------------------------------------------------------------


def compute_result(claim: Claim, model: Model) -> tuple[list[dict], dict]:
    """Run steps 1 to 10 and return the trace's ``links`` and ``result``."""
    # Links are weighed and grouped for every claim, even one that is not scored.
    weights = [step2_link_weight(link, i, model) for i, link in enumerate(claim.links)]
    decisions = step3_independence(claim.links, weights, model)
    links = [
        {"id": link.id, "weight": fixed(weight), "kept": kept, "keptLink": kept_link}
        for link, weight, (kept, kept_link) in zip(claim.links, weights, decisions)
    ]

    # Coverage and gradient are reported for every claim, refusals included.
    done, declared, coverage = step9_coverage(claim, model)
    gradient, gradient_status = step10_gradient(claim, model)
    result = {
        "state": None,
        "probability": None,
        "posteriorLogOdds": None,
        "reason": None,
        "stability": None,
        "coverage": {"done": done, "declared": declared, "value": fixed(coverage)},
        "gradient": {"value": fixed(gradient), "status": gradient_status},
    }

    reason = step1_not_applicable_reason(claim, model)
    if reason is not None:
        result.update(state="not-applicable", reason=reason)
        return links, result
    if step4_insufficient(weights, decisions):
        result.update(state="insufficient-evidence", reason=INSUFFICIENT_REASON)
        return links, result

    prior = step5_prior_log_odds(claim, model)
    signed_sum = kept_sum(claim.links, weights, decisions)
    x = step6_posterior_log_odds(prior, signed_sum)
    probability, state = step7_probability_and_state(x, model)
    stability = step8_stability(prior, signed_sum, claim.links, weights, decisions, model)
    result.update(
        state=state,
        probability=fixed(probability),
        posteriorLogOdds=fixed(round_to(x, model.weight_places, model.mode)),
        stability={"spread": fixed(stability.spread), "level": stability.level},
    )
    return links, result


# The working: every intermediate figure, laid out as the site's engine lays it
# out (docs/design.md §5 leaves the layout to the engine), each figure recomputed here
# from the steps above so that the two can be compared string by string.


def link_working(link: Link, index: int, kept: bool, kept_link: str | None, model: Model) -> dict:
    """One link's levels, factors, exact product, rounded and signed weight, and whether it counts."""
    where = f"evidence[{index}]"
    levels = {
        name: (label, factor(getattr(model, name), label, name, where, model))
        for name, label in (
            ("relevance", link.relevance),
            ("observation", link.observation),
            ("authenticity", link.authenticity),
            ("extraction", link.extraction),
        )
    }
    raw = CTX.subtract(Decimal(1), CTX.multiply(model.step_cost, link.steps))
    interpretation = interpretation_factor(link.steps, model)
    product = CTX.multiply(levels["relevance"][1], levels["observation"][1])
    product = CTX.multiply(product, interpretation)
    product = CTX.multiply(product, levels["authenticity"][1])
    product = CTX.multiply(product, levels["extraction"][1])
    weight = step2_link_weight(link, index, model)
    weight_text = fixed(weight)
    opposed = weight_text if weight.is_zero() else f"-{weight_text}"
    shown = {name: {"level": label, "factor": plain(value)} for name, (label, value) in levels.items()}
    return {
        "id": link.id,
        "source": link.source,
        "direction": link.direction,
        "relevance": shown["relevance"],
        "observation": shown["observation"],
        "interpretation": {"steps": plain(link.steps), "raw": plain(raw), "factor": plain(interpretation)},
        "authenticity": shown["authenticity"],
        "extraction": shown["extraction"],
        "product": plain(product),
        "weight": weight_text,
        "signedWeight": weight_text if link.direction == "supports" else opposed,
        "kept": kept,
        "keptLink": kept_link,
    }


def groups_working(links: list[Link], decisions: list[tuple[bool, str | None]]) -> list[dict]:
    """The (source, direction) groups in order of first appearance, with the links that count."""
    groups: dict[tuple[str, str], dict] = {}
    for link, (kept, _) in zip(links, decisions):
        group = groups.setdefault(
            (link.source, link.direction), {"source": link.source, "direction": link.direction, "links": [], "kept": []}
        )
        group["links"].append(link.id)
        if kept:
            group["kept"].append(link.id)
    return list(groups.values())


def coverage_working(raw_claim: dict, claim: Claim, model: Model) -> dict:
    """Step 9's working: each declared check done or not, and each review's status."""
    reviews = []
    for raw_review, (check, by) in zip(raw_claim["reviews"], claim.reviews):
        status = "not-declared" if check not in model.checks else "by-author" if by == claim.author else "counted"
        reviews.append({**raw_review, "status": status})
    counted = {review["check"] for review in reviews if review["status"] == "counted"}
    done, declared, value = step9_coverage(claim, model)
    return {
        "checks": [{"check": check, "done": check in counted} for check in model.checks],
        "reviews": reviews,
        "done": done,
        "declared": declared,
        "value": fixed(value),
    }


def gradient_working(raw_claim: dict, claim: Claim, model: Model) -> dict:
    """Step 10's working: each vote's ln(1 + r), weight and weighted value, the totals, G."""
    votes = []
    total_weight = Decimal(0)
    total_weighted = Decimal(0)
    for raw_vote, (reputation, value) in zip(raw_claim["votes"], claim.votes):
        weight = vote_weight(reputation, model)
        weighted = CTX.multiply(value, weight)
        total_weight = CTX.add(total_weight, weight)
        total_weighted = CTX.add(total_weighted, weighted)
        votes.append(
            {
                "voter": raw_vote["voter"],
                "reputation": raw_vote["reputation"],
                "value": raw_vote["value"],
                "lnOnePlusReputation": plain(CTX.ln(CTX.add(Decimal(1), max(Decimal(0), reputation)))),
                "weight": fixed(weight),
                "weighted": plain(weighted),
            }
        )
    gradient, status = step10_gradient(claim, model)
    return {
        "votes": votes,
        "totalWeight": fixed(round_to(total_weight, model.weight_places, model.mode)),
        "totalWeighted": plain(total_weighted),
        "value": fixed(gradient),
        "status": status,
    }


def compute_working(raw_claim: dict, claim: Claim, model: Model) -> dict:
    """Every intermediate value of steps 1 to 10, in the layout of the published ``working``."""
    weights = [step2_link_weight(link, i, model) for i, link in enumerate(claim.links)]
    decisions = step3_independence(claim.links, weights, model)
    reason = step1_not_applicable_reason(claim, model)
    working: dict[str, Any] = {
        "type": claim.type,
        "applicable": reason is None,
        "notScoredReason": reason,
        "links": [
            link_working(link, i, kept, kept_link, model)
            for i, (link, (kept, kept_link)) in enumerate(zip(claim.links, decisions))
        ],
        "independence": model.independence,
        "groups": groups_working(claim.links, decisions),
        "prior": None,
        "sum": None,
        "probability": None,
        "state": None,
        "stability": None,
        "coverage": coverage_working(raw_claim, claim, model),
        "gradient": gradient_working(raw_claim, claim, model),
        "rounding": {
            "mode": model.mode,
            "weight": model.weight_places,
            "probability": model.probability_places,
            "coverage": model.coverage_places,
        },
    }
    if reason is not None:
        return working
    prior = step5_prior_log_odds(claim, model)
    working["prior"] = {"probability": plain(model.priors[claim.type]), "logOdds": fixed(prior)}
    if step4_insufficient(weights, decisions):
        return working
    supporting = opposing = Decimal(0)
    for link, weight, (kept, _) in zip(claim.links, weights, decisions):
        if kept and link.direction == "supports":
            supporting = CTX.add(supporting, weight)
        elif kept:
            opposing = CTX.add(opposing, weight)
    signed_sum = kept_sum(claim.links, weights, decisions)
    x = step6_posterior_log_odds(prior, signed_sum)
    sums = (("supporting", supporting), ("opposing", opposing), ("kept", signed_sum), ("posteriorLogOdds", x))
    working["sum"] = {name: fixed(round_to(value, model.weight_places, model.mode)) for name, value in sums}
    probability, state = step7_probability_and_state(x, model)
    working["probability"] = {"logistic": plain(logistic(x)), "rounded": fixed(probability)}
    index = max(i for i, (lower_bound, _) in enumerate(model.states) if lower_bound <= probability)
    assert model.states[index][1] == state
    working["state"] = {
        "index": index,
        "thresholds": [{"from": plain(lower_bound), "state": name} for lower_bound, name in model.states],
    }
    stability = step8_stability(prior, signed_sum, claim.links, weights, decisions, model)
    working["stability"] = {
        "rescores": [
            {"scale": plain(scale), "logOdds": plain(log_odds), "probability": fixed(p)}
            for scale, log_odds, p in stability.rescores
        ],
        "spread": fixed(stability.spread),
        "measuredLevel": stability.measured,
        "sources": stability.sources,
        "minGroupsForHigh": int(model.min_groups_for_high),
        "capped": stability.capped,
        "level": stability.level,
    }
    return working


def score(raw_claim: Any, raw_model: Any, slug: str, code: str | None = None) -> dict:
    """Score a normalised claim under a model (both as parsed JSON) into a trace."""
    model = read_model(raw_model)
    claim = read_claim(raw_claim)
    config_hash = hash_canonical(raw_model)
    input_hash = hash_canonical(raw_claim)
    try:
        links, result = compute_result(claim, model)
        working = compute_working(raw_claim, claim, model)
    except DecimalException as error:  # e.g. ln of a negative number from an odd model
        raise LedgerError(f"arithmetic failed under model {model.id}: {type(error).__name__}") from None
    return {
        "traceFormat": TRACE_FORMAT,
        "claim": slug,
        "model": model.id,
        "configHash": config_hash,
        "inputHash": input_hash,
        "codeHash": code if code is not None else code_hash(),
        "links": links,
        "result": result,
        "input": raw_claim,
        "working": working,
    }


# ---------------------------------------------------------------------------
# Files and commands
# ---------------------------------------------------------------------------


def _reject_constant(name: str) -> Any:
    raise ValueError(f"{name} is not valid JSON")


def parse_json(text: str) -> Any:
    """Parse JSON without ever producing a binary float."""
    return json.loads(text, parse_float=Decimal, parse_constant=_reject_constant)


def read_json_file(path: Path) -> Any:
    """Read and parse a JSON file, turning every failure into a LedgerError naming it."""
    try:
        text = path.read_bytes().decode("utf-8")
    except FileNotFoundError:
        raise LedgerError(f"{path}: file not found") from None
    except IsADirectoryError:
        raise LedgerError(f"{path}: is a directory, not a file") from None
    except OSError as error:
        raise LedgerError(f"{path}: cannot read: {error.strerror or error}") from None
    except UnicodeDecodeError as error:
        raise LedgerError(f"{path}: not UTF-8 text (byte {error.start})") from None
    try:
        return parse_json(text)
    except json.JSONDecodeError as error:
        raise LedgerError(f"{path}:{error.lineno}: invalid JSON: {error.msg}") from None
    except (ValueError, RecursionError) as error:
        raise LedgerError(f"{path}: invalid JSON: {error}") from None


def dump_json(value: Any, indent: int | None = None) -> str:
    """Write JSON with raw UTF-8 where possible (escaped only for lone surrogates)."""
    separators = None if indent is not None else (",", ":")
    text = json.dumps(value, indent=indent, separators=separators, ensure_ascii=False)
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        text = json.dumps(value, indent=indent, separators=separators, ensure_ascii=True)
    return text


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


# Verification --------------------------------------------------------------
#
# verify reads a site or an unpacked snapshot written by strangers, so it reads
# nothing through a symbolic link and only the files its own walk found (no
# path written inside the site can reach outside it), bounds every decimal
# before the arithmetic sees it, checks MANIFEST.sha256 when there is one and
# models/released.lock when there is one, and compares every field of every
# trace (the working included), all but codeHash, which names code the
# reference cannot hash.

MAX_REPORTED = 20
MISSING = object()
MANIFEST = "MANIFEST.sha256"
SITE_LOCK = "models/released.lock"
MAX_SIGNIFICANT_DIGITS = 40
MAX_EXPONENT = 1000
CODE_HASH_PATTERN = re.compile(r"sha256:[0-9a-f]{64}")
LOCK_LINE = re.compile(r"(\S+@\d+\.\d+\.\d+)\s+(sha256:[0-9a-f]{64})")
MANIFEST_LINE = re.compile(r"([0-9a-fA-F]{64}) [ *](.+)")


def same_json(a: Any, b: Any) -> bool:
    """Equal as JSON values: 1 is not true, "1" is not 1."""
    if isinstance(a, bool) or isinstance(b, bool) or a is None or b is None:
        return a is b
    if type(a) is not type(b):
        return False
    return a == b


def show(value: Any) -> str:
    return "(absent)" if value is MISSING else dump_json(value)


def join_field(path: str, key: str) -> str:
    return f"{path}.{key}" if path else key


def compare(expected: Any, published: Any, path: str, out: list[tuple[str, Any, Any]]) -> None:
    """Append (field path, expected, published) for every leaf that differs."""
    if isinstance(expected, dict) and isinstance(published, dict):
        for key in expected:
            compare(expected[key], published.get(key, MISSING), join_field(path, key), out)
        for key in published:
            if key not in expected:
                out.append((join_field(path, key), MISSING, published[key]))
    elif isinstance(expected, list) and isinstance(published, list):
        for i in range(max(len(expected), len(published))):
            compare(
                expected[i] if i < len(expected) else MISSING,
                published[i] if i < len(published) else MISSING,
                f"{path}[{i}]",
                out,
            )
    elif expected is MISSING or published is MISSING or not same_json(expected, published):
        out.append((path, expected, published))


# Bounds -------------------------------------------------------------------

BOUND_PATTERN = re.compile(r"[+-]?([0-9]*)(?:\.([0-9]*))?(?:[eE]([+-]?[0-9]+))?")


def decimal_out_of_bounds(text: str) -> str | None:
    """Why a decimal string has more than 40 significant digits or an exponent beyond +-1000, else None."""
    match = BOUND_PATTERN.fullmatch(text)
    if match is None:
        return None
    whole, fraction, written = match.group(1) or "", match.group(2) or "", match.group(3) or "0"
    # Compared as text first: an exponent of a million digits is never turned into a number.
    if len(written.lstrip("+-").lstrip("0")) > 4:
        return f"exponent {written[:12]}... is beyond +-{MAX_EXPONENT}"
    digits = whole + fraction
    first = next((i for i, c in enumerate(digits) if c != "0"), -1)
    exponent = int(written) if first < 0 else int(written) + len(whole) - first - 1
    if abs(exponent) > MAX_EXPONENT:
        return f"exponent {exponent} is beyond +-{MAX_EXPONENT}"
    significant = 0 if first < 0 else len(digits) - first
    if significant > MAX_SIGNIFICANT_DIGITS:
        return f"{significant} significant digits, more than {MAX_SIGNIFICANT_DIGITS}"
    return None


def first_out_of_bounds(document: Any) -> tuple[str, str] | None:
    """(field, why) for the first number or decimal string out of bounds in a parsed document."""
    stack: list[tuple[Any, str]] = [(document, "")]
    while stack:  # iterative: a deeply nested document cannot exhaust the stack
        value, field = stack.pop()
        at = field or "(top)"
        if isinstance(value, str):
            why = decimal_out_of_bounds(value) if DECIMAL_PATTERN.fullmatch(value) else None
            if why is not None:
                return at, f"decimal out of bounds: {why}"
        elif isinstance(value, bool) or value is None:
            continue
        elif isinstance(value, int):
            if abs(value) > 2**53 - 1:
                return at, "a JSON number must be a whole number up to 2^53 - 1; decimals are written as strings"
        elif isinstance(value, Decimal):
            return at, "a JSON number must be a whole number up to 2^53 - 1; decimals are written as strings"
        elif isinstance(value, list):
            stack.extend((value[i], f"{field}[{i}]") for i in range(len(value) - 1, -1, -1))
        elif isinstance(value, dict):
            keys = list(value)
            stack.extend((value[k], join_field(field, k)) for k in reversed(keys))
    return None


def _bounded_int(text: str) -> Any:
    # A 5000-digit integer is refused as out of bounds, not parsed (and not a ValueError).
    if len(text.lstrip("-")) > 16:
        return Decimal(text)
    return int(text)


def parse_site_json(data: bytes, name: str) -> Any:
    """Parse a site's JSON file and refuse any number out of bounds, naming the file and field."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise LedgerError(f"{name}: not UTF-8 text (byte {error.start})") from None
    try:
        value = json.loads(text, parse_float=Decimal, parse_int=_bounded_int, parse_constant=_reject_constant)
    except json.JSONDecodeError as error:
        raise LedgerError(f"{name}:{error.lineno}: invalid JSON: {error.msg}") from None
    except (ValueError, RecursionError) as error:
        raise LedgerError(f"{name}: invalid JSON: {error}") from None
    out = first_out_of_bounds(value)
    if out is not None:
        raise LedgerError(f"{name}: {out[0]}: refused: {out[1]}")
    return value


# The site's files -------------------------------------------------------------


class SiteFiles:
    """The regular files under a folder, found by a walk that follows no symbolic link.

    Only a file the walk found is ever read, so a path written inside the site
    (a manifest line, a model id) cannot reach outside it.
    """

    def __init__(self, root: Path):
        self.root = root
        self.files: set[str] = set()
        self.refused: list[str] = []
        for directory, dirs, files in os.walk(root, followlinks=False):
            base = Path(directory)
            for name in sorted(dirs + files, key=lambda n: n.encode("utf-8", "surrogateescape")):
                full = base / name
                rel = full.relative_to(root).as_posix()
                if full.is_symlink():
                    self.refused.append(f"{rel}: is a symbolic link; verify reads nothing through a link")
                elif name in files and not full.is_file():
                    self.refused.append(f"{rel}: is not a regular file")
                elif name in files:
                    self.files.add(rel)
            dirs[:] = [d for d in dirs if not (base / d).is_symlink()]

    def sorted(self) -> list[str]:
        return sorted(self.files, key=lambda p: p.encode("utf-8", "surrogateescape"))

    def read(self, rel: str) -> bytes | None:
        if rel not in self.files:
            return None
        try:
            return (self.root / rel).read_bytes()
        except OSError as error:
            raise LedgerError(f"{rel}: cannot read: {error.strerror or error}") from None

    def json(self, rel: str) -> Any:
        data = self.read(rel)
        if data is None:
            raise LedgerError(f"{rel}: file not found")
        return parse_site_json(data, rel)


def manifest_path_problem(path: str) -> str | None:
    """Why a manifest path is not a plain relative path inside the snapshot, else None."""
    if path.startswith("/") or re.match(r"[A-Za-z]:", path):
        return "an absolute path"
    if "\\" in path:
        return "a backslash in a path"
    if ".." in path.split("/"):
        return "climbs out of the snapshot with `..`"
    if any(segment in ("", ".") for segment in path.split("/")):
        return "an empty or `.` segment in a path"
    return None


def check_manifest(site: SiteFiles) -> list[tuple[str, str]]:
    """(file, message) for every way the files differ from MANIFEST.sha256, sorted by file."""
    found: list[tuple[str, str]] = []
    entries: dict[str, str] = {}
    text = (site.read(MANIFEST) or b"").decode("utf-8", "replace")
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    for number, line in enumerate(lines, start=1):
        match = MANIFEST_LINE.fullmatch(line.rstrip("\r"))
        if match is None:
            found.append((MANIFEST, f"line {number}: not \"<sha256>  <path>\": {json.dumps(line[:80])}"))
            continue
        path = match.group(2)
        if path.startswith("./"):
            path = path[2:]
        problem = manifest_path_problem(path)
        if problem is not None:
            found.append((MANIFEST, f"line {number}: refused path {json.dumps(path)}: {problem}"))
        elif path in entries:
            found.append((MANIFEST, f"line {number}: {path} is listed twice"))
        else:
            entries[path] = match.group(1).lower()
    for path, expected in entries.items():
        content = site.read(path)
        if content is None:
            found.append((path, f"listed in {MANIFEST} but missing (removed after the snapshot was made)"))
        else:
            actual = hashlib.sha256(content).hexdigest()
            if actual != expected:
                found.append(
                    (path, f"changed after the snapshot was made: SHA-256 is {actual}, {MANIFEST} lists {expected}")
                )
    for path in site.files:
        if path != MANIFEST and path not in entries:
            found.append((path, f"not listed in {MANIFEST} (added after the snapshot was made)"))
    return sorted(found, key=lambda f: f[0].encode("utf-8", "surrogateescape"))


def read_site_lock(site: SiteFiles) -> tuple[dict[str, str], list[str]]:
    """models/released.lock inside the site, when there is one: {model id: configHash} and its problems."""
    data = site.read(SITE_LOCK)
    if data is None:
        return {}, []
    entries: dict[str, str] = {}
    problems = []
    for number, raw in enumerate(data.decode("utf-8", "replace").split("\n"), start=1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        match = LOCK_LINE.fullmatch(line)
        if match is None:
            problems.append(f"{SITE_LOCK}: line {number}: not \"<model id> sha256:<64 hex digits>\"")
        else:
            entries[match.group(1)] = match.group(2)
    return entries, problems


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


# What a reader sees ------------------------------------------------------------
#
# A trace must sit at its own address (claims/<slug>/<model>/trace.json holds that claim under that
# model), every published claim must have a trace under every model data/scores.json names, and
# every figure the pages (data-field figures, the state badge, the summary, descriptions, listing
# and compare rows), the downloads (data/scores.json, data/scores.csv, data/claims.json) and the
# Atom feeds show for a claim must equal its trace's. Written apart from the TypeScript verify,
# from the published formats alone.

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
    # A history trace holds the claim as its file was named then (a renamed file keeps its old slug).
    if commit is None and trace.get("claim", ABSENT) != slug:
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
        # Run as a script this module is __main__: explain_verify's `from ledger import LedgerError`
        # must get this module's class, not a second copy's, or its errors would escape uncaught.
        sys.modules.setdefault("ledger", sys.modules[__name__])
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


def command_verify(args: argparse.Namespace) -> int:
    """`verify`: print the report and return its exit code."""
    lines, status = verify(Path(args.dir))
    write_stdout("\n".join(lines) + "\n")
    return status


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="ledger.py",
        description=(
            "Stdlib-only Python reference implementation of the claim ledger's scoring "
            "algorithm (the site's /spec/ page), for checking the site's published traces."
        ),
        epilog=(
            "examples:\n"
            "  python3 reference/ledger.py score dist/claims/eastbrook/trace.json "
            "--model dist/models/ledger-strict@0.1.0/model.json\n"
            "  python3 reference/ledger.py verify dist\n"
            "  python3 reference/ledger.py batch < cases.jsonl > traces.jsonl\n\n"
            "exit status: 0 on success, 1 when a trace differs or an input is bad, 2 on a usage error."
        ),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    commands = parser.add_subparsers(dest="command", required=True, metavar="command")
    score_parser = commands.add_parser(
        "score",
        help="score one claim under one model and print its trace (JSON, indent 2)",
        description=(
            "Score one claim under one model and print the trace. CLAIM is a published "
            "trace.json (its input is scored, its claim field is the slug) or a bare "
            "normalised claim (the slug is the file name without extension)."
        ),
    )
    score_parser.add_argument("claim", metavar="CLAIM.json", help="a trace.json or a normalised claim in JSON")
    score_parser.add_argument("--model", required=True, metavar="MODEL.json", help="a model in canonical JSON form")
    score_parser.set_defaults(run=command_score)
    verify_parser = commands.add_parser(
        "verify",
        help="re-score every trace.json under a built site or snapshot and report differences",
        description=(
            "Find every trace.json under DIR, re-score its input under DIR/models/<model>/model.json "
            "and compare every field but codeHash (the working included); check MANIFEST.sha256 and "
            "models/released.lock when DIR has them. Symbolic links are refused, never followed, and "
            "decimals beyond 40 digits or an exponent of +-1000 are refused. Exit 1 if anything differs "
            "or no trace is found."
        ),
    )
    verify_parser.add_argument("dir", metavar="DIR", help="the built site or an unpacked snapshot")
    verify_parser.set_defaults(run=command_verify)
    batch_parser = commands.add_parser(
        "batch",
        help="score JSON Lines of {slug, model, claim} from stdin, one compact trace per line",
        description=(
            "Read JSON Lines on stdin, each {\"slug\", \"model\", \"claim\"}, and write one compact "
            "trace per line on stdout, in order; a case that fails gives {\"error\": message}."
        ),
    )
    batch_parser.set_defaults(run=command_batch)
    explain_parser = commands.add_parser(
        "explain-batch",
        help="explain JSON Lines of {slug, model, models, claim} from stdin, one explanation per line",
        description=(
            "Read JSON Lines on stdin, each {\"slug\", \"model\" (the page's model id), \"models\" "
            "([id, model JSON] for every released model), \"claim\"} and write one explanation "
            "(explain.json) per line; a case that fails gives {\"error\": message}."
        ),
    )
    explain_parser.set_defaults(run=command_explain_batch)
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        return args.run(args)
    except LedgerError as error:
        sys.stderr.write(f"ledger.py {args.command}: {error}\n")
        return 1
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 1


if __name__ == "__main__":
    sys.exit(main())
