"""The puzzle solvers and rule-set comparisons, from Python."""

import json
import os

from salience import _native


def solve_all(kind: str, text: str, rules=None, variant=None, max_firings=None, timeout=None, explain=True) -> list:
    """Solve every puzzle in ``text``; one dict per puzzle (see ``solve``)."""
    rules = [os.fspath(r) for r in rules] if rules is not None else None
    return json.loads(_native.solve(kind, text, rules, variant, max_firings, timeout, explain))


def solve(kind: str, text: str, rules=None, variant=None, max_firings=None, timeout=None, explain=True) -> dict:
    """Solve a puzzle (``kind``: ``"hitori"``, ``"kakuro"`` or ``"sudoku"``).

    ``text`` is the puzzle in any format ``salience solve`` reads (for Sudoku, the
    81 digits with ``.`` or ``0`` for blanks). Returns what ``salience solve
    --format json --explain`` prints for it: ``status`` (``solved``, ``stuck``,
    ...), the answer (``solution`` or ``shading``), ``level``, ``firings``,
    ``rules`` and ``path``, the resolution path (one line per deduction).
    ``rules`` are rule files to use instead of the bundled ones; ``variant="x"``
    makes a Sudoku-X.
    """
    results = solve_all(kind, text, rules, variant, max_firings, timeout, explain)
    if not results:
        raise ValueError("no puzzle in the text")
    return results[0]


def compare(kind: str, files, rule_sets=None, max_firings=None, timeout=None, jobs=None) -> list:
    """Run rule sets on puzzle collections (``salience compare``).

    ``files``: puzzle files; ``rule_sets``: a list of rule sets, each a list of
    rule files (default: the bundled levels cumulated). Returns one row (dict) per
    rule set and puzzle, with the columns of ``salience compare --csv``
    (``rule_set``, ``collection``, ``index``, ``name``, ``status``, ``level``,
    ``firings``, ``elapsed_us``, ...), ready for ``pandas.DataFrame(rows)``.
    """
    files = [os.fspath(f) for f in files]
    if rule_sets is not None:
        rule_sets = [[os.fspath(f) for f in rule_set] for rule_set in rule_sets]
    return json.loads(_native.compare(kind, files, rule_sets, max_firings, timeout, jobs))
