#!/usr/bin/env python3
"""Scaling benchmark: does MapBridge take time linear in its input and memory bounded by its
largest record, whatever the input's shape?

    swift build -c release
    python3 Tests/Scaling/scaling.py --mapbridge .build/release/mapbridge [--only NAME] [--scale F]

Each case in Tests/Scaling/cases/*.py describes one input shape that once was quadratic or
blew up memory (one object with a million keys, a CSV header of one repeated name, a zigzag
to densify ...). A case module defines:

    NAME        short name, printed in the table
    SIZES       (n, 4 * n): the small and the large input, in the case's own unit
    UNIT        what n counts ("keys", "points", ...)
    TIME_RATIO  the largest allowed time(4n) / time(n); linear work gives about 4, quadratic 16
    MEMORY      "flat" (peak memory must not grow with n: at most 1.5x plus 16 MiB of slack) or
                "record" (it may grow with the largest record, at most MEMORY_RATIO times)
    MEMORY_RATIO  for "record": the largest allowed peak(4n) / peak(n) (default 6)
    BYTES_PER_UNIT  optional: the largest allowed memory per unit of n, measured as
                (peak(4n) - peak(n)) / 3n, so the binary's fixed footprint does not count
    generate(n, folder) -> path     writes the input into folder, returns its path
    command(mapbridge, path, folder) -> argv   the command to time
    EXPECT_EXIT  the exit status the command must end with (default 0)
    VARIANTS    optional: [(name, command)], several commands timed on the same input, each
                a case of its own (then NAME and command are not needed)

The runner writes both inputs, runs each command once (after one untimed warm-up run of the
small one), and prints seconds, peak resident memory (wait4's ru_maxrss) and the ratios. It
exits 1 when a case breaks its bounds, so it can gate a release; it is a benchmark, not a unit
test: run it on a quiet machine, and read the ratios, not the seconds.
"""
import argparse
import importlib.util
import os
import pathlib
import shutil
import sys
import tempfile
import time
import types

HERE = pathlib.Path(__file__).resolve().parent


def load_cases(only):
    cases = []
    for path in sorted((HERE / "cases").glob("*.py")):
        spec = importlib.util.spec_from_file_location(path.stem, path)
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        for name, command in getattr(module, "VARIANTS", [(getattr(module, "NAME", path.stem), getattr(module, "command", None))]):
            if only and name not in only:
                continue
            cases.append(types.SimpleNamespace(**{**vars(module), "NAME": name, "command": command}))
    return cases


def run(argv):
    """Runs argv with its output discarded; returns (seconds, peak MiB, exit status)."""
    start = time.monotonic()
    pid = os.fork()
    if pid == 0:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, 1)
        os.dup2(devnull, 2)
        try:
            os.execv(argv[0], argv)
        finally:
            os._exit(127)
    _, status, usage = os.wait4(pid, 0)
    elapsed = time.monotonic() - start
    return elapsed, usage.ru_maxrss / 1024, os.waitstatus_to_exitcode(status)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--mapbridge", required=True, help="the mapbridge binary to measure")
    parser.add_argument("--only", action="append", help="run only this case (repeatable)")
    parser.add_argument("--scale", type=float, default=1.0, help="multiply every case's sizes")
    parser.add_argument("--keep", action="store_true", help="keep the generated inputs")
    args = parser.parse_args()
    binary = os.path.abspath(args.mapbridge)
    cases = load_cases(args.only)
    if not cases:
        print("no case matched", file=sys.stderr)
        return 64
    folder = tempfile.mkdtemp(prefix="mapbridge-scaling-")
    failures = []
    print(f"{'case':<28} {'n':>10} {'4n':>10} {'s(n)':>8} {'s(4n)':>8} {'ratio':>6} {'MiB(n)':>8} {'MiB(4n)':>8} {'ratio':>6}  verdict")
    try:
        for case in cases:
            small, large = (max(1, int(size * args.scale)) for size in case.SIZES)
            expected_exit = getattr(case, "EXPECT_EXIT", 0)
            results = []
            for n in (small, large):
                work = os.path.join(folder, f"{case.NAME}-{n}")
                os.makedirs(work, exist_ok=True)
                path = case.generate(n, work)
                argv = case.command(binary, path, work)
                if n == small:
                    run(argv)  # warm the page cache and the binary
                results.append(run(argv))
                if not args.keep:
                    shutil.rmtree(work, ignore_errors=True)
            (t1, m1, e1), (t2, m2, e2) = results
            time_ratio = t2 / max(t1, 1e-3)
            memory_ratio = m2 / max(m1, 1)
            problems = []
            if e1 != expected_exit or e2 != expected_exit:
                problems.append(f"exit {e1}/{e2}, expected {expected_exit}")
            # Under 50 ms the ratio is noise: only a large run that is slow in itself counts.
            if time_ratio > case.TIME_RATIO and t2 > 0.05:
                problems.append(f"time grew {time_ratio:.1f}x (at most {case.TIME_RATIO}x)")
            if case.MEMORY == "flat":
                if m2 > 1.5 * m1 + 16:
                    problems.append(f"memory grew {memory_ratio:.1f}x (flat expected)")
            elif memory_ratio > getattr(case, "MEMORY_RATIO", 6.0):
                problems.append(f"memory grew {memory_ratio:.1f}x")
            per_unit = getattr(case, "BYTES_PER_UNIT", None)
            if per_unit is not None:
                marginal = (m2 - m1) * 1024 * 1024 / (3 * small)
                if marginal > per_unit:
                    problems.append(f"{marginal:.0f} bytes per unit of {case.UNIT} (at most {per_unit})")
                else:
                    print(f"  {case.NAME}: {marginal:.0f} bytes per unit of {case.UNIT} (at most {per_unit})")
            verdict = "ok" if not problems else "; ".join(problems)
            if problems:
                failures.append(case.NAME)
            print(f"{case.NAME:<28} {small:>10} {large:>10} {t1:>8.2f} {t2:>8.2f} {time_ratio:>6.1f} {m1:>8.1f} {m2:>8.1f} {memory_ratio:>6.1f}  {verdict}", flush=True)
    finally:
        if not args.keep:
            shutil.rmtree(folder, ignore_errors=True)
    if failures:
        print(f"{len(failures)} of {len(cases)} cases out of bounds: {', '.join(failures)}")
        return 1
    print(f"{len(cases)} cases within bounds")
    return 0


if __name__ == "__main__":
    sys.exit(main())
