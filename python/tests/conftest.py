"""Shared fixtures: the two engines under test.

Every scenario in test_same_as_clipspy.py is a function of the module (``clips``
or ``salience``) that returns what a program observes; the test runs it through
clipspy (CLIPS 6.4's C engine, from PyPI) and through salience and compares.
"""

import pytest

import salience

try:
    import clips
except ImportError:  # pragma: no cover - CI installs clipspy
    clips = None


class Capture:
    """A router that records what CLIPS writes to stdout and stderr (a class
    factory, since each module has its own Router base class)."""

    @staticmethod
    def of(module):
        class CaptureRouter(module.Router):
            def __init__(self):
                super().__init__("capture", 10)
                self.out = []
                self.err = []

            def query(self, name):
                return name in ("stdout", "stderr")

            def write(self, name, message):
                (self.out if name == "stdout" else self.err).append(message)

            @property
            def text(self):
                return "".join(self.out)

        return CaptureRouter()


@pytest.fixture
def clipspy():
    """The clipspy module (the test is skipped without it)."""
    if clips is None:
        pytest.skip("clipspy is not installed (pip install clipspy)")
    return clips


@pytest.fixture
def env():
    """A fresh salience environment."""
    return salience.Environment()
