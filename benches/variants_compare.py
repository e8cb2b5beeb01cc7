#!/usr/bin/env python3
"""Whole-process medians: `sudoku solve --count --limit 2 --threads 1` against CP-SAT
(benches/cpsat.py: one worker, solve plus a second solve excluding the first solution) on the
16x16 and 25x25 sets in puzzles/. Run from the repository root after `cargo build --release`.

usage: python3 benches/variants_compare.py [--runs N] [FILE...]

Prints, per file, the median wall time and CPU time (user + system, which a busy machine
disturbs less) of each side, and the ratios CP-SAT / ours.
"""
import argparse, os, resource, statistics, subprocess, time

def timed(cmd):
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu

def main():
    p = argparse.ArgumentParser()
    p.add_argument("--runs", type=int, default=5)
    p.add_argument("files", nargs="*", default=["puzzles/sixteen.txt", "puzzles/twentyfive.txt"])
    a = p.parse_args()
    ours = ["target/release/sudoku", "solve", "--count", "--limit", "2", "--format", "line", "--threads", "1"]
    here = os.path.dirname(os.path.abspath(__file__))
    cpsat = ["python3", os.path.join(here, "cpsat.py")]
    print("| file | puzzles | sudoku wall | CP-SAT wall | ratio | sudoku CPU | CP-SAT CPU | ratio |")
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    for f in a.files:
        n = sum(1 for l in open(f) if l.strip() and not l.startswith("#"))
        o = [timed(ours + [f]) for _ in range(a.runs)]
        c = [timed(cpsat + [f]) for _ in range(a.runs)]
        ow, oc = statistics.median(x[0] for x in o), statistics.median(x[1] for x in o)
        cw, cc = statistics.median(x[0] for x in c), statistics.median(x[1] for x in c)
        print(f"| {f} | {n} | {ow:.3f} s | {cw:.2f} s | {cw/ow:.0f}x | {oc:.3f} s | {cc:.2f} s | {cc/oc:.0f}x |")

if __name__ == "__main__":
    main()
