"""``Environment``: one CLIPS engine, with clipspy's API and a few Pythonic extras."""

import os
import re
import traceback
import weakref

from salience import _native
from salience.agenda import Activation, Function, Rule
from salience.classes import Class, Instance
from salience.common import (
    CLIPSError,
    SalienceEvaluation,
    Strategy,
    engine_call,
    one_line,
)
from salience.facts import Fact, Template, fact_of_kind, new_fact
from salience.modules import Global, Module
from salience.routers import ErrorRouter, default_write
from salience.values import InstanceName, Symbol

DEFFUNCTION = """
(deffunction {0} ($?args)
  (python-function {0} (expand$ ?args)))
"""

STRATEGIES = ["depth", "breadth", "lex", "mea", "complexity", "simplicity", "random"]
EVALUATIONS = ["when-defined", "when-activated", "every-cycle"]


def _fact_factory(env_ref):
    def factory(index, implied):
        return fact_of_kind(env_ref(), index, implied)

    return factory


def _instance_factory(env_ref):
    def factory(name):
        return Instance(env_ref(), name)

    return factory


def _dispatcher(env_ref):
    def dispatch(name, message):
        env = env_ref()
        if env is None:
            default_write(name, message)
        else:
            env._dispatch(name, message)

    return dispatch


def _python_function(functions):
    def call(name, *args):
        try:
            return functions[name](*args)
        except Exception as error:  # noqa: BLE001 - every error becomes a CLIPS error
            message = "[PYCODEFUN1] %r" % error
            raise _native.EngineError("\n".join((message, traceback.format_exc().rstrip("\n"))))

    return call


