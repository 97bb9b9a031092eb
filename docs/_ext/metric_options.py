"""``metric-options``: a table of a metric's options, generated from their declarations.

``{metric-options} bleu`` (MyST) or ``.. metric-options:: bleu`` renders one row per option the
metric declares (:func:`simpeval.metrics.options.metric_options`): the keyword argument, the
command line's flag, the default, the choices, the signature key and the help. The table is read
from the code at build time, so it cannot drift from it.
"""

from __future__ import annotations

from docutils import nodes
from docutils.parsers.rst import Directive
from sphinx.application import Sphinx

from simpeval.cli.metric_options import flag_spelling
from simpeval.metrics import metric_class, metric_key
from simpeval.metrics.options import metric_options

HEADER = ("Option", "Command line", "Default", "Choices", "Signature", "Meaning")


def _row(key: str, spec: object) -> tuple[str, ...]:
    from simpeval.metrics.options import OptionSpec

    assert isinstance(spec, OptionSpec)
    choices = ", ".join(str(choice) for choice in spec.choices) if spec.kind != "bool" else ""
    signature = f"{spec.signature[0]} ({spec.signature[1]})" if spec.signature else ""
    return (spec.name, flag_spelling(key, spec) if spec.cli else "", repr(spec.default), choices, signature, spec.help)


class MetricOptions(Directive):
    """The directive: one argument, a metric's registry name."""

    required_arguments = 1

    def run(self) -> list[nodes.Node]:
        key = metric_key(self.arguments[0])
        rows = [HEADER] + [_row(key, spec) for spec in metric_options(metric_class(key))]
        table = nodes.table(classes=["metric-options"])
        group = nodes.tgroup(cols=len(HEADER))
        table += group
        group.extend(nodes.colspec(colwidth=1) for _ in HEADER)
        head, body = nodes.thead(), nodes.tbody()
        group += head
        group += body
        for i, values in enumerate(rows):
            row = nodes.row()
            for value in values:
                text = nodes.literal(value, value) if value and i and values.index(value) < 3 else nodes.Text(value)
                row += nodes.entry("", nodes.paragraph("", "", text))
            (head if i == 0 else body).append(row)
        return [table]


def setup(app: Sphinx) -> dict[str, object]:
    app.add_directive("metric-options", MetricOptions)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
