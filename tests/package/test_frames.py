"""Results as pandas tables (``to_frame()``, the ``pandas`` extra): the columns hold the objects' values, under the
names of their attributes and JSON; without pandas, the error names the extra; ``import poker`` never imports it."""

from __future__ import annotations

import subprocess
import sys

import pytest

from poker import MissingDependencyError, equity, preflop_equity, range_statistics
from poker.matches import match


@pytest.fixture(scope='module')
def match_result():
    return match(['station', 'maniac'], 3, seed=1, progress=False)


def test_range_statistics_frame_holds_a_row_per_holding():
    from poker.cards.starting_hand import StartingHand
    stats = range_statistics('QQ+, AKs', 'Jh Ts 4h 2c', 'TT+')
    frame = stats.to_frame()
    assert len(frame) == len(stats) == 22
    assert frame['holding'].tolist() == [str(StartingHand.from_holding_index(n)) for n in stats.holdings.tolist()]
    assert frame['hand_class'].tolist() == [StartingHand.from_holding_index(n).hand_class
                                            for n in stats.holdings.tolist()]
    assert (frame['weight'].to_numpy() == stats.weights).all()
    for name in ('ahead', 'tied', 'behind', 'hs', 'hs_n', 'ppot', 'npot', 'ehs', 'ehs_prime', 'equity',
                 'mean_squared_strength', 'counted', 'counted_holdings'):
        assert (frame[name].to_numpy() == getattr(stats, name)).all(), name
    assert 'standard_error' not in frame  # (exact)
    from poker.stats import Draw, MadeHand
    at = stats.index('AhKh')
    assert frame['made_hand'][at] == MadeHand(int(stats.made[at])).label == 'ace high'
    assert frame['draws'][at].split(', ') == [draw.label for draw in Draw if stats.draws[at] & draw.bit]
    assert set(frame['draws'][at].split(', ')) >= {'flush draw', 'gutshot'}


def test_class_table_frame_is_the_json_of_poker_classes():
    table = range_statistics('JJ+, AK, KQs, T9s', 'Jh Ts 4h').classes()
    frame = table.to_frame()
    assert frame.to_dict('records') == table.to_rows()
    assert frame['kind'].tolist().count('made') == len(table.made) and len(frame) == len(table.made + table.draws)


def test_equity_frame_is_the_json_of_each_player():
    result = equity(['AsAh', 'AdAc'], board='2c 7d 9h')
    frame = result.to_frame()
    assert frame.to_dict('records') == [player.as_dict() for player in result.players]


def test_preflop_equity_frame_has_the_hole_cards_and_the_opponent():
    result = preflop_equity('Ah Kd')
    frame = result.to_frame()
    assert frame['player'].tolist() == ['AhKd', 'opponent']
    assert frame.loc[0, ['win', 'tie', 'loss', 'equity']].tolist() == [result.win, result.tie, result.loss,
                                                                      result.equity]
    assert frame.loc[1, ['win', 'loss']].tolist() == [result.loss, result.win]
    assert frame.loc[0, 'hand_class'] == 'AKo' and frame['equity'].sum() == pytest.approx(1.0, abs=1e-12)


def test_match_frame_has_totals_means_and_intervals(match_result):
    frame = match_result.to_frame()
    assert frame['name'].tolist() == list(match_result.names)
    assert (frame['total'].to_numpy() == match_result.cumulative()[-1]).all()
    assert frame['mean'].tolist() == match_result.means()
    assert frame[['name', 'mean', 'low', 'high']].to_dict('records') == match_result.to_dict()['players']


def test_history_frame_is_the_json_of_each_player(tmp_path):
    import pandas
    from poker.formats import read_history
    log = tmp_path / 'match.log'
    match(['station', 'maniac'], 2, seed=1, progress=False, log=str(log))
    history = read_history(log)
    rows = [{name: None if value is pandas.NA else value for name, value in row.items()}
            for row in history.to_frame().to_dict('records')]
    assert rows == [stats.to_dict() for stats in history.players()] and len(rows) == 2


def test_a_missing_value_is_na_not_nan():
    import pandas
    from poker.extras import data_frame
    frame = data_frame({'aggression': [1.5, None], 'name': ['a', None]})
    assert str(frame['aggression'].dtype) == 'Float64' and frame['aggression'].isna().tolist() == [False, True]
    assert frame.loc[1, 'aggression'] is pandas.NA and frame.loc[1, 'name'] is pandas.NA


def test_without_pandas_the_error_names_the_extra(monkeypatch, match_result):
    monkeypatch.setitem(sys.modules, 'pandas', None)
    with pytest.raises(MissingDependencyError, match=r"a table \(to_frame\) needs pandas: pip install "
                                                     r"'loki-holdem\[pandas\]'"):
        match_result.to_frame()


def test_importing_poker_imports_neither_pandas_nor_matplotlib():
    code = "import sys, poker; print(sorted(m for m in ('pandas', 'matplotlib') if m in sys.modules))"
    result = subprocess.run([sys.executable, '-c', code], capture_output=True, text=True, check=True)
    assert result.stdout.strip() == '[]'
