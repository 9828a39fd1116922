"""Reading one field of a JSON object, checked to be present and of the type it must have."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from ledger_errors import LedgerError, describe
from ledger_numbers import parse_decimal


def need(obj: dict, key: str, kind: type | tuple, where: str) -> Any:
    """obj[key], checked to be present and of JSON type ``kind`` (NoneType allows null)."""
    label = f"{where}.{key}" if where else key
    if key not in obj:
        raise LedgerError(f"{label}: is required")
    value = obj[key]
    kinds = kind if isinstance(kind, tuple) else (kind,)
    if not isinstance(value, kinds):
        wanted = " or ".join("null" if k is type(None) else describe(k()) for k in kinds)
        raise LedgerError(f"{label}: must be {wanted}, got {describe(value)}")
    return value


def need_decimal(obj: dict, key: str, where: str) -> Decimal:
    """obj[key], checked to be present and read as a decimal string."""
    label = f"{where}.{key}" if where else key
    if key not in obj:
        raise LedgerError(f"{label}: is required")
    return parse_decimal(obj[key], label)


def decimal_table(model: dict, key: str) -> dict[str, Decimal]:
    """A model table of label -> decimal string (relevance, observation, ...)."""
    table = need(model, key, dict, "")
    return {label: parse_decimal(value, f"{key}.{label}") for label, value in table.items()}
