"""Pictures: the PNG files are real images of the right size, bad input is a PokerError, and a missing
matplotlib gives the install command."""

from __future__ import annotations

import sys

import numpy as np
import pytest

from poker import MissingDependencyError, PokerError
from poker.pictures.plots import heat_map_png, income_rate_png, range_png, strength_distribution_png

PNG_SIGNATURE = b'\x89PNG\r\n\x1a\n'


def image_shape(path) -> tuple[int, ...]:
    from matplotlib.image import imread
    return imread(path).shape


def test_income_rate_heat_map_is_a_png(tmp_path):
    path = tmp_path / 'ir.png'
    income_rate_png(path, opponents=5)
    assert path.read_bytes().startswith(PNG_SIGNATURE)
    height, width, _ = image_shape(path)
    assert (width, height) == (900, 820)


def test_range_heat_map_and_custom_heat_map(tmp_path):
    grid = np.zeros((13, 13))
    grid[0, 0] = grid[0, 4] = 1.0
    grid[1, 1] = 0.5
    range_png(grid, tmp_path / 'range.png', title='AA, ATs, KK:0.5')
    assert (tmp_path / 'range.png').stat().st_size > 10_000
    text = [['x'] * 13 for _ in range(13)]
    heat_map_png(grid.tolist(), tmp_path / 'grid.PNG', cell_text=text)
    assert (tmp_path / 'grid.PNG').exists()


def test_strength_distribution_is_a_png(tmp_path):
    values, path = np.linspace(0, 1, 990), tmp_path / 'strength.png'
    strength_distribution_png(values, path, weights=np.ones(990), markers={'HS now': 0.585, 'EHS': 0.709},
                              title='Ah Qh on 3h 4s Jh')
    assert path.read_bytes().startswith(PNG_SIGNATURE)
    assert image_shape(path)[:2] == (450, 800)


@pytest.mark.parametrize(('call', 'message'), [
    (lambda p: heat_map_png(np.zeros((12, 13)), p), 'must be 13x13 (or 169 values, one per class), got shape (12, 13)'),
    (lambda p: heat_map_png(np.full((13, 13), np.nan), p), 'finite numbers'),
    (lambda p: strength_distribution_png([0.2, 1.5], p), 'between 0 and 1'),
    (lambda p: strength_distribution_png([], p), 'at least one value'),
    (lambda p: strength_distribution_png([0.2, 0.4], p, weights=[1.0]), 'weights must be 2 non-negative'),
    (lambda p: strength_distribution_png([0.2], p, bins=0), 'bins must be a positive whole number'),
])
def test_bad_data_is_a_poker_error(tmp_path, call, message):
    with pytest.raises(PokerError, match=message.replace('(', r'\(').replace(')', r'\)')):
        call(tmp_path / 'out.png')


def test_bad_paths_are_poker_errors(tmp_path):
    with pytest.raises(PokerError, match="must end in .png"):
        income_rate_png(tmp_path / 'ir.jpg')
    with pytest.raises(PokerError, match="cannot write picture"):
        income_rate_png(tmp_path / 'no such folder' / 'ir.png')


def test_missing_matplotlib_names_the_extra(tmp_path, monkeypatch):
    monkeypatch.setitem(sys.modules, 'matplotlib.figure', None)
    with pytest.raises(MissingDependencyError, match=r"pip install 'loki-holdem\[plot\]'"):
        income_rate_png(tmp_path / 'ir.png')
    assert not (tmp_path / 'ir.png').exists()


# ------------------------------------------------------------------------------ Figures, and what they take
def test_pictures_are_figures_saved_only_when_given_a_path(tmp_path):
    from matplotlib.figure import Figure
    figure = range_png('QQ+')
    assert isinstance(figure, Figure) and list(tmp_path.iterdir()) == []
    assert figure._repr_png_().startswith(PNG_SIGNATURE)  # what a notebook shows
    saved = income_rate_png(tmp_path / 'ir.png', opponents=2)
    assert isinstance(saved, Figure) and (tmp_path / 'ir.png').read_bytes().startswith(PNG_SIGNATURE)


