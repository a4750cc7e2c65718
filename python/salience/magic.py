"""IPython/Jupyter magics: ``%load_ext salience``, then ``%%clips`` cells and
``%clips_facts``.

All cells share one environment, ``clips_env`` in the notebook's namespace.
"""

import html

from IPython.core.magic import Magics, cell_magic, line_magic, magics_class

from salience.environment import Environment


class FactTable:
    """Working memory as a table: text in a console, HTML in a notebook."""

    def __init__(self, facts):
        self.rows = [(f.index, f.template.name, str(f)) for f in facts]

    def __repr__(self):
        lines = ["f-%-5d %s" % (index, text) for index, _, text in self.rows]
        lines.append("For a total of %d fact%s." % (len(self.rows), "" if len(self.rows) == 1 else "s"))
        return "\n".join(lines)

    def _repr_html_(self):
        rows = "".join(
            "<tr><td>f-%d</td><td>%s</td><td><code>%s</code></td></tr>" % (i, html.escape(t), html.escape(x))
            for i, t, x in self.rows
        )
        return "<table><tr><th>fact</th><th>template</th><th>fact</th></tr>%s</table>" % rows


@magics_class
class ClipsMagics(Magics):
    """``%%clips`` runs a cell of CLIPS; ``%clips_facts`` shows the facts."""

    def __init__(self, shell):
        super().__init__(shell)
        self.env = Environment()
        shell.user_ns["clips_env"] = self.env

    @cell_magic
    def clips(self, line, cell):
        """Run the cell's constructs and commands as the CLIPS prompt would."""
        self.env._core.execute(cell)

    @line_magic
    def clips_facts(self, line):
        """Show working memory as a table."""
        return FactTable(self.env.facts())


def load_ipython_extension(ipython):
    """Called by ``%load_ext salience``."""
    ipython.register_magics(ClipsMagics(ipython))
