"""A site's files, found by a walk that follows no symbolic link, and its MANIFEST.sha256 and lock."""

from __future__ import annotations

import hashlib
import json
import os
import re
from pathlib import Path
from typing import Any

from ledger_bounds import parse_site_json
from ledger_errors import LedgerError


MANIFEST = "MANIFEST.sha256"
SITE_LOCK = "models/released.lock"
LOCK_LINE = re.compile(r"(\S+@\d+\.\d+\.\d+)\s+(sha256:[0-9a-f]{64})")
MANIFEST_LINE = re.compile(r"([0-9a-fA-F]{64}) [ *](.+)")


class SiteFiles:
    """The regular files under a folder, found by a walk that follows no symbolic link.

    Only a file the walk found is ever read, so a path written inside the site
    (a manifest line, a model id) cannot reach outside it.
    """

    def __init__(self, root: Path):
        self.root = root
        self.files: set[str] = set()
        self.refused: list[str] = []
        for directory, dirs, files in os.walk(root, followlinks=False):
            base = Path(directory)
            for name in sorted(dirs + files, key=lambda n: n.encode("utf-8", "surrogateescape")):
                full = base / name
                rel = full.relative_to(root).as_posix()
                if full.is_symlink():
                    self.refused.append(f"{rel}: is a symbolic link; verify reads nothing through a link")
                elif name in files and not full.is_file():
                    self.refused.append(f"{rel}: is not a regular file")
                elif name in files:
                    self.files.add(rel)
            dirs[:] = [d for d in dirs if not (base / d).is_symlink()]

    def sorted(self) -> list[str]:
        return sorted(self.files, key=lambda p: p.encode("utf-8", "surrogateescape"))

    def read(self, rel: str) -> bytes | None:
        if rel not in self.files:
            return None
        try:
            return (self.root / rel).read_bytes()
        except OSError as error:
            raise LedgerError(f"{rel}: cannot read: {error.strerror or error}") from None

    def json(self, rel: str) -> Any:
        data = self.read(rel)
        if data is None:
            raise LedgerError(f"{rel}: file not found")
        return parse_site_json(data, rel)


def manifest_path_problem(path: str) -> str | None:
    """Why a manifest path is not a plain relative path inside the snapshot, else None."""
    if path.startswith("/") or re.match(r"[A-Za-z]:", path):
        return "an absolute path"
    if "\\" in path:
        return "a backslash in a path"
    if ".." in path.split("/"):
        return "climbs out of the snapshot with `..`"
    if any(segment in ("", ".") for segment in path.split("/")):
        return "an empty or `.` segment in a path"
    return None


def check_manifest(site: SiteFiles) -> list[tuple[str, str]]:
    """(file, message) for every way the files differ from MANIFEST.sha256, sorted by file."""
    found: list[tuple[str, str]] = []
    entries: dict[str, str] = {}
    text = (site.read(MANIFEST) or b"").decode("utf-8", "replace")
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    for number, line in enumerate(lines, start=1):
        match = MANIFEST_LINE.fullmatch(line.rstrip("\r"))
        if match is None:
            found.append((MANIFEST, f"line {number}: not \"<sha256>  <path>\": {json.dumps(line[:80])}"))
            continue
        path = match.group(2)
        if path.startswith("./"):
            path = path[2:]
        problem = manifest_path_problem(path)
        if problem is not None:
            found.append((MANIFEST, f"line {number}: refused path {json.dumps(path)}: {problem}"))
        elif path in entries:
            found.append((MANIFEST, f"line {number}: {path} is listed twice"))
        else:
            entries[path] = match.group(1).lower()
    for path, expected in entries.items():
        content = site.read(path)
        if content is None:
            found.append((path, f"listed in {MANIFEST} but missing (removed after the snapshot was made)"))
        else:
            actual = hashlib.sha256(content).hexdigest()
            if actual != expected:
                found.append(
                    (path, f"changed after the snapshot was made: SHA-256 is {actual}, {MANIFEST} lists {expected}")
                )
    for path in site.files:
        if path != MANIFEST and path not in entries:
            found.append((path, f"not listed in {MANIFEST} (added after the snapshot was made)"))
    return sorted(found, key=lambda f: f[0].encode("utf-8", "surrogateescape"))


def read_site_lock(site: SiteFiles) -> tuple[dict[str, str], list[str]]:
    """models/released.lock inside the site, when there is one: {model id: configHash} and its problems."""
    data = site.read(SITE_LOCK)
    if data is None:
        return {}, []
    entries: dict[str, str] = {}
    problems = []
    for number, raw in enumerate(data.decode("utf-8", "replace").split("\n"), start=1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        match = LOCK_LINE.fullmatch(line)
        if match is None:
            problems.append(f"{SITE_LOCK}: line {number}: not \"<model id> sha256:<64 hex digits>\"")
        else:
            entries[match.group(1)] = match.group(2)
    return entries, problems
