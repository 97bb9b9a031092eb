"""Result tables as :class:`pandas.DataFrame` (optional extra ``simplification-metrics[pandas]``).

:func:`to_dataframe` is what ``ResultTable.to_pandas()`` calls: the flat records of the CSV
format, unrounded, with ``NaN`` where nothing was computed: every column but ``system``,
``metric``, ``comparisons`` and ``signature`` is a float column (never ``None`` objects).
"""

from __future__ import annotations

import numbers
from collections.abc import Iterable
from typing import TYPE_CHECKING

from ..exceptions import MissingDependencyError
from .formats.records import TEXT_COLUMNS, result_records
from .table import ResultTable

if TYPE_CHECKING:  # pragma: no cover
    import pandas

__all__ = ["PANDAS_EXTRA", "to_dataframe"]

#: The extra named in :class:`MissingDependencyError` (``pip install 'simplification-metrics[pandas]'``).
PANDAS_EXTRA = "pandas"


def to_dataframe(table: ResultTable, deltas: bool = False) -> pandas.DataFrame:
    """The CSV records of ``table`` as a :class:`pandas.DataFrame` (unrounded; ``NaN`` where not computed).

    Args:
        table: the corpus scores.
        deltas: add a ``delta`` column: each score minus the baseline's (``baseline``, or the first system).

    Raises:
        MissingDependencyError: pandas is not installed.
    """
    try:
        import pandas
    except ImportError as err:
        raise MissingDependencyError(
            f"ResultTable.to_pandas: pandas must be installed (got {err}). "
            f"Install it with: pip install 'simplification-metrics[{PANDAS_EXTRA}]'"
        ) from err
    columns, records = result_records(table, deltas)
    frame = pandas.DataFrame.from_records(records, columns=columns)
    for column in columns:
        if column not in TEXT_COLUMNS and _numeric(record[column] for record in records):
            frame[column] = frame[column].astype("float64")  # None -> NaN, ints -> floats
    return frame


def _numeric(values: Iterable[object]) -> bool:
    """Whether every value is a number or ``None`` (a detail could in principle be a text)."""
    return all(value is None or (isinstance(value, numbers.Real) and not isinstance(value, bool)) for value in values)
