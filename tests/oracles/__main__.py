"""``python -m tests.oracles regenerate NAME [--check] [--venv DIR]`` (from the repository's root).

Builds the oracle's pinned venv (in ``--venv DIR``, kept there for the next run; a temporary folder
otherwise), makes the inputs, runs the peer's own code on them and writes ``tests/oracles/answers/NAME.json``;
with ``--check``, compares with that file instead and exits 1 on any difference. ``all`` names every oracle.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from pathlib import Path

from . import ORACLES, answer, build_venv, differences


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.oracles", description=__doc__.splitlines()[0])
    commands = parser.add_subparsers(dest="command", required=True)
    regenerate = commands.add_parser("regenerate", help="run an oracle; write (or --check) its frozen answers")
    regenerate.add_argument("name", choices=[*ORACLES, "all"])
    regenerate.add_argument(
        "--check", action="store_true", help="compare with the frozen answers; exit 1 if any differ"
    )
    regenerate.add_argument("--venv", type=Path, help="the oracle's venv folder (built there if it has no python)")
    commands.add_parser("list", help="the oracles and their answer files")
    args = parser.parse_args(argv)

    if args.command == "list":
        for oracle in ORACLES.values():
            print(
                f"{oracle.name}: {oracle.answers.relative_to(Path.cwd()) if oracle.answers.is_relative_to(Path.cwd()) else oracle.answers} ({', '.join(oracle.pins())})"
            )
        return 0

    failed = False
    for name in ORACLES if args.name == "all" else [args.name]:
        oracle = ORACLES[name]
        with tempfile.TemporaryDirectory() as tmp:
            venv = (args.venv / name if args.name == "all" else args.venv) if args.venv else Path(tmp) / "venv"
            print(f"{name}: the oracle's venv in {venv} ({', '.join(oracle.pins())})", file=sys.stderr)
            python = build_venv(oracle, venv)
            live = answer(oracle, python, Path(tmp) / "inputs")
        if not args.check:
            oracle.answers.parent.mkdir(parents=True, exist_ok=True)
            oracle.answers.write_text(json.dumps(live, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
            print(f"{name}: wrote {oracle.answers} ({live['versions']})")
            continue
        if not oracle.answers.is_file():
            print(f"{name}: no frozen answers at {oracle.answers}", file=sys.stderr)
            failed = True
            continue
        frozen = json.loads(oracle.answers.read_text(encoding="utf-8"))
        found = differences(frozen, live)
        if found:
            failed = True
            print(f"{name}: the live oracle differs from {oracle.answers} in {len(found)} places:", file=sys.stderr)
            for line in found[:50]:
                print(f"  {line}", file=sys.stderr)
        else:
            print(f"{name}: the live oracle equals the frozen answers ({live['versions']})")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
