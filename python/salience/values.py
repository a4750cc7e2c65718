"""CLIPS value types without a Python equivalent: symbols and instance names."""

import sys


class Symbol(str):
    """Python equivalent of a CLIPS SYMBOL."""

    def __new__(cls, symbol):
        return str.__new__(cls, sys.intern(str(symbol)))


class InstanceName(Symbol):
    """Python equivalent of a CLIPS INSTANCE_NAME."""
