"""Comparing a re-scored document with the published one, field by field, as JSON values."""

from __future__ import annotations

from typing import Any

from ledger_json import dump_json


MISSING = object()


def same_json(a: Any, b: Any) -> bool:
    """Equal as JSON values: 1 is not true, "1" is not 1."""
    if isinstance(a, bool) or isinstance(b, bool) or a is None or b is None:
        return a is b
    if type(a) is not type(b):
        return False
    return a == b


def show(value: Any) -> str:
    return "(absent)" if value is MISSING else dump_json(value)


def join_field(path: str, key: str) -> str:
    return f"{path}.{key}" if path else key


def compare(expected: Any, published: Any, path: str, out: list[tuple[str, Any, Any]]) -> None:
    """Append (field path, expected, published) for every leaf that differs."""
    if isinstance(expected, dict) and isinstance(published, dict):
        for key in expected:
            compare(expected[key], published.get(key, MISSING), join_field(path, key), out)
        for key in published:
            if key not in expected:
                out.append((join_field(path, key), MISSING, published[key]))
    elif isinstance(expected, list) and isinstance(published, list):
        for i in range(max(len(expected), len(published))):
            compare(
                expected[i] if i < len(expected) else MISSING,
                published[i] if i < len(published) else MISSING,
                f"{path}[{i}]",
                out,
            )
    elif expected is MISSING or published is MISSING or not same_json(expected, published):
        out.append((path, expected, published))
