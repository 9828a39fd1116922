"""The working of a trace: every intermediate figure of steps 1 to 10, laid out as the site lays it out."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from ledger_claim import Claim, Link
from ledger_model import Model
from ledger_numbers import CTX, fixed, logistic, plain, round_to
from ledger_steps import (
    factor,
    interpretation_factor,
    kept_sum,
    step1_not_applicable_reason,
    step2_link_weight,
    step3_independence,
    step4_insufficient,
    step5_prior_log_odds,
    step6_posterior_log_odds,
    step7_probability_and_state,
    step8_stability,
    step9_coverage,
    step10_gradient,
    vote_weight,
)


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
