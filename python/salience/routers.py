"""Routers: Python objects that receive what CLIPS writes (``printout``, errors).

Output reaches the routers of an environment highest priority first; the first
whose ``query(name)`` is true gets ``write(name, message)``. Logical names are
``stdout`` (``printout t``) and ``stderr`` (errors and warnings), as in clipspy.
What no router takes goes to Python's ``sys.stdout`` / ``sys.stderr`` (so a
notebook shows it).
"""

import logging
import sys


class Router:
    """A user router: subclass it and override ``query`` and ``write``."""

    def __init__(self, name: str, priority: int):
        self._env = None
        self._name = name
        self._priority = priority
        self._active = True

    @property
    def name(self) -> str:
        """The Router name."""
        return self._name

    @property
    def priority(self) -> int:
        """The Router priority."""
        return self._priority

    def query(self, _name: str) -> bool:
        """True if the router handles the logical name."""
        return False

    def write(self, _name: str, _message: str):
        """Receives a message written to a logical name ``query`` accepted."""
        return None

    def read(self, _name: str) -> int:
        """Reading from routers is not supported: returns 0."""
        return 0

    def unread(self, _name: str, _char: int) -> int:
        """Reading from routers is not supported: returns 0."""
        return 0

    def exit(self, _exitcode: int):
        """Called when CLIPS exits."""
        return None

    def activate(self):
        """Activate the Router."""
        self._active = True

    def deactivate(self):
        """Deactivate the Router."""
        self._active = False

    def delete(self):
        """Delete the Router."""
        if self._env is not None:
            self._env._routers.pop(self._name, None)

    def share_message(self, name: str, message: str):
        """Pass the captured message on to the lower-priority routers."""
        if self._env is not None:
            self._env._dispatch(name, message, skip=self)


class ErrorRouter(Router):
    """Keeps the last error message for CLIPSError, and shares it."""

    def __init__(self):
        super().__init__("python-error-router", 40)
        self._last_message = ""

    @property
    def last_message(self) -> str:
        """The error text written since the last read, then forgotten."""
        message, self._last_message = self._last_message, ""
        return message

    def query(self, name: str) -> bool:
        return name == "stderr"

    def write(self, name: str, message: str):
        self._last_message += message
        self.share_message(name, message)


class LoggingRouter(Router):
    """Sends CLIPS output to Python's logging, a line at a time."""

    LOGGERS = {"stdout": logging.info, "stderr": logging.error, "stdwrn": logging.warning}

    def __init__(self):
        super().__init__("python-logging-router", 30)
        self._message = ""

    def query(self, name: str) -> bool:
        return name in self.LOGGERS

    def write(self, name: str, message: str):
        if message == "\n":
            self.log_message(name)
        else:
            self._message += message
            if self._message.rstrip(" ").endswith("\n"):
                self.log_message(name)

    def log_message(self, name: str):
        """Logs the line gathered so far."""
        if self._message:
            self.LOGGERS[name](self._message.lstrip("\n").rstrip("\n"))
            self._message = ""


def default_write(name: str, message: str):
    """Where output no router takes goes: Python's standard streams."""
    stream = sys.stderr if name in ("stderr", "stdwrn") else sys.stdout
    stream.write(message)
