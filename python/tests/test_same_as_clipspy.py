"""The same programs through clipspy and through salience give the same results.

Each scenario takes the module (``clips`` or ``salience``) and returns what a
program written against clipspy observes: output, facts, values, errors.
"""

import pytest

import salience
from conftest import Capture

PROGRAM = """
(deftemplate person (slot name) (slot age (type INTEGER)) (multislot likes))
(deffacts people
  (person (name Ann) (age 31) (likes tea cake))
  (person (name Bob) (age 17) (likes coffee)))
(defglobal ?*adults* = 0)
(defrule adult
  (person (name ?n) (age ?a&:(>= ?a 18)))
  =>
  (bind ?*adults* (+ ?*adults* 1))
  (printout t ?n " is an adult" crlf)
  (assert (adult ?n)))
(defrule minor
  (person (name ?n) (age ?a&:(< ?a 18)))
  =>
  (printout t ?n " is a minor, " (- 18 ?a) " years to go" crlf))
(defrule pair
  (adult ?x)
  (person (name ?y&~?x))
  =>
  (printout t ?x " looks after " ?y crlf))
"""


def loaded(m, program):
    """An environment of module `m` with a capturing router and `program` built in
    it construct by construct: the environment and the capture."""
    env = m.Environment()
    out = Capture.of(m)
    env.add_router(out)
    for construct in split_constructs(program):
        env.build(construct)
    return env, out


def run_program(m):
    env, out = loaded(m, PROGRAM)
    env.reset()
    activations = [repr(a) for a in env.activations()]
    fired = env.run()
    return {
        "activations": activations,
        "fired": fired,
        "output": out.text,
        "facts": [repr(f) for f in env.facts()],
        "adults": env.find_global("adults").value,
        "rules": [r.name for r in env.rules()],
        "templates": [t.name for t in env.templates()],
        "modules": [mod.name for mod in env.modules()],
        "globals": [g.name for g in env.globals()],
    }


def split_constructs(text):
    """The top-level parenthesised constructs of ``text``."""
    items, depth, start, in_string = [], 0, None, False
    for i, c in enumerate(text):
        if in_string:
            in_string = c != '"' or text[i - 1] == "\\"
        elif c == '"':
            in_string = True
        elif c == "(":
            start = i if depth == 0 else start
            depth += 1
        elif c == ")":
            depth -= 1
            if depth == 0:
                items.append(text[start : i + 1])
    return items


def facts_api(m):
    env = m.Environment()
    env.build("(deftemplate point (slot x (default 0)) (slot y) (multislot tags))")
    template = env.find_template("point")
    p = template.assert_fact(x=1, y=2.5, tags=["a", m.Symbol("b")])
    q = env.assert_string('(point (x 3) (y "three"))')
    o = env.assert_string("(numbers 1 2.0 three \"four\")")
    seen = {
        "p": (p.index, p["x"], p["y"], p["tags"], repr(p), str(p), len(p), dict(p)),
        "q": (q.index, q["x"], q["y"], q["tags"]),
        "o": (o.index, list(o), o[2], len(o), type(o[2]).__name__, repr(o)),
        "template": (template.name, template.implied, [s.name for s in template.slots]),
        "multi": [s.multifield for s in template.slots],
        "implied": env.find_template("numbers").implied,
        "fact template": p.template.name,
    }
    p.modify_slots(y=7)
    seen["modified"] = (p.index, p["y"], p.exists)
    q.retract()
    seen["retracted"] = (q.exists, [f.index for f in env.facts()])
    try:
        p["nope"]
    except KeyError as error:
        seen["missing slot"] = str(error)
    try:
        env.find_template("nope")
    except LookupError as error:
        seen["missing template"] = str(error)
    return seen


def eval_values(m):
    env = m.Environment()
    expressions = [
        "(+ 1 2)",
        "(/ 7 2)",
        "(create$ a \"b\" 3 4.5 (create$))",
        "(str-cat a b)",
        "(sym-cat a b)",
        "(> 2 1)",
        "(< 2 1)",
        "(printout t)",
        "nil",
    ]
    return [(repr(v), type(v).__name__) for v in map(env.eval, expressions)]


