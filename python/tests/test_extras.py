"""What salience adds to clipspy's API: facts as dicts, why / why_not, limits,
the puzzle solvers and rule-set comparisons."""

import pytest

import salience

FAMILY = """
(deftemplate parent (slot of) (slot is))
(deftemplate grandparent (slot of) (slot is))
(defrule grandparent "A parent's parent is a grandparent"
  (parent (of ?x) (is ?y))
  (parent (of ?y) (is ?z))
  =>
  (assert (grandparent (of ?x) (is ?z))))
(defrule great (grandparent (of ?x) (is ?y)) (parent (of ?y) (is ?z)) =>)
"""


def family(env):
    for construct in FAMILY.strip().split("\n(def"):
        env.build(construct if construct.startswith("(") else "(def" + construct)
    env.reset()


def test_facts_as_dicts(env):
    env.build("(deftemplate point (slot x) (multislot tags))")
    p = env.find_template("point").assert_fact(x=1, tags=["a", "b"])
    o = env.assert_string("(numbers 1 two)")
    assert p.as_dict() == {"x": 1, "tags": ("a", "b")}
    assert o.as_dict() == {"relation": "numbers", "fields": (1, "two")}
    assert [f.as_dict() for f in env.facts()] == [p.as_dict(), o.as_dict()]


def test_why_is_the_derivation(env):
    family(env)
    env.provenance = True
    ab = env.assert_string("(parent (of ann) (is bob))")
    bc = env.assert_string("(parent (of bob) (is cid))")
    env.run()
    (grand,) = env.find_template("grandparent").facts()
    why = env.why(grand)
    assert why["fact"] == grand.index
    assert why["rule"] == "grandparent"
    assert why["comment"] == "A parent's parent is a grandparent"
    assert [b["fact"] for b in why["because"]] == [ab.index, bc.index]
    assert all(b["rule"] is None and b["because"] == [] for b in why["because"])
    assert env.why(ab)["rule"] is None


def test_why_needs_provenance(env):
    fact = env.assert_string("(a)")
    with pytest.raises(salience.CLIPSError, match="provenance is off"):
        env.why(fact)


def test_why_not_names_the_closest_matches(env):
    family(env)
    env.assert_string("(parent (of ann) (is bob))")
    env.assert_string("(parent (of bob) (is cid))")
    env.run()
    (grand,) = env.find_template("grandparent").facts()
    answer = env.why_not("great")
    assert answer["rule"] == "great" and not answer["activated"]
    assert answer["closest"] == [grand.index]
    assert env.find_rule("great").why_not() == answer
    with pytest.raises(salience.CLIPSError):
        env.why_not("no-such-rule")


def test_limits_stop_a_runaway_program(env):
    env.build("(defrule loop ?f <- (n ?x) => (retract ?f) (assert (n (+ ?x 1))))")
    env.assert_string("(n 0)")
    env.max_firings = 50
    assert env.max_firings == 50
    with pytest.raises(salience.LimitError, match="firing limit reached after 50"):
        env.run()
    assert [str(f) for f in env.facts()] == ["(n 50)"]
    env.max_firings = None
    env.max_seconds = 0.05
    with pytest.raises(salience.LimitError, match="time limit"):
        env.run()
    assert env.max_seconds == pytest.approx(0.05)


SUDOKU = "003020600900305001001806400008102900700000008006708200002609500800203009005010300"
SUDOKU_2 = "200080300060070084030500209000105408000000000402706000301007040720040060004010003"


def valid_sudoku(givens, solution):
    """An independent check: every row, column and box holds 1-9, givens kept."""
    grid = [[int(solution[r * 9 + c]) for c in range(9)] for r in range(9)]
    units = [row for row in grid] + [[grid[r][c] for r in range(9)] for c in range(9)]
    units += [[grid[r][c] for r in range(br, br + 3) for c in range(bc, bc + 3)] for br in (0, 3, 6) for bc in (0, 3, 6)]
    kept = all(g in "0." or g == s for g, s in zip(givens, solution))
    return kept and all(sorted(u) == list(range(1, 10)) for u in units)


def test_solve_returns_the_answer_and_its_path():
    result = salience.solve("sudoku", SUDOKU)
    assert result["status"] == "solved"
    assert valid_sudoku(SUDOKU, result["solution"])
    assert result["firings"] == sum(result["rules"].values()) > 0
    assert len(result["path"]) >= SUDOKU.count("0")


def test_solve_rejects_an_unknown_kind():
    with pytest.raises(ValueError, match="unknown puzzle kind"):
        salience.solve("chess", SUDOKU)


def test_compare_rows_are_ready_for_pandas(tmp_path):
    puzzles = tmp_path / "two.txt"
    puzzles.write_text(SUDOKU + "\n" + SUDOKU_2 + "\n")
    rows = salience.compare("sudoku", [puzzles], jobs=1)
    levels = {row["rule_set"] for row in rows}
    assert len(rows) == 2 * len(levels)
    columns = {"rule_set", "collection", "index", "name", "status", "level", "firings", "elapsed_us"}
    assert all(columns <= set(row) for row in rows)
    strongest = [row for row in rows if row["rule_set"] == max(levels, key=len)]
    for row in strongest:
        assert row["status"] == "solved"
        givens = SUDOKU if row["index"] == 1 else SUDOKU_2
        assert valid_sudoku(givens, row["answer"])


def test_instances_as_dicts_and_made_from_text(env):
    env.build("(defclass A (is-a USER) (slot x (default 1)) (multislot ys))")
    env.build("(defclass B (is-a A) (slot z))")
    b = env.make_instance("(b1 of B (z 3) (ys a b))")
    assert b == env.find_instance("b1")
    # Every slot, inherited ones too (iteration gives the class's own, as clipspy).
    assert b.as_dict() == {"x": 1, "ys": ("a", "b"), "z": 3}
    assert list(b) == [("z", 3)]
    with pytest.raises(salience.CLIPSError):
        env.make_instance("(c1 of NOPE)")


def test_instances_reach_python_functions_as_instances(env):
    seen = []
    env.define_function(lambda i: seen.append(i) or i, name="look")
    env.build("(defclass A (is-a USER) (slot x))")
    a = env.find_class("A").make_instance("a1", x=4)
    returned = env.eval("(look (instance-address [a1]))")
    assert seen == [a] and isinstance(seen[0], salience.Instance)
    assert seen[0]["x"] == 4
    # An instance given back to CLIPS designates it by name.
    assert returned == salience.InstanceName("a1")
    assert env.call("instance-existp", a) == "TRUE"


def test_a_slot_write_is_checked(env):
    env.build("(defclass A (is-a USER) (slot x (access read-only) (default 1)) (slot y))")
    a = env.find_class("A").make_instance("a1")
    with pytest.raises(salience.CLIPSError, match="MSGFUN3"):
        a.modify_slots(x=2)
    with pytest.raises(KeyError):
        a.modify_slots(w=2)
    with pytest.raises(salience.CLIPSError, match="INSFUN7"):
        a.modify_slots(y=(1, 2))
    a.modify_slots(y=5)
    assert (a["x"], a["y"]) == (1, 5)
