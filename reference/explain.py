"""Explanations of a score (docs/design.md §6a), worked independently of the site's engine.

For a claim under a model: the result without each link, the distance to the
next states, the single edits of the evidence that change the state, and the
result under every released model with the settings that moved it. Every
figure is worked with the model's own rounding through the step
functions of ``ledger_steps``; nothing here is translated from the TypeScript engine's explain
module, which finds the state boundaries once per model and compares log-odds
against them, where this file scores every edit through step 7 and finds each
distance from the claim's own log-odds.
"""

from __future__ import annotations

import dataclasses
from decimal import Decimal
from typing import Any

from ledger_canonical import hash_canonical, utf16_key
from ledger_claim import Claim, Link, read_claim
from ledger_errors import LedgerError
from ledger_model import Model, read_model
from ledger_numbers import CTX, QUANTIZE_CTX, fixed, logistic, plain, round_to
from ledger_steps import (
    kept_sum,
    step1_not_applicable_reason,
    step2_link_weight,
    step3_independence,
    step4_insufficient,
    step5_prior_log_odds,
    step6_posterior_log_odds,
    step7_probability_and_state,
)

EXPLAIN_FORMAT = 1
MOST_EDITS = 5
TABLES = ("relevance", "observation", "authenticity", "extraction")


# One claim's result --------------------------------------------------------


@dataclasses.dataclass
class Outcome:
    """A result: state, and for a scored one its probability and exact posterior log-odds."""

    state: str
    probability: Decimal | None
    x: Decimal | None


def outcome(model: Model, claim_type: str, links: list[Link]) -> Outcome:
    """Steps 1 to 7 for a list of links (the claim's type read from ``claim_type``)."""
    probe = Claim(type=claim_type, author="", links=links, reviews=[], votes=[])
    if step1_not_applicable_reason(probe, model) is not None:
        return Outcome("not-applicable", None, None)
    weights = [step2_link_weight(link, i, model) for i, link in enumerate(links)]
    decisions = step3_independence(links, weights, model)
    if step4_insufficient(weights, decisions):
        return Outcome("insufficient-evidence", None, None)
    prior = step5_prior_log_odds(probe, model)
    x = step6_posterior_log_odds(prior, kept_sum(links, weights, decisions))
    probability, state = step7_probability_and_state(x, model)
    return Outcome(state, probability, x)


def at_places(x: Decimal, places: int) -> str:
    """An exact decimal with at most ``places`` places written with exactly that many."""
    text = fixed(x.quantize(Decimal(1).scaleb(-places), context=QUANTIZE_CTX))
    return text[1:] if text.startswith("-") and Decimal(text) == 0 else text


def brief(model: Model, result: Outcome) -> dict:
    scored = result.x is not None
    return {
        "state": result.state,
        "probability": fixed(result.probability) if scored else None,
        "posteriorLogOdds": at_places(result.x, model.weight_places) if scored else None,
    }


def change(after: Outcome, before: Outcome, places: int) -> str | None:
    if after.x is None or before.x is None:
        return None
    return at_places(CTX.subtract(after.x, before.x), places)


# Distance to the next states -------------------------------------------------


def rounded(model: Model, x: Decimal) -> Decimal:
    return round_to(logistic(x), model.probability_places, model.mode)


def first_step(model: Model, x: Decimal, target: Decimal, upwards: bool) -> int | None:
    """The fewest units n >= 1 of the weight's places for which x + n (upwards) rounds to at least
    ``target``, or x - n (downwards) rounds below it; the logit of the target less half a unit
    gives n, and the forward rounding confirms it."""
    unit = Decimal(1).scaleb(-model.weight_places)
    half = Decimal(1).scaleb(-model.probability_places) / 2
    top = Decimal(1)
    # The target as the rounded probability must reach it: its from rounded up to p places.
    reach = target.quantize(Decimal(1).scaleb(-model.probability_places), rounding="ROUND_CEILING")
    if reach > top:
        return None
    edge = CTX.subtract(reach, half)
    logit = CTX.ln(CTX.divide(edge, CTX.subtract(Decimal(1), edge)))

    def ok(n: int) -> bool:
        y = CTX.add(x, n * unit) if upwards else CTX.subtract(x, n * unit)
        value = rounded(model, y)
        return value >= reach if upwards else value < reach

    gap = (logit - x) if upwards else (x - logit)
    n = max(1, int((gap / unit).to_integral_value(rounding="ROUND_CEILING")))
    while not ok(n):
        n += 1
    while n > 1 and ok(n - 1):
        n -= 1
    return n


