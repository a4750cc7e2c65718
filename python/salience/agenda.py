"""Rules and activations, as clipspy models them."""

from salience.common import Verbosity
from salience.constructs import ModuleMember
from salience.values import Symbol


class Rule(ModuleMember):
    """A defrule."""

    __slots__ = ()

    _pp_command = "ppdefrule"
    _module_command = "defrule-module"

    @property
    def deletable(self) -> bool:
        """True if the rule can be deleted."""
        return True

    def matches(self, verbosity: Verbosity = Verbosity.TERSE):
        """The partial matches of the rule (the CLIPS ``matches`` command)."""
        level = {Verbosity.VERBOSE: "verbose", Verbosity.SUCCINT: "succinct", Verbosity.TERSE: "terse"}
        return self._env._call("matches", Symbol(self._name), Symbol(level[Verbosity(verbosity)]))

    def refresh(self):
        """Refresh the rule (the CLIPS ``refresh`` command)."""
        self._env._call("refresh", Symbol(self._name))

    def add_breakpoint(self):
        """Set a breakpoint on the rule."""
        self._env._call("set-break", Symbol(self._name))

    def remove_breakpoint(self):
        """Remove the rule's breakpoint."""
        self._env._call("remove-break", Symbol(self._name))

    def undefine(self):
        """Undefine the rule (the CLIPS ``undefrule`` command)."""
        self._env._call("undefrule", Symbol(self._name))

    def why_not(self) -> dict:
        """Why the rule is not activated: see ``Environment.why_not``."""
        return self._env.why_not(self._name)


class Activation:
    """An activation on the agenda (a snapshot)."""

    __slots__ = ("_env", "_name", "_salience", "_facts")

    def __init__(self, env, name: str, salience: int, facts: list):
        self._env = env
        self._name = name
        self._salience = salience
        self._facts = facts

    def __hash__(self):
        return hash((self._name, tuple(self._facts)))

    def __eq__(self, act):
        return isinstance(act, Activation) and (self._name, self._facts) == (act._name, act._facts)

    def __str__(self):
        facts = ",".join("f-%d" % f if f is not None else "*" for f in self._facts)
        return "%-6d %s: %s" % (self._salience, self._name, facts)

    def __repr__(self):
        return "%s: %s" % (self.__class__.__name__, " ".join(str(self).split()))

    @property
    def name(self) -> str:
        """The name of the rule the activation is of."""
        return self._name

    @property
    def salience(self) -> int:
        """The activation's salience."""
        return self._salience

    @property
    def facts(self) -> list:
        """The facts that matched (``None`` for a ``not`` pattern)."""
        return [self._env._fact(f) if f is not None else None for f in self._facts]


class Function(ModuleMember):
    """A deffunction (``define_function`` makes one too); calling it calls it."""

    __slots__ = ()

    _pp_command = "ppdeffunction"
    _module_command = "deffunction-module"

    def __call__(self, *arguments):
        """Call the function with Python values."""
        return self._env.call(self._name, *arguments)

    def undefine(self):
        """Undefine the function (the CLIPS ``undeffunction`` command)."""
        self._env._call("undeffunction", Symbol(self._name))
