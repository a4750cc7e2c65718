"""Modules and defglobals, as clipspy models them."""

from salience.common import CLIPSError
from salience.constructs import Construct, ModuleMember
from salience.values import Symbol


class Module(Construct):
    """A defmodule."""

    __slots__ = ()

    _pp_command = "ppdefmodule"


class Global(ModuleMember):
    """A defglobal; ``value`` reads and sets it."""

    __slots__ = ()

    _pp_command = "ppdefglobal"
    _module_command = "defglobal-module"

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
    def deletable(self) -> bool:
        """True if the global can be deleted."""
        return True

    def undefine(self):
        """Undefine the global (the CLIPS ``undefglobal`` command)."""
        self._env._call("undefglobal", Symbol(self._name))
