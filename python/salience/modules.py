"""Modules and defglobals, as clipspy models them."""

from salience.common import CLIPSError
from salience.values import Symbol


class Module:
    """A defmodule."""

    __slots__ = ("_env", "_name")

    def __init__(self, env, name: str):
        self._env = env
        self._name = str(name)

    def __hash__(self):
        return hash((id(self._env), self._name))

    def __eq__(self, module):
        return isinstance(module, Module) and self._env is module._env and self._name == module._name

    def __str__(self):
        return " ".join(self._pp().split())

    def __repr__(self):
        return "%s: %s" % (self.__class__.__name__, " ".join(self._pp().split()))

    def _pp(self) -> str:
        return self._env._call("ppdefmodule", Symbol(self._name), Symbol("nil")) or ""

    @property
    def name(self) -> str:
        """Module name."""
        return self._name


class Global:
    """A defglobal; ``value`` reads and sets it."""

    __slots__ = ("_env", "_name")

    def __init__(self, env, name: str):
        self._env = env
        self._name = str(name)

    def __hash__(self):
        return hash((id(self._env), self._name))

    def __eq__(self, glb):
        return isinstance(glb, Global) and self._env is glb._env and self._name == glb._name

    def __str__(self):
        return " ".join(self._pp().split())

    def __repr__(self):
        return "%s: %s" % (self.__class__.__name__, " ".join(self._pp().split()))

    def _pp(self) -> str:
        return self._env._call("ppdefglobal", Symbol(self._name), Symbol("nil")) or ""

    @property
    def value(self):
        """The global's value."""
        value = self._env._core.global_value(self._name)
        if value is None and not self._env._core.call("defglobal-module", Symbol(self._name)):
            raise CLIPSError("Global <%s> not defined" % self._name)
        return value

    @value.setter
    def value(self, value):
        if not self._env._core.set_global_value(self._name, value):
            raise CLIPSError("Global <%s> not defined" % self._name)

    @property
    def name(self) -> str:
        """Global name."""
        return self._name

    @property
    def module(self) -> Module:
        """The module in which the global is defined."""
        return Module(self._env, self._env._call("defglobal-module", Symbol(self._name)))

    @property
    def deletable(self) -> bool:
        """True if the global can be deleted."""
        return True

    def undefine(self):
        """Undefine the global (the CLIPS ``undefglobal`` command)."""
        self._env._call("undefglobal", Symbol(self._name))
