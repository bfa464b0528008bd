#!/usr/bin/env python3
"""Checks that eddy's includes follow its module order (docs/architecture.md).

Every source file under emulator/, model/ and tools/ belongs to a module with a
rank. A file may include a header of its own module or of a module of lower
rank, never one of its own rank (siblings stay independent) or above. Two more
rules:
  - a header under some `internal/` folder is private to the module that owns
    it: only that module includes it;
  - model/ and tools/ use the public API and never reach into emulator/engine.
Tests and benchmarks may include anything.

Prints every violation as `file:line: message` and exits 1 if there is any.
Run from anywhere: tools/check_includes.py
"""

import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent

# Module -> rank. Longest matching path prefix names a file's module.
MODULES = {
    "emulator/base": 0,
    "emulator/types": 1,
    "emulator/expr": 2,
    "emulator/storage": 2,
    "emulator/capacity": 2,
    "emulator/api": 3,
    "emulator/partiql": 4,
    # DynamoDB's export/import file formats: engine-free, like partiql.
    "emulator/transfer": 4,
    # The engine's rooms: indexes < the table and its write path < DynamoDB
    # Streams < operations < the Database facade's implementation (files
    # directly in engine/).
    "emulator/engine/index": 5.0,
    "emulator/engine/table": 5.1,
    "emulator/engine/streams": 5.15,
    "emulator/engine/ops": 5.2,
    # Durable data: the data directory, log, snapshots (above the
    # operations whose index and stream helpers it rebuilds tables with).
    "emulator/engine/persist": 5.25,
    # Operations over the durable history (backups, restores, exports at a
    # past time): they read the data directory's snapshots and log.
    "emulator/engine/history": 5.27,
    "emulator/engine": 5.3,
    "emulator/wire": 6,
    "model": 7,
    # eddy::testing, the GoogleTest kit: tables from JSON (wire) and models.
    "emulator/testing": 7.5,
    "tools": 8,
}

# Modules above the API that must not include the engine.
NO_ENGINE = ("model", "tools")

INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"')


def module_of(path: str):
    best = None
    for m in MODULES:
        if path == m or path.startswith(m + "/"):
            if best is None or len(m) > len(best):
                best = m
    return best


def internal_owner(path: str):
    """The folder that owns an internal header (the parent of `internal/`)."""
    parts = path.split("/")
    if "internal" not in parts[:-1]:
        return None
    return "/".join(parts[: parts.index("internal")])


def check_file(rel: str, problems: list):
    mod = module_of(rel)
    if mod is None:
        return
    text = (ROOT / rel).read_text(encoding="utf-8", errors="replace")
    for lineno, line in enumerate(text.splitlines(), 1):
        m = INCLUDE.match(line)
        if not m:
            continue
        target = m.group(1)
        tmod = module_of(target)
        if tmod is None:
            continue  # generated headers, third-party
        where = f"{rel}:{lineno}"
        owner = internal_owner(target)
        if owner is not None and not (rel == owner or rel.startswith(owner + "/")):
            problems.append(f"{where}: {target} is internal to {owner}/")
        if tmod == mod:
            continue
        if mod in NO_ENGINE and tmod.startswith("emulator/engine"):
            problems.append(f"{where}: {mod}/ uses the public API, not {target}")
            continue
        if MODULES[tmod] >= MODULES[mod]:
            problems.append(
                f"{where}: {mod} (rank {MODULES[mod]}) includes {target} "
                f"of {tmod} (rank {MODULES[tmod]})"
            )


def main() -> int:
    problems = []
    for top in ("emulator", "model", "tools"):
        for p in sorted((ROOT / top).rglob("*")):
            if p.suffix in (".h", ".cc") and p.is_file():
                check_file(p.relative_to(ROOT).as_posix(), problems)
    for p in problems:
        print(p)
    if problems:
        print(f"check_includes: {len(problems)} include(s) break the module order",
              file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