def _drawn_grid(figure) -> np.ndarray:
    return np.ma.filled(figure.axes[0].images[0].get_array(), np.nan)


def test_range_png_takes_every_form_of_a_range(monkeypatch):
    from matplotlib.figure import Figure
    from poker import Range
    monkeypatch.setattr(Figure, 'tight_layout', lambda *args, **kwargs: None)  # (a second each; not checked here)
    hand_range = Range.parse('QQ+, AKs, KQs:0.5')
    expected = _drawn_grid(range_png(hand_range.class_weights().reshape(13, 13)))
    assert expected[0, 0] == 1.0 and expected[1, 2] == 0.5 and expected.sum() == 4.5
    for form in (hand_range, 'QQ+, AKs, KQs:0.5', hand_range.class_weights(), hand_range.weights,
                 hand_range.class_weights().tolist()):
        assert (_drawn_grid(range_png(form)) == expected).all()


def test_heat_map_png_takes_169_values_in_class_order():
    values = np.arange(169.0)
    assert (_drawn_grid(heat_map_png(values)) == values.reshape(13, 13)).all()
    with pytest.raises(PokerError, match=r'13x13 \(or 169 values'):
        heat_map_png(np.arange(168.0))


def test_a_marker_at_zero_is_inside_the_frame():
    figure = strength_distribution_png([0.0, 0.2, 0.9], markers={'HSn now': 0.0, 'EHS': 1.0})
    axes = figure.axes[0]
    low, high = axes.get_xlim()
    assert [line.get_xdata()[0] for line in axes.lines] == [0.0, 1.0]
    assert low < 0.0 and high > 1.0  # (a line on the frame's edge is hidden under it)


def test_the_income_rate_colour_bar_has_ticks_on_both_sides_of_zero():
    colour_bar = income_rate_png(opponents=5).axes[1]  # (IR7: -495 to 2,043, where one scale left none below 0)
    low, high = colour_bar.get_ylim()
    ticks = [tick for tick in colour_bar.get_yticks() if low <= tick <= high]
    assert min(ticks) < 0 < max(ticks) and 0 in ticks


# ------------------------------------------------------------------------------ strengths over runouts
def slow_runout_strengths(hole: str, board: str, weights: np.ndarray) -> list[float]:
    """One card ahead, the plain way: each runout, each holding, one rank_many row per hand."""
    from poker import HandRanker, parse_cards
    from poker.cards.holdings import HOLDINGS
    ours, shown = [c.index for c in parse_cards(hole)], [c.index for c in parse_cards(board)]
    result = []
    for card in (c for c in range(52) if c not in ours + shown):
        full = shown + [card]
        mine = HandRanker.rank_indices(ours + full)
        score = total = 0.0
        for number, (a, b) in enumerate(HOLDINGS.tolist()):
            if {a, b} & set(ours + full) or weights[number] == 0:
                continue
            theirs = HandRanker.rank_indices([a, b] + full)
            score += weights[number] * (1.0 if mine > theirs else 0.5 if mine == theirs else 0.0)
            total += weights[number]
        result.append(score / total)
    return result


def test_runout_strengths_match_a_plain_count():
    from poker.pictures.plots import runout_strengths
    from poker.cards.starting_hand import CLASS_OF_HOLDING, HAND_CLASSES
    weights = np.where(CLASS_OF_HOLDING < 13, 1.0, 0.25)  # aces weigh more, as an opponent model might
    fast = runout_strengths('Kd Qc', 'Ks 8h 4d 2c', weights=weights)
    assert len(fast) == 46 and HAND_CLASSES[12] == 'A2s'
    assert fast.tolist() == pytest.approx(slow_runout_strengths('Kd Qc', 'Ks 8h 4d 2c', weights), abs=1e-12)


