#!/usr/bin/env python3
"""OR-Tools CP-SAT on the puzzles of other sizes, for the README's comparison.

usage: python3 benches/cpsat.py FILE          (one-line N*N puzzles, default alphabet 1-9 A-Z)

For each puzzle: an AllDifferent model (rows, columns, boxes; default box shape), solved on one
worker, then solved again with a constraint excluding the first solution, so that it answers
what `sudoku solve --count --limit 2` (or `check`) answers: the solution and whether it is the
only one. Prints one line per puzzle: `unique`, `multiple` or `none`.
"""
import math
import sys

from ortools.sat.python import cp_model

SYMBOLS = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def default_box(n):
    r = max(d for d in range(1, n + 1) if n % d == 0 and d * d <= n)
    return r, n // r


def solve(line):
    n = math.isqrt(len(line))
    br, bc = default_box(n)
    m = cp_model.CpModel()
    x = [[m.NewIntVar(1, n, f"x{r}_{c}") for c in range(n)] for r in range(n)]
    for i, ch in enumerate(line):
        if ch not in "._0":
            m.Add(x[i // n][i % n] == SYMBOLS.index(ch.upper()) + 1)
    for r in range(n):
        m.AddAllDifferent(x[r])
    for c in range(n):
        m.AddAllDifferent([x[r][c] for r in range(n)])
    for r0 in range(0, n, br):
        for c0 in range(0, n, bc):
            m.AddAllDifferent([x[r][c] for r in range(r0, r0 + br) for c in range(c0, c0 + bc)])
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    if solver.Solve(m) not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return "none"
    first = [[solver.Value(x[r][c]) for c in range(n)] for r in range(n)]
    # Exclude the first solution: at least one cell differs.
    diffs = []
    for r in range(n):
        for c in range(n):
            b = m.NewBoolVar("")
            m.Add(x[r][c] != first[r][c]).OnlyEnforceIf(b)
            m.Add(x[r][c] == first[r][c]).OnlyEnforceIf(b.Not())
            diffs.append(b)
    m.AddBoolOr(diffs)
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    again = solver.Solve(m)
    return "multiple" if again in (cp_model.OPTIMAL, cp_model.FEASIBLE) else "unique"


def main():
    with open(sys.argv[1]) as f:
        for line in f:
            line = line.split()[0] if line.strip() else ""
            if line and not line.startswith("#"):
                print(solve(line))


if __name__ == "__main__":
    main()
