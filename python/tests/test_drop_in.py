"""A clipspy program runs on salience with only its import changed."""

import pathlib
import subprocess
import sys

import pytest

EXAMPLE = pathlib.Path(__file__).parent.parent / "examples" / "clipspy_program.py"


def run(source):
    done = subprocess.run([sys.executable, "-c", source], capture_output=True, text=True, check=True)
    return done.stdout


def test_the_example_prints_what_clipspy_prints(clipspy):
    source = EXAMPLE.read_text()
    assert "import salience as clips\n" in source
    on_salience = run(source)
    on_clipspy = run(source.replace("import salience as clips\n", "import clips\n"))
    assert on_salience == on_clipspy
    assert "ship order 1: 4 x apple (2.00 EUR)" in on_salience


def test_the_example_runs_without_clipspy():
    pytest.importorskip("salience")
    assert "fired:" in run(EXAMPLE.read_text())
