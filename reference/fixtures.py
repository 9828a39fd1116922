"""What the reference's tests share: ledger-strict@0.1.0, builders of claims, and running ledger.py."""

from __future__ import annotations

import copy
import subprocess
import sys
from pathlib import Path

import ledger

LEDGER = Path(__file__).with_name("ledger.py")

# ledger-strict@0.1.0 as docs/design.md §2 declares it, in its canonical JSON form.
STRICT = {
    "name": "ledger-strict",
    "version": "0.1.0",
    "released": "2026-11-02",
    "basedOn": "ledger@1.0.0",
    "summary": "One paragraph in plain words.",
    "changes": ["What this version changed."],
    "relevance": {"states-outright": "2.0", "bears-directly": "1.0", "touches-subject": "0.3", "context-only": "0"},
    "observation": {
        "measurement": "1.0",
        "official-record": "0.9",
        "document": "0.8",
        "first-hand-account": "0.6",
        "second-hand-report": "0.35",
        "rumour": "0.1",
        "model-output": "0",
    },
    "interpretation": {"stepCost": "0.15", "floor": "0"},
    "authenticity": {"unverified": "1", "verified": "1", "doubted": "0.5", "refuted": "0"},
    "extraction": {"unverified": "1", "verified": "1", "doubted": "0.5", "refuted": "0"},
    "independence": "strongest-per-group-and-direction",
    "priors": {"factual": "0.5", "statistical": "0.5", "causal": "0.3"},
    "notScored": {
        "value-judgement": "A value judgement is not settled by evidence.",
        "prediction": "A prediction is not scored until it resolves.",
        "rhetorical-question": "A rhetorical question asserts nothing to score.",
    },
    "states": [
        {"from": "0", "state": "very-unlikely"},
        {"from": "0.1", "state": "unlikely"},
        {"from": "0.3", "state": "uncertain"},
        {"from": "0.7", "state": "likely"},
        {"from": "0.9", "state": "very-likely"},
    ],
    "rounding": {"mode": "half-even", "weight": "6", "probability": "4", "coverage": "2"},
    "stability": {"scales": ["0.7", "1.3"], "high": "0.10", "medium": "0.25", "minGroupsForHigh": "2"},
    "review": {
        "checks": ["primary-source-reviewed", "opposing-search-done", "independence-reviewed", "qualifiers-reviewed"]
    },
    "gradient": {"floor": "0.1", "neutral": "0.5", "trueFrom": "0.8", "falseTo": "0.2"},
}


def model(**changes) -> dict:
    """A copy of STRICT with top-level keys replaced."""
    result = copy.deepcopy(STRICT)
    result.update(changes)
    return result


def link(id, source="lab", direction="supports", relevance="states-outright", observation="official-record",
         steps="0", authenticity="verified", extraction="unverified"):
    """One evidence link in the normalised form."""
    return {
        "id": id,
        "source": source,
        "direction": direction,
        "passage": f"Passage of {id}.",
        "locator": None,
        "relevance": relevance,
        "observation": observation,
        "interpretationSteps": steps,
        "authenticity": authenticity,
        "extraction": extraction,
        "recordedBy": "r.okafor",
    }


def claim(evidence=(), type="factual", reviews=(), votes=(), sources=("lab",)) -> dict:
    """A normalised claim (a trace's input)."""
    return {
        "statement": "The Eastbrook water plant met the 2025 lead limit in every quarterly test.",
        "type": type,
        "author": "r.okafor",
        "recorded": "2026-10-02",
        "note": None,
        "sources": [{"id": s, "name": f"Source {s}", "url": None} for s in sources],
        "evidence": list(evidence),
        "reviews": list(reviews),
        "votes": list(votes),
    }


def vote(reputation, value, voter="v"):
    return {"voter": voter, "reputation": reputation, "value": value}


SEED_003_VOTES = [vote("800", "0.9", "alice"), vote("200", "0.8", "bob"), vote("50", "0.3", "carol")]


def result_of(raw_claim, raw_model=STRICT) -> dict:
    return ledger.score(raw_claim, raw_model, "example", code="sha256:test")


def run_cli(*args, stdin: str | None = None, timeout: float | None = None) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, str(LEDGER), *args],
        input=stdin,
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=timeout,
    )