def errors(m):
    env = m.Environment()
    seen = []
    for call, arg in [
        (env.eval, "(+ 1 a)"),
        (env.eval, "(undefined-function 1)"),
        (env.build, "(defrule b (x ?v) => (foo))"),
        (env.build, "(deftemplate"),
        (env.assert_string, "(point (x 1))"),
    ]:
        try:
            call(arg)
            seen.append("no error")
        except m.CLIPSError as error:
            seen.append(str(error))
    return seen


def python_functions(m):
    env = m.Environment()
    out = Capture.of(m)
    env.add_router(out)
    calls = []

    def record(*args):
        calls.append(args)
        return sum(a for a in args if isinstance(a, int))

    def boom(x):
        raise ValueError("bad %s" % x)

    env.define_function(record)
    env.define_function(boom, name="explode")
    env.build("(defrule r (n ?v) => (printout t (record ?v 2 x \"s\" 1.5 (create$ 1 2)) crlf))")
    env.build('(defrule e (n ?v) => (printout t "before" crlf) (explode ?v) (printout t "after" crlf))')
    env.reset()
    env.assert_string("(n 1)")
    fired = env.run()
    errors = "".join(out.err)
    return {
        "fired": fired,
        "output": out.text,
        "calls": [tuple((type(a).__name__, a) for a in c) for c in calls],
        "error head": errors.splitlines()[0],
        "error tail": [line for line in errors.splitlines() if line.startswith("[")],
        "functions": [f.name for f in env.functions()],
        "function text": [str(f) for f in env.functions()],
        "value": env.eval("(record 5 6)"),
    }


def agenda(m):
    env = m.Environment()
    env.build("(defrule a (declare (salience 10)) (x ?v) => )")
    env.build("(defrule b (x ?v) (y ?v) => )")
    env.build("(defrule c (x ?v) (not (z ?v)) => )")
    for f in ["(x 1)", "(y 1)", "(x 2)", "(z 2)"]:
        env.assert_string(f)
    seen = {"depth": [repr(a) for a in env.activations()]}
    env.strategy = m.Strategy.BREADTH
    env.refresh()
    seen["strategy"] = env.strategy
    seen["names"] = [(a.name, a.salience) for a in env.activations()]
    seen["run 2"] = env.run(2)
    seen["left"] = [a.name for a in env.activations()]
    seen["focus"] = env.focus.name
    seen["current module"] = env.current_module.name
    return seen


def clear_and_reset(m):
    env = m.Environment()
    env.build("(deffacts f (a) (b))")
    env.reset()
    seen = [[str(f) for f in env.facts()]]
    env.reset()
    seen.append([f.index for f in env.facts()])
    env.clear()
    seen.append([str(f) for f in env.facts()])
    seen.append([r.name for r in env.rules()])
    return seen


def load_and_batch(m, tmp_path):
    constructs = tmp_path / "c.clp"
    constructs.write_text(
        '(deftemplate t (slot v))\n(defrule r (t (v ?v)) => (printout t "v=" ?v crlf))\n'
    )
    batch = tmp_path / "b.bat"
    batch.write_text("(assert (t (v 1)))\n(assert (t (v 2)))\n(run)\n")
    env = m.Environment()
    out = Capture.of(m)
    env.add_router(out)
    env.load(str(constructs))
    env.reset()
    env.batch_star(str(batch))
    seen = [out.text, [str(f) for f in env.facts()]]
    try:
        env.load(str(tmp_path / "missing.clp"))
        seen.append("no error")
    except m.CLIPSError as error:
        seen.append(type(error).__name__)
    return seen


def globals_and_modules(m):
    env = m.Environment()
    env.build("(defglobal ?*g* = 5 ?*h* = (create$ a b))")
    g = env.find_global("g")
    seen = [g.value, env.find_global("h").value, g.module.name]
    g.value = 42
    seen.append(env.eval("?*g*"))
    env.build("(defmodule OTHER (export ?ALL))")
    seen.append([mod.name for mod in env.modules()])
    seen.append(env.current_module.name)
    return seen