def distance(model: Model, result: Outcome) -> dict:
    index = max(i for i, (lower, _) in enumerate(model.states) if lower <= result.probability)
    unit = Decimal(1).scaleb(-model.weight_places)

    def step(n: int | None, sign: int) -> dict | None:
        if n is None:
            return None
        y = CTX.add(result.x, sign * n * unit)
        probability, state = step7_probability_and_state(y, model)
        return {"weight": at_places(n * unit, model.weight_places), "state": state, "probability": fixed(probability)}

    up = None
    if index + 1 < len(model.states):
        up = step(first_step(model, result.x, model.states[index + 1][0], True), 1)
    down = step(first_step(model, result.x, model.states[index][0], False), -1) if index > 0 else None
    return {"up": up, "down": down}


# Single edits ------------------------------------------------------------------


def planned_edits(model: Model, levels: dict, link: Link) -> list[tuple[str, Any, Any, Link | None]]:
    edits: list[tuple[str, Any, Any, Link | None]] = [("remove", None, None, None)]
    for table in ("relevance", "observation"):
        order = levels[table]
        current = getattr(link, table)
        if current not in order:
            continue
        at = order.index(current)
        for other in (at - 1, at + 1):
            if 0 <= other < len(order):
                edits.append((table, current, order[other], dataclasses.replace(link, **{table: order[other]})))
    counts = [link.steps - 1, link.steps + 1] if link.steps > 0 else [link.steps + 1]
    for count in counts:
        edits.append(
            ("interpretationSteps", plain(link.steps), plain(count), dataclasses.replace(link, steps=count))
        )
    for table in ("authenticity", "extraction"):
        for level in ("doubted", "refuted"):
            if getattr(link, table) != level and level in getattr(model, table):
                edits.append((table, getattr(link, table), level, dataclasses.replace(link, **{table: level})))
    return edits


def edits(model: Model, levels: dict, claim: Claim, whole: Outcome, without: list[Outcome]) -> list[dict]:
    found = []
    order = 0
    for index, link in enumerate(claim.links):
        for kind, before, after, edited in planned_edits(model, levels, link):
            if edited is None:
                result = without[index]
            else:
                links = list(claim.links)
                links[index] = edited
                result = outcome(model, claim.type, links)
            order += 1
            if result.state == whole.state:
                continue
            size = None if result.x is None else abs(result.x - whole.x)
            # Refusals (no log-odds) after every edit that has some; ties in file order.
            found.append(((1, 0, order) if size is None else (0, size, order), link.id, kind, before, after, result))
    found.sort(key=lambda item: item[0])
    return [
        {
            "link": link_id,
            "edit": kind,
            "from": before,
            "to": after,
            **brief(model, result),
            "change": change(result, whole, model.weight_places),
        }
        for _, link_id, kind, before, after, result in found[:MOST_EDITS]
    ]


# Across models -------------------------------------------------------------------


def _same_decimal(a: Any, b: Any) -> bool:
    if a is None or b is None:
        return a is b
    return Decimal(a) == Decimal(b)


def used_settings(page: dict, other: dict, claim: Claim) -> list[str]:
    """Declared settings of the two model files that differ and that the claim's working reads."""
    paths = set()
    for link in claim.links:
        for table in TABLES:
            level = getattr(link, table)
            a, b = page[table].get(level), other[table].get(level)
            if a is not None and b is not None and Decimal(a) != Decimal(b):
                paths.add(f"{table}.{level}")
    if any(link.steps != 0 for link in claim.links):
        for key in ("stepCost", "floor"):
            if Decimal(page["interpretation"][key]) != Decimal(other["interpretation"][key]):
                paths.add(f"interpretation.{key}")
    if not _same_decimal(page["priors"].get(claim.type), other["priors"].get(claim.type)):
        paths.add(f"priors.{claim.type}")
    if page["independence"] != other["independence"]:
        paths.add("independence")
    states = [[(Decimal(s["from"]), s["state"]) for s in m["states"]] for m in (page, other)]
    if states[0] != states[1]:
        paths.add("states")
    if page["rounding"]["mode"] != other["rounding"]["mode"]:
        paths.add("rounding.mode")
    for key in ("weight", "probability"):
        if Decimal(page["rounding"][key]) != Decimal(other["rounding"][key]):
            paths.add(f"rounding.{key}")
    return sorted(paths, key=utf16_key)


