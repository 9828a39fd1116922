"""A scoring model (docs/design.md §2, canonical JSON form), checked and read into decimals."""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from ledger_errors import LedgerError, describe
from ledger_fields import decimal_table, need, need_decimal
from ledger_numbers import ROUNDING_MODES, parse_decimal, parse_places


INDEPENDENCE_STRATEGIES = ("strongest-per-group-and-direction", "count-every-link")


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
