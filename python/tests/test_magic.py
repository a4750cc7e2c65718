"""The Jupyter magics, driven through IPython's shell (no notebook server)."""

import pytest

IPython = pytest.importorskip("IPython")
from IPython.testing.globalipapp import start_ipython  # noqa: E402
from IPython.utils.capture import capture_output  # noqa: E402


@pytest.fixture(scope="module")
def shell():
    ip = start_ipython()
    ip.run_line_magic("load_ext", "salience")
    return ip


def test_clips_cell_runs_constructs_and_commands(shell):
    cell = """
(deftemplate visit (slot who))
(defrule greet (visit (who ?w)) => (printout t "Hello, " ?w crlf))
(assert (visit (who Ada)))
(run)
(+ 1 2)
"""
    with capture_output() as captured:
        shell.run_cell_magic("clips", "", cell)
    assert captured.stdout == "<Fact-1>\nHello, Ada\n3\n"


def test_clips_facts_shows_working_memory(shell):
    shell.run_cell_magic("clips", "", "(reset)\n(assert (visit (who Bo)))\n(assert (count 1 2))")
    table = shell.run_line_magic("clips_facts", "")
    assert repr(table) == "f-1     (visit (who Bo))\nf-2     (count 1 2)\nFor a total of 2 facts."
    assert "<td><code>(count 1 2)</code></td>" in table._repr_html_()


def test_cells_share_the_environment(shell):
    env = shell.user_ns["clips_env"]
    assert [f.as_dict() for f in env.facts()][0] == {"who": "Bo"}
