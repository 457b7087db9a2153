"""Fuzz the bundled decks from the command line (docs/fuzzing.md).

    python tests/fuzz/run.py --cases 50000 --seed 1      # the long run
    python tests/fuzz/run.py --seed 1 --case 4711 --keep /tmp/case-4711   # one case, kept

Exit code 1 when any case fails; each failure is printed with its case number, the file,
the mutations and the traceback or the badly reported diagnostic.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # tests/, for `fuzz.…`

from fuzz.deck_fuzzer import CASE_SECONDS, Workspace, draw, run  # noqa: E402


def keep_case(seed: int, index: int, into: Path) -> None:
    """Write the mutated deck of one case to `into` (a new folder) and say what was done."""
    workspace = Workspace(into)
    case = draw(workspace, seed, index)
    for target, data in case.contents.items():
        (workspace.folder(target) / target.path).write_bytes(data)
    print("\n".join(step[:200] for step in case.steps))
    print(f"kept in {workspace.folder(case.target)}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--cases", type=int, default=2000, help="how many cases (default 2000, as in CI)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--case", type=int, help="run only this case")
    parser.add_argument("--keep", type=Path, help="with --case: write its mutated deck into this new folder")
    parser.add_argument("--pdf-every", type=int, default=25, help="print one accepted deck in N (default 25)")
    parser.add_argument("--cli-every", type=int, default=10, help="run `validate` through Click in one case in N")
    parser.add_argument("--case-seconds", type=float, default=CASE_SECONDS)
    args = parser.parse_args()
    if args.keep is not None:
        if args.case is None:
            parser.error("--keep needs --case")
        keep_case(args.seed, args.case, args.keep)
    first, cases = (args.case, 1) if args.case is not None else (0, args.cases)
    with tempfile.TemporaryDirectory() as tmp:
        report = run(cases, args.seed, Path(tmp), first=first, pdf_every=args.pdf_every,
                     cli_every=args.cli_every, case_seconds=args.case_seconds,
                     progress=lambda r: print(r.summary(), file=sys.stderr, flush=True)
                     if r.cases % 5000 == 0 else None)
    for failure in report.failures:
        print(failure.format(), end="\n\n")
    print(report.summary())
    return 1 if report.failures else 0


if __name__ == "__main__":
    sys.exit(main())
