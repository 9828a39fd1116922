"""One claim under one model into one trace: the hashes, the links, the result and the working."""

from __future__ import annotations

from decimal import DecimalException
from typing import Any

from ledger_canonical import code_hash, hash_canonical
from ledger_claim import Claim, read_claim
from ledger_errors import LedgerError
from ledger_model import Model, read_model
from ledger_numbers import fixed, round_to
from ledger_steps import (
    INSUFFICIENT_REASON,
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
)
from ledger_working import compute_working


TRACE_FORMAT = 1


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
