"""The base of the construct wrappers (rules, templates, modules, globals,
functions, classes): an environment and a name, equal when both are, printed as
the construct's pretty-print form on one line, as clipspy prints them."""

from salience.values import Symbol


class Construct:
    """A named construct of an environment.

    A subclass names the CLIPS command that pretty-prints it (``_pp_command``).
    """

    __slots__ = ("_env", "_name")

    _pp_command = ""

    def __init__(self, env, name: str):
        self._env = env
        self._name = str(name)

    def __hash__(self):
        return hash((id(self._env), type(self).__name__, self._name))

    def __eq__(self, other):
        return type(other) is type(self) and self._env is other._env and self._name == other._name

    def __str__(self):
        return " ".join(self._pp().split())

    def __repr__(self):
        return "%s: %s" % (self.__class__.__name__, str(self))

    def _pp(self) -> str:
        return self._env._call(self._pp_command, Symbol(self._name), Symbol("nil")) or ""

    @property
    def name(self) -> str:
        """The construct's name."""
        return self._name


class ModuleMember(Construct):
    """A construct defined in a module: a subclass names the CLIPS function that
    tells which (``_module_command``)."""

    __slots__ = ()

    _module_command = ""

    @property
    def module(self):
        """The module in which the construct is defined."""
        from salience.modules import Module

        return Module(self._env, self._env._call(self._module_command, Symbol(self._name)))
