"""Exceptions and enumerations, named and numbered as clipspy names them."""

from enum import IntEnum

from salience import _native


class CLIPSError(RuntimeError):
    """An error occurred within the CLIPS environment.

    The message is CLIPS's, its lines joined with spaces, as clipspy gives it.
    """

    def __init__(self, message: str = "", code: int = None):
        super().__init__(message)
        self.code = code


class LimitError(CLIPSError):
    """A run stopped at a limit (``Environment.max_firings``, ``max_seconds``)."""


def one_line(message: str) -> str:
    """A CLIPS message as clipspy's CLIPSError shows it: on one line."""
    return message.lstrip("\n").rstrip("\n").replace("\n", " ")


def engine_call(function, *args):
    """Calls a native function, raising its engine errors as CLIPSError."""
    try:
        return function(*args)
    except _native.LimitError as error:
        raise LimitError(str(error)) from None
    except _native.EngineError as error:
        raise CLIPSError(one_line(str(error))) from None


class Strategy(IntEnum):
    """Conflict-resolution strategies."""

    DEPTH = 0
    BREADTH = 1
    LEX = 2
    MEA = 3
    COMPLEXITY = 4
    SIMPLICITY = 5
    RANDOM = 6


class SalienceEvaluation(IntEnum):
    """When salience expressions are evaluated."""

    WHEN_DEFINED = 0
    WHEN_ACTIVATED = 1
    EVERY_CYCLE = 2


class Verbosity(IntEnum):
    """How much ``Rule.matches`` prints."""

    VERBOSE = 0
    SUCCINT = 1
    TERSE = 2


class SaveMode(IntEnum):
    """What ``save_facts`` saves."""

    LOCAL_SAVE = 0
    VISIBLE_SAVE = 1


class ClassDefaultMode(IntEnum):
    """COOL's class default mode (for API compatibility)."""

    CONVENIENCE_MODE = 0
    CONSERVATION_MODE = 1


class TemplateSlotDefaultType(IntEnum):
    """How a slot gets its default."""

    NO_DEFAULT = 0
    STATIC_DEFAULT = 1
    DYNAMIC_DEFAULT = 2
