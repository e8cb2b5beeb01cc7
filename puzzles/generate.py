#!/usr/bin/env python3
"""Generates the sample puzzle files in this directory.

Run from the repository root: `python3 puzzles/generate.py` (deterministic: fixed seed; it takes
about ten minutes, mostly finding minimal puzzles for hard.txt).

How it works:
- A random full grid comes from a randomised backtracking fill of the empty grid.
- Unique puzzles (easy.txt, hard.txt): blank the cells of a full grid in random order, putting a
  cell back whenever blanking it would allow a second solution. easy.txt stops at 38-42 givens;
  hard.txt goes on to a minimal puzzle and keeps those with 22-24 givens that naked and hidden
  singles alone cannot finish (so a solver must guess).
- Several solutions (multiple.txt): a "deadly rectangle" (cells r1c1 r1c2 r2c1 r2c2 in two boxes
  holding a b / b a) blanked in an otherwise full grid gives exactly 2 solutions; more cells are
  then blanked while the count stays 2. Other puzzles blank a few givens of a unique puzzle and
  count every solution exhaustively. The exact count is written after the puzzle as an
  annotation (`# solutions=N`).
- No solution (none.txt): change one given of a unique puzzle to another digit that keeps the
  rules (no repeat in row, column or box) and check that no solution is left.
- invalid.txt, empty.txt, grids.txt and mixed.txt are written out by hand below.

Every count is computed here by an exhaustive search with candidate bitmasks.
"""

import random
import sys