def functions_and_settings(m, tmp_path=None):
    env = m.Environment()
    out = Capture.of(m)
    env.add_router(out)
    env.build("(deffunction add3 (?a ?b ?c) (+ ?a ?b ?c))")
    seen = {
        "call": env.call("+", 1, 2.5),
        "deffunction": env.find_function("add3")(1, 2, 3),
        "names": [f.name for f in env.functions()],
        "function": str(env.find_function("add3")),
        "evaluation": env.salience_evaluation,
        "duplication": env.fact_duplication,
    }
    env.salience_evaluation = m.SalienceEvaluation.WHEN_ACTIVATED
    env.fact_duplication = True
    first = env.assert_string("(same 1)")
    second = env.assert_string("(same 1)")
    seen["duplicates"] = (first.index, second.index)
    seen["settings"] = (env.salience_evaluation, env.fact_duplication)
    env.write_router("stdout", "text ", m.Symbol("sym"), " ", 42, "\n")
    seen["written"] = out.text
    seen["routers"] = sorted(r.name for r in env.routers())
    try:
        env.find_function("nope")
    except LookupError as error:
        seen["missing function"] = str(error)
    return seen


CLASSES = """
(defclass A (is-a USER) (slot x (default 1)) (multislot ys))
(defclass B (is-a A) (slot z))
(defmessage-handler A double () (* 2 ?self:x))
(defrule show (item ?i) => (printout t "item " ?i " is " (send ?i double) crlf))
"""


def classes_and_instances(m):
    env, out = loaded(m, CLASSES)
    env.eval("(make-instance a1 of A (x 5) (ys 1 2))")
    a1 = env.find_instance("a1")
    seen = {"a1": (repr(a1), str(a1), a1.name, repr(a1.instance_class), list(a1), a1["x"], a1["ys"])}
    A, B = env.find_class("A"), env.find_class("B")
    b1 = B.make_instance("b1", x=3, z="s", ys=(1, m.Symbol("q")))
    seen["b1"] = (repr(b1), list(b1), b1["x"], b1["z"])
    seen["unnamed"] = repr(A.make_instance(x=7))
    seen["classes"] = [c.name for c in env.classes()]
    seen["instances"] = [repr(i) for i in env.instances()]
    seen["send"] = (a1.send("double"), b1.send("put-z", "42"), b1["z"])
    seen["address"] = (repr(env.eval("(instance-address [a1])")), env.eval("(instance-address [a1])") == a1)
    name = env.eval("(instance-name [a1])")
    seen["name"] = (name, type(name).__name__)
    for lookup in (lambda: env.find_instance("zz"), lambda: env.find_class("Q")):
        try:
            lookup()
        except LookupError as error:
            seen.setdefault("lookup", []).append(str(error))
    seen["class"] = (A.abstract, A.reactive, A.module.name, A.deletable, str(A))
    seen["slots"] = ([s.name for s in A.slots()], [s.name for s in B.slots()], [s.name for s in B.slots(inherited=True)])
    seen["slot facets"] = [(s.name, s.public, s.initializable, s.writable) for s in B.slots(inherited=True)]
    seen["hierarchy"] = ([c.name for c in A.subclasses()], [c.name for c in B.superclasses()], [c.name for c in B.superclasses(inherited=True)])
    seen["subclass"] = (B.subclass(A), A.superclass(B), A.subclass(B))
    seen["class instances"] = [repr(i) for i in A.instances()]
    seen["handlers"] = [(h.name, h.type) for h in A.message_handlers()]
    seen["handler"] = str(A.find_message_handler("double"))
    a1.modify_slots(x=9)
    seen["modified"] = repr(a1)
    try:
        B.make_instance("q", nope=1)
    except KeyError as error:
        seen["bad slot"] = str(error)
    env.assert_string("(item [a1])")
    env.run()
    seen["rule output"] = out.text
    a1.delete()
    seen["deleted"] = [repr(i) for i in env.instances()]
    b1.unmake()
    seen["unmade"] = [repr(i) for i in env.instances()]
    seen["deletable"] = B.deletable
    return seen


SCENARIOS = [classes_and_instances, functions_and_settings, run_program, facts_api, eval_values, errors, python_functions, agenda, clear_and_reset, globals_and_modules]


@pytest.mark.parametrize("scenario", SCENARIOS, ids=lambda s: s.__name__)
def test_same_results(scenario, clipspy):
    assert scenario(salience) == scenario(clipspy)


def test_load_and_batch_same(clipspy, tmp_path):
    (tmp_path / "s").mkdir()
    (tmp_path / "c").mkdir()
    assert load_and_batch(salience, tmp_path / "s") == load_and_batch(clipspy, tmp_path / "c")