def with_setting(page: dict, other: dict, path: str) -> dict:
    """The page's model file with one setting copied from the other's."""
    copy = json_copy(page)
    head, _, key = path.partition(".")
    if not key:
        copy[head] = json_copy(other[head])
    elif key in other[head]:
        copy[head][key] = json_copy(other[head][key])
    else:
        del copy[head][key]
    return copy


def json_copy(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: json_copy(v) for k, v in value.items()}
    if isinstance(value, list):
        return [json_copy(v) for v in value]
    return value


def same_result(a: Outcome, b: Outcome) -> bool:
    return a.state == b.state and _same_decimal(a.x, b.x) and _same_decimal(a.probability, b.probability)


def settings_moving(page_raw: dict, page: Model, whole: Outcome, other_raw: dict, claim: Claim) -> list[dict]:
    rows = []
    for path in used_settings(page_raw, other_raw, claim):
        model = read_model(with_setting(page_raw, other_raw, path))
        result = outcome(model, claim.type, claim.links)
        if same_result(result, whole):
            continue
        places = max(model.weight_places, page.weight_places)
        rows.append(
            {
                "setting": path,
                "state": result.state,
                "posteriorLogOdds": None if result.x is None else at_places(result.x, model.weight_places),
                "change": change(result, whole, places),
            }
        )
    # A refusal made or ended first, then the largest move in log-odds, then by path.
    rows.sort(
        key=lambda row: (
            0 if row["change"] is None else 1,
            0 if row["change"] is None else -abs(Decimal(row["change"])),
            utf16_key(row["setting"]),
        )
    )
    return rows


# The whole explanation -----------------------------------------------------------


def declared_levels(raw_model: dict) -> dict:
    return {"relevance": list(raw_model["relevance"]), "observation": list(raw_model["observation"])}


def explain(raw_claim: Any, slug: str, page_id: str, raw_models: list[tuple[str, dict]], levels: dict | None = None) -> dict:
    """The explanation of a claim under the model ``page_id``; ``raw_models`` is every released
    model file as (id, parsed canonical JSON) in the site's order."""
    models = {model_id: (raw, read_model(raw)) for model_id, raw in raw_models}
    if page_id not in models:
        raise LedgerError(f"model {page_id}: not among the released models")
    page_raw, page = models[page_id]
    claim = read_claim(raw_claim)
    levels = levels if levels is not None else declared_levels(page_raw)
    whole = outcome(page, claim.type, claim.links)
    document: dict = {
        "explainFormat": EXPLAIN_FORMAT,
        "claim": slug,
        "model": page.id,
        "configHash": hash_canonical(page_raw),
        "inputHash": hash_canonical(raw_claim),
        "levels": levels,
        "result": brief(page, whole),
        "withoutLink": None,
        "distance": None,
        "edits": None,
    }
    if whole.x is not None:
        without = [outcome(page, claim.type, claim.links[:i] + claim.links[i + 1 :]) for i in range(len(claim.links))]
        document["withoutLink"] = [
            {"link": link.id, **brief(page, result), "change": change(result, whole, page.weight_places)}
            for link, result in zip(claim.links, without)
        ]
        document["distance"] = distance(page, whole)
        document["edits"] = edits(page, levels, claim, whole, without)
    rows = []
    for model_id, (raw, model) in models.items():
        result = whole if model_id == page_id else outcome(model, claim.type, claim.links)
        row = {"model": model.id, **brief(model, result), "settings": None}
        differs = result.state != whole.state or not _same_decimal(result.probability, whole.probability)
        if model_id != page_id and differs:
            row["settings"] = settings_moving(page_raw, page, whole, raw, claim)
        rows.append(row)
    document["models"] = rows
    return document

