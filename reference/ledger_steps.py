"""The algorithm, one function per step of docs/design.md §4 (steps 1 to 10)."""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal, DecimalException

from ledger_claim import Claim, Link
from ledger_errors import LedgerError
from ledger_model import Model
from ledger_numbers import CTX, fixed, logistic, round_to


INSUFFICIENT_REASON = (
    "No counted evidence link has a weight above 0, so nothing has borne on the claim yet."
)


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