class Environment:
    """An independent CLIPS engine with its own constructs, facts and agenda.

    The API is clipspy's (``load``, ``build``, ``eval``, ``reset``, ``run``,
    ``facts()``, ``find_template``, ``define_function``, routers, ...); a program
    written for clipspy runs after ``import salience as clips``.
    """

    def __init__(self):
        ref = weakref.ref(self)
        self._functions = {}
        self._routers = {}
        types = {
            "symbol": Symbol,
            "instance_name": InstanceName,
            "fact": Fact,
            "fact_factory": _fact_factory(ref),
            "instance": Instance,
            "instance_factory": _instance_factory(ref),
        }
        self._core = _native.Core(types, _dispatcher(ref), _python_function(self._functions))
        self._error_router = ErrorRouter()
        self.add_router(self._error_router)

    # ---- internals ----

    def _fact(self, index: int) -> Fact:
        return new_fact(self, index)

    def _call(self, name: str, *args):
        return engine_call(self._core.call, name, *args)

    def _dispatch(self, name: str, message: str, skip=None):
        routers = sorted(self._routers.values(), key=lambda r: -r.priority)
        if skip is not None:
            routers = [r for r in routers if r.priority < skip.priority]
        for router in routers:
            if router._active and router.query(name):
                router.write(name, message)
                return
        default_write(name, message)

    def _error(self, message: str = "", code: int = None) -> CLIPSError:
        """The CLIPSError of a failed call: the error output since the last one."""
        return CLIPSError(one_line(self._error_router.last_message or message), code=code)

    def _report_and_raise(self, error, code):
        self._dispatch("stderr", str(error) + "\n")
        raise self._error(code=code) from None

    # ---- environment ----

    def load(self, path: str, binary: bool = False):
        """Load constructs from a file (the CLIPS ``load`` command)."""
        if binary:
            raise CLIPSError("binary files (bload) are not supported", code=1)
        errors_before = self._error_router._last_message
        loaded = self._call("load", os.fspath(path)) == "TRUE"
        if not loaded or self._error_router._last_message != errors_before:
            raise self._error(code=2 if os.path.exists(path) else 1)

    def save(self, path: str, binary: bool = False):
        """Save the constructs to a file (the CLIPS ``save`` command)."""
        if binary or self._call("save", os.fspath(path)) != "TRUE":
            raise self._error("could not save constructs")

    def batch_star(self, path: str):
        """Evaluate the commands of a file (the CLIPS ``batch*`` command)."""
        if self._call("batch*", os.fspath(path)) != "TRUE":
            raise self._error()

    def build(self, construct: str):
        """Build a single construct (the CLIPS ``build`` function)."""
        if self._call("build", construct) != "TRUE":
            raise self._error(code=3)

    def eval(self, expression: str):
        """Evaluate an expression and return its value (the CLIPS ``eval`` function)."""
        try:
            return self._core.call("eval", expression)
        except _native.EngineError as error:
            self._report_and_raise(error, 1)

    def reset(self):
        """Reset the environment (the CLIPS ``reset`` command)."""
        self._core.reset()

    def clear(self):
        """Clear the environment (the CLIPS ``clear`` command)."""
        if not self._core.clear():
            raise self._error()

    # ---- facts ----

    @property
    def fact_duplication(self) -> bool:
        """Whether identical facts may be asserted."""
        return self._call("get-fact-duplication") == "TRUE"

    @fact_duplication.setter
    def fact_duplication(self, duplication: bool):
        self._call("set-fact-duplication", bool(duplication))

    def facts(self):
        """Iterate over the facts in working memory."""
        return (new_fact(self, i) for i in self._core.fact_indices())

    def templates(self):
        """Iterate over the defined templates."""
        return (Template(self, n) for n in self._call("get-deftemplate-list"))

    def find_template(self, name: str) -> Template:
        """Find a template by its name (LookupError if there is none)."""
        if name not in self._call("get-deftemplate-list"):
            raise LookupError("Template '%s' not found" % name)
        return Template(self, name)

    def assert_string(self, string: str) -> Fact:
        """Assert a fact written as CLIPS text, e.g. ``(point (x 1))``."""
        try:
            fact = self._core.call("assert-string", string)
        except _native.EngineError as error:
            self._report_and_raise(error, 1)
        if not isinstance(fact, Fact):
            raise self._error(code=1)
        return fact

    def load_facts(self, facts: str):
        """Load facts from a file, or from a string of facts."""
        if os.path.exists(facts):
            if self._call("load-facts", facts) == -1:
                raise self._error()
            return
        for text in re.findall(r"\((?:[^()\"]|\"(?:\\.|[^\"\\])*\"|\((?:[^()\"]|\"(?:\\.|[^\"\\])*\")*\))*\)", facts):
            self.assert_string(text)

    def save_facts(self, path, mode=0):
        """Save the facts to a file (the CLIPS ``save-facts`` command)."""
        scope = Symbol("visible" if mode else "local")
        if self._call("save-facts", os.fspath(path), scope) != "TRUE":
            raise self._error()

    def defined_facts(self):
        """Iterate over the deffacts names."""
        return iter(self._call("get-deffacts-list"))

    # ---- agenda ----

    @property
    def focus(self) -> Module:
        """The module on top of the focus stack."""
        name = self._call("get-focus")
        return None if name == "FALSE" else Module(self, name)

    @focus.setter
    def focus(self, module: Module):
        self._call("focus", Symbol(module.name))

    @property
    def strategy(self) -> Strategy:
        """The conflict-resolution strategy."""
        return Strategy(STRATEGIES.index(self._call("get-strategy")))

    @strategy.setter
    def strategy(self, value: Strategy):
        self._call("set-strategy", Symbol(STRATEGIES[Strategy(value)]))

    @property
    def salience_evaluation(self) -> SalienceEvaluation:
        """When salience expressions are evaluated."""
        return SalienceEvaluation(EVALUATIONS.index(self._call("get-salience-evaluation")))

    @salience_evaluation.setter
    def salience_evaluation(self, value: SalienceEvaluation):
        self._call("set-salience-evaluation", Symbol(EVALUATIONS[SalienceEvaluation(value)]))

    def rules(self):
        """Iterate over the defined rules."""
        return (Rule(self, n) for n in self._call("get-defrule-list"))

    def find_rule(self, name: str) -> Rule:
        """Find a rule by its name (LookupError if there is none)."""
        if name not in self._call("get-defrule-list"):
            raise LookupError("Rule '%s' not found" % name)
        return Rule(self, name)

    def reorder(self, module: Module = None):
        """Reorder the agenda (after changing the strategy)."""
        self.refresh(module)

    def refresh(self, module: Module = None):
        """Refresh the agenda (the CLIPS ``refresh-agenda`` command)."""
        if module is None:
            self._call("refresh-agenda")
        else:
            self._call("refresh-agenda", Symbol(module.name))

    def activations(self):
        """Iterate over the current module's activations, in firing order."""
        return (Activation(self, *a) for a in self._core.activations())

    def clear_focus(self):
        """Empty the focus stack (the CLIPS ``clear-focus-stack`` command)."""
        self._call("clear-focus-stack")

    def run(self, limit: int = None) -> int:
        """Fire rules (at most ``limit``); return how many fired.

        The GIL is released while rules run (Python functions called from rules
        take it again). An error in a rule's actions is reported on the error
        router and ends the run, as in CLIPS. A limit set with ``max_firings`` or
        ``max_seconds`` raises ``LimitError``.
        """
        return engine_call(self._core.run, limit)

    # ---- modules and globals ----

    @property
    def current_module(self) -> Module:
        """The current module."""
        return Module(self, self._call("get-current-module"))

    @current_module.setter
    def current_module(self, module: Module):
        self._call("set-current-module", Symbol(module.name))

    @property
    def reset_globals(self) -> bool:
        """Whether ``reset`` restores the globals' initial values."""
        return self._call("get-reset-globals") == "TRUE"

    @reset_globals.setter
    def reset_globals(self, value: bool):
        self._call("set-reset-globals", bool(value))

    def globals(self):
        """Iterate over the defined globals."""
        return (Global(self, n) for n in self._call("get-defglobal-list"))

    def find_global(self, name: str) -> Global:
        """Find a global by its name (LookupError if there is none)."""
        if name not in self._call("get-defglobal-list"):
            raise LookupError("Global '%s' not found" % name)
        return Global(self, name)

    def modules(self):
        """Iterate over the defined modules."""
        return (Module(self, n) for n in self._call("get-defmodule-list"))

    def find_module(self, name: str) -> Module:
        """Find a module by its name (LookupError if there is none)."""
        if name not in self._call("get-defmodule-list"):
            raise LookupError("Module '%s' not found" % name)
        return Module(self, name)

    # ---- functions ----

    def call(self, function: str, *arguments):
        """Call a CLIPS function, deffunction or command with Python values."""
        try:
            return self._core.call(function, *arguments)
        except _native.EngineError as error:
            self._report_and_raise(error, 1)

    def functions(self):
        """Iterate over the deffunctions."""
        return (Function(self, n) for n in self._call("get-deffunction-list"))

    def find_function(self, name: str) -> "Function":
        """Find a deffunction by its name (LookupError if there is none)."""
        if name not in self._call("get-deffunction-list"):
            raise LookupError("Function '%s' not found" % name)
        return Function(self, name)

    def define_function(self, function, name: str = None):
        """Make a Python callable a CLIPS function, named ``name`` or its own name.

        Rules and commands call it as a deffunction. An exception it raises
        becomes a CLIPS error ``[PYCODEFUN1] ...`` (with the traceback) that stops
        the rule, as in clipspy.
        """
        name = name if name is not None else function.__name__
        self._functions[name] = function
        self.build(DEFFUNCTION.format(name))

    # ---- routers ----

    def routers(self):
        """The user routers installed."""
        return self._routers.values()

    def add_router(self, router):
        """Add a router: it receives the output its ``query`` accepts."""
        router._env = self
        self._routers[router.name] = router

    def write_router(self, router_name: str, *args):
        """Write the arguments to a logical name, as ``printout`` writes them."""
        for arg in args:
            self._call("printout", Symbol(router_name), arg)

    # ---- COOL ----

    def classes(self):
        """Iterate over the classes, CLIPS's predefined ones first."""
        return (Class(self, n) for n in self._core.class_names())

    def find_class(self, name: str) -> Class:
        """Find a class by its name (LookupError if there is none)."""
        if self._core.class_info(name) is None:
            raise LookupError("Class '%s' not found" % name)
        return Class(self, name)

    def instances(self):
        """Iterate over the instances, in the order they were made."""
        return (Instance(self, n) for n in self._core.instance_names())

    def find_instance(self, name: str, module=None) -> Instance:
        """Find an instance by its name, without brackets (LookupError if there
        is none). ``module`` is accepted for clipspy's signature."""
        if self._core.instance_slots(name) is None:
            raise LookupError("Instance '%s' not found" % name)
        return Instance(self, name)

    def make_instance(self, command: str) -> Instance:
        """Make an instance from CLIPS text ``(name of CLASS (slot value)...)``,
        as CLIPS's ``MakeInstance`` does; the new instance."""
        name = self.eval("(make-instance %s)" % command.strip()[1:-1])
        if not isinstance(name, InstanceName):
            raise self._error("could not make the instance", code=1)
        return Instance(self, name)

    # ---- extras ----

    @property
    def max_firings(self):
        """The most rules one ``run`` may fire (None: no limit)."""
        return self._core.limits()[0]

    @max_firings.setter
    def max_firings(self, value):
        self._core.set_limits(value, self._core.limits()[1])

    @property
    def max_seconds(self):
        """The longest one ``run`` may take, in seconds (None: no limit)."""
        return self._core.limits()[1]

    @max_seconds.setter
    def max_seconds(self, value):
        self._core.set_limits(self._core.limits()[0], value)

    @property
    def provenance(self) -> bool:
        """Whether rule firings are recorded, for ``why``."""
        return self._call("get-provenance") == "TRUE"

    @provenance.setter
    def provenance(self, on: bool):
        self._core.set_provenance(bool(on))

    def why(self, fact, depth: int = 12) -> dict:
        """Why a fact holds, as nested dicts.

        ``{"fact": index, "text": "(...)", "rule": name or None, "comment": ...,
        "firing": n, "because": [same for each fact the rule matched]}``; ``rule``
        is None for a fact given from outside the rules. Needs ``provenance`` on
        before the run.
        """
        index = fact.index if isinstance(fact, Fact) else int(fact)
        return engine_call(self._core.why, index, depth)

    def why_not(self, rule) -> dict:
        """Why a rule is not activated.

        ``{"rule": name, "activated": bool, "explanation": text, "closest":
        [fact indices of the closest partial matches]}``.
        """
        name = rule.name if isinstance(rule, Rule) else str(rule)
        text = engine_call(self._core.why_not, name)
        closest = [int(m) for m in re.findall(r"^\s+f-(\d+)", text, re.M)]
        return {
            "rule": name,
            "activated": " is activated: " in text,
            "explanation": text,
            "closest": closest,
        }
