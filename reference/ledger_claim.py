"""A normalised claim (a trace's ``input``), checked and read as far as the arithmetic needs it."""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from ledger_errors import LedgerError, describe
from ledger_fields import need, need_decimal


DIRECTIONS = ("supports", "opposes")


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
