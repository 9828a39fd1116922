"""Reading JSON without ever producing a binary float, and writing it as the reference prints it."""

from __future__ import annotations

import json
from decimal import Decimal
from pathlib import Path
from typing import Any

from ledger_errors import LedgerError


def reject_constant(name: str) -> Any:
    raise ValueError(f"{name} is not valid JSON")


def parse_json(text: str) -> Any:
    """Parse JSON without ever producing a binary float."""
    return json.loads(text, parse_float=Decimal, parse_constant=reject_constant)


def read_json_file(path: Path) -> Any:
    """Read and parse a JSON file, turning every failure into a LedgerError naming it."""
    try:
        text = path.read_bytes().decode("utf-8")
    except FileNotFoundError:
        raise LedgerError(f"{path}: file not found") from None
    except IsADirectoryError:
        raise LedgerError(f"{path}: is a directory, not a file") from None
    except OSError as error:
        raise LedgerError(f"{path}: cannot read: {error.strerror or error}") from None
    except UnicodeDecodeError as error:
        raise LedgerError(f"{path}: not UTF-8 text (byte {error.start})") from None
    try:
        return parse_json(text)
    except json.JSONDecodeError as error:
        raise LedgerError(f"{path}:{error.lineno}: invalid JSON: {error.msg}") from None
    except (ValueError, RecursionError) as error:
        raise LedgerError(f"{path}: invalid JSON: {error}") from None


def dump_json(value: Any, indent: int | None = None) -> str:
    """Write JSON with raw UTF-8 where possible (escaped only for lone surrogates)."""
    separators = None if indent is not None else (",", ":")
    text = json.dumps(value, indent=indent, separators=separators, ensure_ascii=False)
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        text = json.dumps(value, indent=indent, separators=separators, ensure_ascii=True)
    return text
