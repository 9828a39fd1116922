"""The reference's one kind of error, and the short names of JSON types its messages use."""

from __future__ import annotations

from decimal import Decimal
from typing import Any


class LedgerError(Exception):
    """A problem with the input, reported to the user as one clear message."""


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
