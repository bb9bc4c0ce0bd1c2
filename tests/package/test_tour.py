"""``examples/tour.ipynb`` runs from top to bottom in a fresh kernel, and its objects draw themselves there.

The notebook is kept without outputs; the test runs it with nbclient against this checkout (its root first on
``PYTHONPATH``, the kernel's working directory) and reads what each cell showed."""

from __future__ import annotations

from pathlib import Path

import nbclient
import nbformat
import pytest

import installed
from patience import GUARD

ROOT = Path(__file__).resolve().parents[2]
TOUR = ROOT / 'examples' / 'tour.ipynb'


def test_the_tour_is_kept_without_outputs() -> None:
    notebook = nbformat.read(TOUR, as_version=4)
    nbformat.validate(notebook)
    code = [cell for cell in notebook.cells if cell.cell_type == 'code']
    assert 8 <= len(notebook.cells) <= 20 and code
    assert all(cell.outputs == [] and cell.execution_count is None for cell in code)


def test_the_tour_runs_and_shows_its_pictures(monkeypatch: pytest.MonkeyPatch) -> None:
    for name, value in installed.environment().items():  # the kernel imports the poker this run tests
        monkeypatch.setenv(name, value)
    notebook = nbformat.read(TOUR, as_version=4)
    client = nbclient.NotebookClient(notebook, kernel_name='python3', timeout=GUARD, startup_timeout=GUARD,
                                     resources={'metadata': {'path': str(ROOT)}})  # guards, not limits
    client.execute()
    shown: list[tuple[str, str]] = []  # (the kind of picture, the first line of its text form) per result
    printed = ''
    for cell in notebook.cells:
        if cell.cell_type != 'code':
            continue
        for output in cell.outputs:
            assert output.output_type != 'error', output
            assert output.get('name') != 'stderr', output
            printed += output.get('text', '') if output.output_type == 'stream' else ''
            if output.output_type == 'execute_result':
                data = output['data']
                kind = 'svg' if 'image/svg+xml' in data else 'html' if 'text/html' in data else 'text'
                shown.append((kind, data['text/plain'].split('(')[0].split(':')[0]))
    assert shown == [('svg', 'Card.parse'), ('svg', 'StartingHand.parse'), ('svg', '<RankableHand Kd Kc Qh 9c 4s 4h 2d'),
                     ('svg', 'Range.parse'), ('html', '<HandStatistics Ah Kd on Qh 7h 2c'),
                     ('svg', '<RangeStatistics'), ('html', '<HandClassTable on Jh Ts 4h'),
                     ('html', '<EquityResult on Qh 7h 2c'), ('svg', '<MatchResult')]
    pictures = [data for cell in notebook.cells if cell.cell_type == 'code' for output in cell.outputs
                for data in [output.get('data', {})] if data]
    assert '>A</text>' in pictures[0]['image/svg+xml'] and 'AKs' in pictures[1]['image/svg+xml']
    assert 'Two Pair, Kings and Fours' in pictures[2]['image/svg+xml']
    # the category as a player says it (issue 34: the tour printed the enum's name, TWO_PAIR)
    assert 'Two Pair 4774\n' in printed and 'TWO_PAIR' not in printed
    assert '<table>' in pictures[4]['text/html'] and 'polyline' in pictures[8]['image/svg+xml']
    assert '<th>overpair</th>' in pictures[6]['text/html']
