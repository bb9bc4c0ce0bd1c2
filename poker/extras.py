"""Optional extras: the packages that only one feature needs, imported when that feature is used.

``import poker`` needs NumPy alone. A feature that needs more (matplotlib for pictures, pandas for tables)
imports it through :func:`optional_module`, which raises :class:`~poker.errors.MissingDependencyError` with
the command that installs the extra when the package is missing. Results become pandas tables (their
``to_frame()``) through :func:`data_frame`, in one way: one column per name, the names those of the result's
attributes and of its JSON, and a value that is not there (None) read as pandas' missing value ``<NA>``, not NaN.

>>> optional_module('no_such_package_here', 'this example', "pip install 'loki-holdem[none]'")
Traceback (most recent call last):
    ...
poker.errors.MissingDependencyError: this example needs no_such_package_here: pip install 'loki-holdem[none]'
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping, Sequence
from types import ModuleType
from typing import TYPE_CHECKING

import numpy as np

from .errors import MissingDependencyError

if TYPE_CHECKING:
    from pandas import DataFrame as DataFrame  # type: ignore[import-untyped,import-not-found,unused-ignore]

__all__ = ['PANDAS_EXTRA', 'data_frame', 'optional_module', 'records_frame']

PANDAS_EXTRA = "pip install 'loki-holdem[pandas]' (from a checkout: pip install '.[pandas]')"
"""The command that installs pandas, which ``to_frame()`` needs."""


def optional_module(name: str, feature: str, extra: str) -> ModuleType:
    """The module ``name`` (``'pandas'``, ``'matplotlib.figure'``), imported now; if it cannot be, a
    :class:`~poker.errors.MissingDependencyError` saying that ``feature`` needs its package and how ``extra``
    installs it."""
    try:
        return importlib.import_module(name)
    except ImportError:
        raise MissingDependencyError(f'{feature} needs {name.partition(".")[0]}: {extra}') from None


def data_frame(columns: Mapping[str, Sequence[object] | np.ndarray]) -> DataFrame:
    """A pandas DataFrame of ``columns`` (name to values, one value per row, in order); a column of numbers or
    texts holding None becomes a nullable column (``Float64``, ``string``) whose missing values are ``<NA>``. Raises
    :class:`~poker.errors.MissingDependencyError` naming :data:`PANDAS_EXTRA` without pandas."""
    pandas = optional_module('pandas', 'a table (to_frame)', PANDAS_EXTRA)
    data: dict[str, object] = {}
    for name, values in columns.items():
        if not isinstance(values, np.ndarray) and any(value is None for value in values):
            given = [value for value in values if value is not None]
            kind = 'Float64' if all(isinstance(value, (int, float)) for value in given) else \
                'string' if all(isinstance(value, str) for value in given) else 'object'
            data[name] = pandas.array(list(values), dtype=kind)
        else:
            data[name] = values
    return pandas.DataFrame(data)


def records_frame(rows: Sequence[Mapping[str, object]], names: Sequence[str]) -> DataFrame:
    """A pandas DataFrame of ``rows`` (plain records, the JSON of a result: one row each), its columns ``names`` in
    that order (:func:`data_frame`)."""
    return data_frame({name: [row[name] for row in rows] for name in names})
