"""The number system: one decimal context, exact reading of decimal strings, rounding to places.

Every number is read from a decimal string into decimal.Decimal and every
operation runs in one context (40 significant digits, half-even), never a
binary float. Rounding to k places happens only through ``round_to``.
"""

from __future__ import annotations

import re
from decimal import (
    MAX_EMAX,
    MAX_PREC,
    MIN_EMIN,
    ROUND_HALF_EVEN,
    ROUND_HALF_UP,
    Context,
    Decimal,
    DivisionByZero,
    InvalidOperation,
    Overflow,
)
from typing import Any

from ledger_errors import LedgerError, describe


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

# A finite decimal in plain or exponent notation. ASCII digits only: Python's
# Decimal() would also accept "NaN", "Infinity", "1_000", " 1 " and Unicode
# digits, none of which is a decimal string in the ledger's sense.
DECIMAL_PATTERN = re.compile(r"[+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][+-]?[0-9]+)?")


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
