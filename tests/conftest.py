"""With ``POKER_TEST_INSTALLED`` set (the wheel's test command, .ci/run's runs against the installed sdist and
wheel), every test module must test the installed package: the run fails if ``poker`` was imported from the
tests' tree, before the first test and after the last (tests/installed.py)."""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest


def installed_only() -> bool:
    return bool(os.environ.get('POKER_TEST_INSTALLED'))


def pytest_configure(config: pytest.Config) -> None:
    if installed_only():
        from installed import imported_from_tree
        if found := imported_from_tree():
            raise pytest.UsageError(f'POKER_TEST_INSTALLED: poker was imported from the source tree: {found}')


@pytest.fixture(autouse=True, scope='session')
def _installed_package_only() -> Iterator[None]:
    yield
    if installed_only():
        from installed import imported_from_tree
        assert imported_from_tree() == [], 'POKER_TEST_INSTALLED: poker was imported from the source tree'
