"""Result tables as :class:`pandas.DataFrame` (optional extra ``simpeval[pandas]``).

:func:`to_dataframe` is what ``ResultTable.to_pandas()`` calls: the flat records of the CSV
format, unrounded, with ``NaN`` where nothing was computed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..exceptions import MissingDependencyError
from .formats.records import result_records
from .table import ResultTable

if TYPE_CHECKING:  # pragma: no cover
    import pandas

__all__ = ["PANDAS_EXTRA", "to_dataframe"]

#: The extra named in :class:`MissingDependencyError` (``pip install 'simpeval[pandas]'``).
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
            f"Install it with: pip install 'simpeval[{PANDAS_EXTRA}]'"
        ) from err
    columns, records = result_records(table, deltas)
    return pandas.DataFrame.from_records(records, columns=columns)
