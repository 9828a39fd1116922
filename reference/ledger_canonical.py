"""Canonical JSON (RFC 8785) and the hashes of a trace: configHash, inputHash and codeHash."""

from __future__ import annotations

import hashlib
import re
from pathlib import Path
from typing import Any

from ledger_errors import LedgerError


_ESCAPES = {'"': '\\"', "\\": "\\\\", "\b": "\\b", "\t": "\\t", "\n": "\\n", "\f": "\\f", "\r": "\\r"}
# Characters JSON.stringify escapes: quote, backslash, C0 controls and lone
# surrogates (a Python str from json.loads holds surrogates only when unpaired).
_NEEDS_ESCAPE = re.compile('["\\\\\x00-\x1f\ud800-\udfff]')


def _escape_char(match: re.Match[str]) -> str:
    char = match.group(0)
    return _ESCAPES.get(char) or f"\\u{ord(char):04x}"


def canonical_string(text: str) -> str:
    """A JSON string literal exactly as JSON.stringify (and so JCS) writes it."""
    return '"' + _NEEDS_ESCAPE.sub(_escape_char, text) + '"'


def utf16_key(key: str) -> bytes:
    # Big-endian UTF-16 bytes compare in the same order as UTF-16 code units.
    return key.encode("utf-16-be", "surrogatepass")


def canonical_json(value: Any, where: str = "$") -> str:
    """RFC 8785 canonical JSON: keys sorted by UTF-16 code units, no whitespace.

    Models and claims hold only strings, arrays, objects and null; booleans and
    safe integers are accepted too. Any other number is refused, because the
    ledger writes every decimal as a string so that all languages hash the same
    bytes.
    """
    if value is None:
        return "null"
    if value is True:
        return "true"
    if value is False:
        return "false"
    if isinstance(value, str):
        return canonical_string(value)
    if isinstance(value, int) and abs(value) <= 2**53 - 1:
        return str(value)
    if isinstance(value, list):
        return "[" + ",".join(canonical_json(item, f"{where}[{i}]") for i, item in enumerate(value)) + "]"
    if isinstance(value, dict):
        keys = sorted(value, key=utf16_key)
        return "{" + ",".join(
            canonical_string(key) + ":" + canonical_json(value[key], f"{where}.{key}") for key in keys
        ) + "}"
    raise LedgerError(f"{where}: cannot be hashed: numbers must be written as decimal strings")


def sha256_hex(data: bytes) -> str:
    """'sha256:' followed by the lower-case hex SHA-256 of ``data``."""
    return "sha256:" + hashlib.sha256(data).hexdigest()


def hash_canonical(value: Any) -> str:
    """configHash / inputHash: SHA-256 over the UTF-8 bytes of the canonical JSON."""
    return sha256_hex(canonical_json(value).encode("utf-8", "surrogatepass"))


def code_hash() -> str:
    """codeHash of the reference: SHA-256 of its source, ledger.py then every ledger_*.py beside it
    in name order, one after another (never compared)."""
    sources = sorted(Path(__file__).parent.glob("ledger*.py"), key=lambda path: path.name)
    return sha256_hex(b"".join(path.read_bytes() for path in sources))
