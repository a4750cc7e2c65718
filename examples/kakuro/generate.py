#!/usr/bin/env python3
"""Generates the small example Kakuros in this folder: random block patterns on an n x n grid
(with the clue frame of row 0 and column 0), random digit fillings with distinct digits in every
run, clues derived as the run sums; only puzzles with exactly one solution are kept. Output is the
Sevilla line format (`x` block, digit = the white cell's solution), so the digits are the oracle.

    python3 generate.py SIZE COUNT SEED > file.txt
"""
import random
import sys


def runs(grid, n):
    """Maximal horizontal and vertical runs of white cells, as lists of (row, col)."""
    out = []
    for horizontal in (True, False):
        for a in range(n):
            run = []
            for b in range(n + 1):
                r, c = (a, b) if horizontal else (b, a)
                if b < n and grid[r][c]:
                    run.append((r, c))
                else:
                    if run:
                        out.append(run)
                    run = []
    return out


def pattern(n, rng):
    """A block pattern: frame blocked; inner squares blocked one at a time, in random order,
    whenever that leaves no run of one cell, until every run has 2 to 4 cells."""
    while True:
        grid = [[r > 0 and c > 0 for c in range(n)] for r in range(n)]
        inner = [(r, c) for r in range(1, n) for c in range(1, n)]
        rng.shuffle(inner)
        for r, c in inner:
            if max(len(run) for run in runs(grid, n)) <= 4:
                break
            grid[r][c] = False
            if any(len(run) < 2 for run in runs(grid, n)):
                grid[r][c] = True
        rs = runs(grid, n)
        if rs and all(2 <= len(run) <= 4 for run in rs):
            return grid, rs


def count(cells, run_of, clue, limit):
    """Solutions of the clued grid, up to `limit`, by backtracking."""
    value, found = {}, [0]

    def ok(cell):
        for run in run_of[cell]:
            vals = [value[x] for x in run if x in value]
            if len(vals) != len(set(vals)):
                return False
            rest, k = clue[tuple(run)] - sum(vals), len(run) - len(vals)
            if not k * (k + 1) // 2 <= rest <= k * (19 - k) // 2:
                return False
        return True

    def go(i):
        if found[0] >= limit:
            return
        if i == len(cells):
            found[0] += 1
            return
        for d in range(1, 10):
            value[cells[i]] = d
            if ok(cells[i]):
                go(i + 1)
            del value[cells[i]]

    go(0)
    return found[0]


def fill(cells, run_of, rng):
    """A random filling with distinct digits in every run (extreme digits preferred), or None."""
    value = {}

    def go(i):
        if i == len(cells):
            return True
        # Extreme digits first, mostly: sums of small or large digits have few combinations,
        # which makes a unique solution far more likely.
        digits = sorted(range(1, 10), key=lambda d: rng.random() - 0.25 * abs(d - 5))
        for d in digits:
            if all(d not in [value.get(x) for x in run] for run in run_of[cells[i]]):
                value[cells[i]] = d
                if go(i + 1):
                    return True
                del value[cells[i]]
        return False

    return value if go(0) else None


def main():
    n, wanted, seed = int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3])
    rng = random.Random(seed)
    made = 0
    while made < wanted:
        grid, rs = pattern(n, rng)
        cells = [(r, c) for r in range(n) for c in range(n) if grid[r][c]]
        run_of = {cell: [run for run in rs if cell in run] for cell in cells}
        value = fill(cells, run_of, rng)
        if value is None:
            continue
        clue = {tuple(run): sum(value[x] for x in run) for run in rs}
        if count(cells, run_of, clue, 2) == 1:
            print("".join(str(value[(r, c)]) if grid[r][c] else "x" for r in range(n) for c in range(n)))
            made += 1


if __name__ == "__main__":
    main()