def test_runout_strengths_on_the_river_and_without_lookahead():
    from poker.pictures.plots import runout_strengths
    river = runout_strengths('Ah Qh', '3h 4s Jh 2c 9d')
    assert river.shape == (1,)
    now = runout_strengths('Ah Qh', '3h 4s Jh', lookahead=0)
    assert now.tolist() == [0.5851063829787234]  # HS: 628 ahead, 9 tied of 1,081


def test_mean_strength_over_runouts_is_ehs():
    from poker.stats.player import Player
    from poker.pictures.plots import runout_strengths
    for lookahead in (1, 2):
        stats = Player('Ah Qh', '3h 4s Jh').calculate_hand_statistics(lookahead=lookahead)
        assert runout_strengths('Ah Qh', '3h 4s Jh', lookahead).mean() == pytest.approx(stats.ehs, abs=1e-12)


@pytest.mark.parametrize(('args', 'error', 'message'), [
    (('Ah', '3h 4s Jh'), 'CardCountError', "exactly 2 cards, got 1: 'Ah'"),
    (('Ah Qh', '3h 4s'), 'CardCountError', "a board has 0, 3, 4 or 5 cards, got 2: '3h 4s'"),
    (('Ah Qh', ''), 'CardCountError', 'the board must have 3, 4 or 5 cards for runouts'),
    (('Ah Qh', 'Ah 4s Jh'), 'DuplicateCardError', "card 'Ah' is both a hole card and on the board"),
    (('Ah Qh', '3h 4s Jh 2c', 2), 'LookaheadError', 'lookahead on the turn must be 0, 1 or None, got 2'),
    (('Ah Qh', '3h 4s Jh', 1, [None, None]), 'WeightsError', 'one weight set'),
])
def test_runout_strengths_bad_input(args, error, message):
    import poker
    from poker.pictures.plots import runout_strengths
    with pytest.raises(getattr(poker, error), match=message):
        runout_strengths(*args)
    with pytest.raises(poker.WeightsError, match='1,326'):
        runout_strengths('Ah Qh', '3h 4s Jh', weights=np.ones(5))


def test_stats_command_draws_the_runouts(capsys, tmp_path):
    from poker.cli import main
    path = tmp_path / 'strength.png'
    assert main(['stats', 'AhQh', '--board', '3h 4s Jh', '--png', str(path)]) == 0
    out = capsys.readouterr().out
    assert out.rstrip().endswith(f'picture: {path}') and 'EHS' in out
    assert image_shape(path)[:2] == (450, 800)
    assert main(['stats', 'AhQh', '--board', '3h 4s Jh', '--png', str(tmp_path / 'x.gif')]) == 2
    assert "must end in .png" in capsys.readouterr().err


def test_stats_picture_with_a_range_and_before_the_flop(capsys, tmp_path, monkeypatch):
    from poker.cli import main
    from poker.pictures import plots
    drawn = []
    monkeypatch.setattr(plots, '_done', lambda figure, target: drawn.append(figure) or plots._save(figure, target))
    path = tmp_path / 'range.png'
    assert main(['stats', 'AhQh', '--board', '3h 4s Jh', '--range', 'QQ+, AKs', '--png', str(path), '--json']) == 0
    assert '"picture"' in capsys.readouterr().out and path.exists()
    assert drawn[0].axes[0].get_title().startswith('Ah Qh on 3h 4s Jh against one opponent holding QQ+, AKs: ')
    assert main(['stats', '--hero-range', 'JJ+', '--board', '3h 4s Jh', '-r', 'QQ+, AKs', '--png', str(path)]) == 0
    assert drawn[1].texts[0].get_text() == 'JJ+ against QQ+, AKs on 3h 4s Jh'  # (the suptitle)
    assert main(['stats', 'AhQh', '--png', str(tmp_path / 'preflop.png')]) == 2
    err = capsys.readouterr().err
    assert 'a picture of the runouts needs a board of 3, 4 or 5 cards' in err and err.count('\n') == 1
