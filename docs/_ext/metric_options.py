"""Option tables of the metrics, generated from their declarations.

``{metric-options} bleu`` (MyST) or ``.. metric-options:: bleu`` renders one row per option the
metric declares (:func:`simpeval.metrics.options.metric_options`): the keyword argument, the
command line's flag, the default, the valid values (the choices, or a number's declared bounds:
``1 to 10``), the signature key and the help.
``{all-metric-options}`` renders, for every metric of the registry (a contributor's new metric
too, with nothing else to edit), its name, what it reads, its direction and that table. The
tables are read from the code at build time, so they cannot drift from it.
"""

from __future__ import annotations

from docutils import nodes
from docutils.parsers.rst import Directive
from sphinx.application import Sphinx

from simpeval.cli.metric_options import flag_spelling
from simpeval.metrics import available_metrics, metric_class, metric_key
from simpeval.metrics.options import OptionSpec, metric_options, option_range

HEADER = ("Option", "Command line", "Default", "Values", "Signature", "Meaning")
DIRECTION = {True: "higher is better", False: "lower is better", None: "descriptive (no best system)"}


def _row(key: str, spec: OptionSpec) -> tuple[str, ...]:
    choices = ", ".join(str(choice) for choice in spec.choices) if spec.kind != "bool" else ""
    choices = choices or option_range(spec)  # a number's declared bounds
    signature = f"{spec.signature[0]} ({spec.signature[1]})" if spec.signature else ""
    return (spec.name, flag_spelling(key, spec) if spec.cli else "", repr(spec.default), choices, signature, spec.help)


def options_table(key: str) -> nodes.table:
    """The option table of the metric registered as ``key``."""
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
    return table


class MetricOptions(Directive):
    """``metric-options``: one argument, a metric's registry name."""

    required_arguments = 1

    def run(self) -> list[nodes.Node]:
        return [options_table(metric_key(self.arguments[0]))]


class AllMetricOptions(Directive):
    """``all-metric-options``: every registered metric, its facts and its option table."""

    def run(self) -> list[nodes.Node]:
        found: list[nodes.Node] = []
        for key in available_metrics():
            cls = metric_class(key)
            reads = ["outputs"] + ["sources"] * cls.requires_source + ["references"] * cls.requires_references
            facts = f"-m {key} · {cls.__module__}.{cls.__name__} · reads {', '.join(reads)} · "
            found.append(nodes.rubric("", cls.name))
            found.append(nodes.paragraph("", "", nodes.Text(facts + DIRECTION[cls.higher_is_better])))
            found.append(options_table(key) if metric_options(cls) else nodes.paragraph("", "No options."))
        return found


def setup(app: Sphinx) -> dict[str, object]:
    app.add_directive("metric-options", MetricOptions)
    app.add_directive("all-metric-options", AllMetricOptions)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
