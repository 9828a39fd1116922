"""Bounds on every number of a site's JSON, checked before the arithmetic sees it."""

from __future__ import annotations

import json
import re
from decimal import Decimal
from typing import Any

from ledger_compare import join_field
from ledger_errors import LedgerError
from ledger_json import reject_constant
from ledger_numbers import DECIMAL_PATTERN


MAX_SIGNIFICANT_DIGITS = 40
MAX_EXPONENT = 1000
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
        value = json.loads(text, parse_float=Decimal, parse_int=_bounded_int, parse_constant=reject_constant)
    except json.JSONDecodeError as error:
        raise LedgerError(f"{name}:{error.lineno}: invalid JSON: {error.msg}") from None
    except (ValueError, RecursionError) as error:
        raise LedgerError(f"{name}: invalid JSON: {error}") from None
    out = first_out_of_bounds(value)
    if out is not None:
        raise LedgerError(f"{name}: {out[0]}: refused: {out[1]}")
    return value