ALL = 0x3FE  # bits 1..9
ROW = [i // 9 for i in range(81)]
COL = [i % 9 for i in range(81)]
BOX = [(i // 27) * 3 + (i % 9) // 3 for i in range(81)]
UNITS = [[r * 9 + c for c in range(9)] for r in range(9)] + \
        [[r * 9 + c for r in range(9)] for c in range(9)] + \
        [[i for i in range(81) if BOX[i] == b] for b in range(9)]


def rules_ok(cells):
    for unit in UNITS:
        seen = [v for v in (cells[i] for i in unit) if v]
        if len(seen) != len(set(seen)):
            return False
    return True


def count(cells, limit, rng=None, out=None):
    """Counts solutions up to `limit`; stores the first in `out` (a list) when given."""
    if not rules_ok(cells):
        return 0
    cells = list(cells)
    rows, cols, boxes = [0] * 9, [0] * 9, [0] * 9
    for i, v in enumerate(cells):
        if v:
            b = 1 << v
            rows[ROW[i]] |= b
            cols[COL[i]] |= b
            boxes[BOX[i]] |= b
    empties = [i for i in range(81) if not cells[i]]
    found = [0]

    def rec():
        best, best_mask, best_n = -1, 0, 10
        for i in empties:
            if cells[i]:
                continue
            m = ALL & ~(rows[ROW[i]] | cols[COL[i]] | boxes[BOX[i]])
            n = bin(m).count("1")
            if n < best_n:
                best, best_mask, best_n = i, m, n
                if n <= 1:
                    break
        if best < 0:
            found[0] += 1
            if out is not None and not out:
                out.extend(cells)
            return found[0] >= limit
        digits = [d for d in range(1, 10) if best_mask >> d & 1]
        if rng is not None:
            rng.shuffle(digits)
        r, c, x = ROW[best], COL[best], BOX[best]
        for d in digits:
            b = 1 << d
            cells[best] = d
            rows[r] |= b
            cols[c] |= b
            boxes[x] |= b
            stop = rec()
            cells[best] = 0
            rows[r] &= ~b
            cols[c] &= ~b
            boxes[x] &= ~b
            if stop:
                return True
        return False

    rec()
    return found[0]


def full_grid(rng):
    out = []
    count([0] * 81, 1, rng, out)
    return out


def singles_solve(cells):
    """Naked and hidden singles only; True when they fill the grid."""
    cells = list(cells)
    changed = True
    while changed:
        changed = False
        cand = {}
        for i in range(81):
            if not cells[i]:
                used = {cells[j] for j in range(81) if cells[j] and (
                    ROW[j] == ROW[i] or COL[j] == COL[i] or BOX[j] == BOX[i])}
                cand[i] = {d for d in range(1, 10) if d not in used}
                if not cand[i]:
                    return False
                if len(cand[i]) == 1:
                    cells[i] = cand[i].pop()
                    changed = True
                    break
        if changed:
            continue
        for unit in UNITS:
            for d in range(1, 10):
                if any(cells[i] == d for i in unit):
                    continue
                places = [i for i in unit if not cells[i] and d in cand.get(i, ())]
                if len(places) == 1:
                    cells[places[0]] = d
                    changed = True
                    break
            if changed:
                break
    return all(cells)


def reduce(grid, rng, floor):
    """Blanks cells in random order while the solution stays unique, down to `floor` givens."""
    cells = list(grid)
    order = list(range(81))
    rng.shuffle(order)
    for i in order:
        if sum(1 for v in cells if v) <= floor:
            break
        keep = cells[i]
        cells[i] = 0
        if count(cells, 2) != 1:
            cells[i] = keep
    return cells


def line(cells):
    return "".join(str(v) if v else "." for v in cells)


def grid_text(cells, blank=".", seps=True):
    rows = []
    for r in range(9):
        parts = []
        for b in range(3):
            parts.append(" ".join(str(v) if v else blank for v in cells[r * 9 + b * 3:r * 9 + b * 3 + 3]))
        rows.append(" | ".join(parts) if seps else "".join(p.replace(" ", "") for p in parts))
        if seps and r in (2, 5):
            rows.append("------+-------+------")
    return "\n".join(rows) + "\n"


def deadly_rectangle(grid):
    """Four cells (two rows, two columns, two boxes) holding a b / b a, or None."""
    for r1 in range(9):
        for r2 in range(r1 + 1, 9):
            same_band = r1 // 3 == r2 // 3
            for c1 in range(9):
                for c2 in range(c1 + 1, 9):
                    same_stack = c1 // 3 == c2 // 3
                    if same_band == same_stack:
                        continue  # need exactly two boxes
                    a, b = grid[r1 * 9 + c1], grid[r1 * 9 + c2]
                    if grid[r2 * 9 + c1] == b and grid[r2 * 9 + c2] == a:
                        return [r1 * 9 + c1, r1 * 9 + c2, r2 * 9 + c1, r2 * 9 + c2]
    return None


def main():
    rng = random.Random(20261120)
    files = {}

    easy = []
    while len(easy) < 20:
        g = full_grid(rng)
        p = reduce(g, rng, rng.randint(38, 42))
        easy.append((p, g))
    files["easy.txt"] = "# Easy puzzles (38-42 givens), each with exactly one solution.\n" + \
        "".join(line(p) + "\n" for p, _ in easy)

    hard = []
    while len(hard) < 20:
        g = full_grid(rng)
        p = reduce(g, rng, 0)
        n = sum(1 for v in p if v)
        if 22 <= n <= 24 and not singles_solve(p):
            hard.append(p)
    files["hard.txt"] = "# Hard puzzles: minimal, 22-24 givens, exactly one solution, " + \
        "and singles alone do not solve them.\n" + "".join(line(p) + "\n" for p in hard)

    multiple = []
    while len(multiple) < 4:
        g = full_grid(rng)
        rect = deadly_rectangle(g)
        if rect is None:
            continue
        p = list(g)
        for i in rect:
            p[i] = 0
        order = [i for i in range(81) if i not in rect]
        rng.shuffle(order)
        for i in order[:rng.randint(30, 45)]:
            keep = p[i]
            p[i] = 0
            if count(p, 3) != 2:
                p[i] = keep
        multiple.append((p, 2))
    wanted = {3: 2, 4: 1, 6: 1}  # exact small counts, how many of each
    big = 0
    while wanted or big < 4:
        g = full_grid(rng)
        base = reduce(g, rng, 0)
        givens = [i for i in range(81) if base[i]]
        p = list(base)
        for i in rng.sample(givens, rng.randint(1, 4)):
            p[i] = 0
        n = count(p, 100000)
        if n in wanted:
            multiple.append((p, n))
            wanted[n] -= 1
            if not wanted[n]:
                del wanted[n]
        elif 20 <= n <= 3000 and big < 4:
            multiple.append((p, n))
            big += 1
    files["multiple.txt"] = (
        "# Puzzles with several solutions. The annotation after each puzzle gives the exact\n"
        "# number of solutions. The first four have exactly 2: a deadly rectangle.\n"
        + "".join(f"{line(p)} # solutions={n}\n" for p, n in multiple))

    none = []
    # A blank cell with no candidate: r1c9 sees 1-8 in its row and 9 in its column.
    p = [0] * 81
    for c in range(8):
        p[c] = c + 1
    p[4 * 9 + 8] = 9
    none.append((p, "r1c9 has no candidate"))
    # Digit 1 has no place in box 1 (rows 2-3 and columns 1-3 all see a 1 elsewhere).
    p = [0] * 81
    p[1 * 9 + 4] = 1
    p[2 * 9 + 7] = 1
    p[0 * 9 + 0] = 2
    p[0 * 9 + 1] = 3
    p[0 * 9 + 2] = 4
    p[5 * 9 + 3] = 5
    none.append((p, None))
    while len(none) < 12:
        g = full_grid(rng)
        base = reduce(g, rng, 0)
        i = rng.choice([i for i in range(81) if base[i]])
        for d in rng.sample(range(1, 10), 9):
            if d == base[i]:
                continue
            q = list(base)
            q[i] = d
            if rules_ok(q) and count(q, 1) == 0:
                none.append((q, "a given changed"))
                break
    assert count(none[1][0], 1) == 0 and rules_ok(none[1][0]), "box construction"
    assert count(none[0][0], 1) == 0 and rules_ok(none[0][0])
    files["none.txt"] = (
        "# Puzzles whose givens keep the rules (no digit twice in a row, column or box)\n"
        "# but which have no solution.\n" + "".join(line(p) + "\n" for p, _ in none))

    # Invalid lines: start from a known-good puzzle and break it one way per line.
    good = line(easy[0][0])
    g = easy[0][1]

    def dup(unit):
        # A full-grid line with one given changed so that a digit repeats in the named unit only.
        cells = [0] * 81
        if unit == "row":  # row 3: 5 at c2 and c8 (boxes 1 and 3)
            cells[2 * 9 + 1] = 5
            cells[2 * 9 + 7] = 5
        elif unit == "column":  # column 7: 8 at r1 and r9
            cells[0 * 9 + 6] = 8
            cells[8 * 9 + 6] = 8
        else:  # box 5: 4 at r4c4 and r6c6
            cells[3 * 9 + 3] = 4
            cells[5 * 9 + 5] = 4
        cells[40 if unit != "box" else 0] = 7
        return line(cells)

    bad = [
        ("80 cells", good[:80]),
        ("82 cells", good + "1"),
        ("an invalid character 'x' at column 5", good[:4] + "x" + good[5:]),
        ("an invalid character 'a' at column 81", good[:80] + "a"),
        ("digit 5 twice in row 3", dup("row")),
        ("digit 8 twice in column 7", dup("column")),
        ("digit 4 twice in box 5", dup("box")),
        ("text that is not a puzzle", "hello world"),
        ("cells glued to an annotation: 'x' at column 82", good + "x"),
    ]
    files["invalid.txt"] = "# Lines that are not valid puzzles; the comment above each says why.\n" + \
        "".join(f"# {why}\n{text}\n" for why, text in bad)

    files["empty.txt"] = "# The empty grid: a valid puzzle with very many solutions.\n" + "." * 81 + "\n"

    h = hard[0]
    e1 = easy[1][0]
    e2 = easy[2][0]
    grids = "# Puzzles as 9-line blocks, typed in different ways.\n"
    grids += "# Dots and separators, as printed by `sudoku solve`.\n" + grid_text(e1) + "\n"
    grids += "# Zeros, no separators.\n" + "".join(
        "".join(str(v) for v in e2[r * 9:r * 9 + 9]) + "\n" for r in range(9)) + "\n"
    grids += "# Underscores and separators with spaces.\n" + grid_text(h, "_") + "\n"
    grids += "# Compact rows with | and a +---+ ruler.\n" + "".join(
        ("+---+---+---+\n" if r % 3 == 0 else "") + "|" + "|".join(
            "".join(str(v) if v else "." for v in h[r * 9 + b * 3:r * 9 + b * 3 + 3]) for b in range(3)) + "|\n"
        for r in range(9)) + "+---+---+---+\n"
    files["grids.txt"] = grids

    m2 = multiple[0][0]
    n1 = none[2][0]
    mixed = (
        "# A batch mixing every kind of entry, in this order:\n"
        "# unique, annotated unique, multiple (2), no solution, invalid (80 cells), a 9-line grid,\n"
        "# invalid (digit twice), unique with ratings, invalid character, unique.\n"
        "\n"
        f"{line(easy[3][0])}\n"
        f"{line(easy[4][0])}  rating 1.2 ; source: generated\n"
        f"{line(m2)}\n"
        "\n"
        f"{line(n1)}\n"
        f"{good[:80]}\n"
        "# a grid\n"
        + grid_text(easy[5][0]) +
        f"{dup('row')}\n"
        f"{line(hard[1])},9.1,hard\n"
        f"{good[:10]}?{good[11:]}\n"
        f"{line(easy[6][0])}#last\n"
    )
    files["mixed.txt"] = mixed

    for name, text in files.items():
        with open(f"puzzles/{name}", "w") as f:
            f.write(text)
        print(name, file=sys.stderr)


if __name__ == "__main__":
    main()
