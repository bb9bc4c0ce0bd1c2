"""In a notebook the objects draw themselves without matplotlib: cards and hands as card faces, a range as its
13x13 grid, range statistics as a heat map, statistics and equities as tables, a match as its chart.

Each picture is well-formed (SVG parsed as XML, HTML tables parsed into rows and cells), escapes its text,
shows the object's own numbers, holds no NaN or Infinity, and is small and the same on every call."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections import Counter
from html.parser import HTMLParser

import numpy as np
import pytest

from poker import (Card, EquityResult, Hand, MatchResult, Player, PlayerEquity, Range, RankableHand, StartingHand,
                   equity, preflop_equity, range_statistics)
from poker.cards import HAND_CLASSES
from poker.errors import PokerError
from poker.markup import (CELL_HEIGHT, CELL_WIDTH, EMPTY_COLOUR, MARGIN, SUIT_COLOURS, heat_colour, html_table,
                          number, quantity, shade_colour)

SVG = '{http://www.w3.org/2000/svg}'
RIVER = 'Qh 7h 2c 9s 3d'


class Tables(HTMLParser):
    """The tables of an HTML text: each a list of rows, each a list of ``(tag, text)`` cells."""

    def __init__(self, text: str) -> None:
        super().__init__()
        self.tables: list[list[list[tuple[str, str]]]] = []
        self.captions: list[str] = []
        self.open: list[str] = []
        self.feed(text)
        self.close()
        assert self.open == []

    def handle_starttag(self, tag: str, attrs: object) -> None:
        self.open.append(tag)
        if tag == 'table':
            self.tables.append([])
            self.captions.append('')
        elif tag == 'tr':
            self.tables[-1].append([])
        elif tag in ('td', 'th'):
            self.tables[-1][-1].append((tag, ''))

    def handle_endtag(self, tag: str) -> None:
        assert self.open.pop() == tag

    def handle_data(self, data: str) -> None:
        if self.open and self.open[-1] in ('td', 'th'):
            kind, text = self.tables[-1][-1][-1]
            self.tables[-1][-1][-1] = (kind, text + data)
        elif self.open and self.open[-1] == 'caption':
            self.captions[-1] += data


def svg(thing: object) -> ET.Element:
    text = thing._repr_svg_()  # type: ignore[attr-defined]
    check_text(text)
    assert text == thing._repr_svg_()  # type: ignore[attr-defined]
    root = ET.fromstring(text)
    assert root.tag == f'{SVG}svg'
    return root


def html(thing: object) -> Tables:
    text = thing._repr_html_()  # type: ignore[attr-defined]
    check_text(text)
    assert text == thing._repr_html_()  # type: ignore[attr-defined]
    return Tables(text)


def check_text(text: str) -> None:
    assert len(text) < 20_000
    assert not re.search(r'\b(nan|inf|infinity)\b', text, re.IGNORECASE), text
    assert ' id=' not in text  # many pictures share one notebook page


def texts(root: ET.Element) -> list[str]:
    return [element.text or '' for element in root.iter(f'{SVG}text')]


# ------------------------------------------------------------------------------------------- cards and hands
def test_a_card_is_its_face_rank_and_suit_in_the_suits_colour() -> None:
    root = svg(Card.parse('Ah'))
    assert texts(root) == ['A', '♥', '♥']
    assert {element.get('fill') for element in root.iter(f'{SVG}text')} == {SUIT_COLOURS['four'][2]}
    assert texts(svg(Card.parse('Tc')))[0] == 'T' and svg(Card.parse('Tc')).find(f'.//{SVG}text').get('fill') \
        == SUIT_COLOURS['four'][0]


@pytest.mark.parametrize(('thing', 'faces', 'caption'), [
    (StartingHand('Kh Ah'), ['A♥', 'K♥'], 'AKs'),
    (Hand('2c Ah Kd'), ['2♣', 'K♦', 'A♥'], None),
    (RankableHand('Kd Kc 4h 4s 9c'), ['K♦', 'K♣', '9♣', '4♠', '4♥'], 'Two Pair, Kings and Fours'),
])
def test_hands_are_card_faces_with_what_they_are(thing: object, faces: list[str], caption: str | None) -> None:
    root = svg(thing)
    cards = root.findall(f'{SVG}g')
    assert [''.join(texts(card)[:2]) for card in cards] == faces
    words = [element.text for element in root.findall(f'{SVG}text')]
    assert words == ([caption] if caption else [])


# ------------------------------------------------------------------------------------------- the grid
def shaded(root: ET.Element) -> dict[str, str]:
    """Class name -> fill of each shaded cell of a drawn grid (the cells' paths, read back to grid places)."""
    found = {}
    top = float(root.find(f'{SVG}rect').get('y'))  # type: ignore[union-attr,arg-type]
    for path in root.find(f"{SVG}g[@class='cells']").iter(f'{SVG}path'):  # type: ignore[union-attr]
        for x, y in re.findall(r'M([0-9.]+) ([0-9.]+)', path.get('d', '')):
            row, column = round((float(y) - top) / CELL_HEIGHT), round((float(x) - MARGIN) / CELL_WIDTH)
            found[HAND_CLASSES[13 * row + column]] = path.get('fill', '')
    return found


def test_a_range_shades_exactly_its_classes_with_weight_by_weight() -> None:
    weighted = Range.parse('QQ+, AKs, KQs:0.5, AhKd')
    root = svg(weighted)
    means = dict(zip(HAND_CLASSES, weighted.class_weights().tolist()))
    cells = shaded(root)
    assert set(cells) == {name for name, mean in means.items() if mean > 0} == {'AA', 'KK', 'QQ', 'AKs', 'KQs',
                                                                                 'AKo'}
    assert cells == {name: shade_colour(means[name]) for name in cells}
    assert cells['AA'] != cells['KQs'] != cells['AKo'] != EMPTY_COLOUR
    words = texts(root)
    assert sorted(word for word in words if word in HAND_CLASSES) == sorted(HAND_CLASSES)  # every class, once
    assert {'50%', '8%'} <= set(words) and '100%' not in words
    assert words[0].startswith(str(weighted)) and '25 combos' in words[0]
    assert Counter(word for word in words if len(word) == 1) == Counter('AKQJT98765432' * 2)  # both sides
    assert shaded(svg(Range.parse('random'))).keys() == set(HAND_CLASSES)
    assert shaded(svg(Range(np.zeros(1326)))) == {}


def test_range_statistics_are_a_heat_map_of_each_classs_ehs() -> None:
    stats = range_statistics('QQ+, AKs, 76s', RIVER, 'random')
    root = svg(stats)
    means = stats.by_class('ehs')
    cells = shaded(root)
    assert cells == {name: heat_colour(value) for name, value in means.items()}
    assert Counter(word for word in texts(root) if re.fullmatch(r'[01]\.[0-9]{2}', word)) \
        - Counter(['0', '0.5', '1']) == Counter(f'{value:.2f}' for value in means.values())
    assert root.find(f".//{SVG}g[@class='scale']") is not None
    assert heat_colour(0.0) != heat_colour(1.0)


# ------------------------------------------------------------------------------------------- tables
def test_hand_statistics_show_their_figures_and_the_3x3_transitions() -> None:
    statistics = Player('Ah Kd', 'Qh 7h 2c 9s').calculate_hand_statistics()
    found = html(statistics)
    assert len(found.tables) == 2
    figures, transitions = found.tables
    assert [cell for _, cell in figures[0]] == ['', 'HS', 'PPOT', 'NPOT', 'EHS', "EHS'"]
    assert figures[1] == [('th', 'Ah Kd'), *(('td', f'{value:.4f}') for value in (
        statistics.hs, statistics.ppot, statistics.npot, statistics.ehs, statistics.ehs_prime))]
    assert [cell for _, cell in transitions[0]] == ['now \\ after', 'ahead', 'tied', 'behind', 'total']
    assert len(transitions) == 4 and all(len(row) == 5 for row in transitions)
    for row, name, numbers in zip(transitions[1:], ('ahead', 'tied', 'behind'), statistics.transitions):
        assert row == [('th', name), *(('td', quantity(count)) for count in (*numbers, sum(numbers)))]
    assert 'Ah Kd on Qh 7h 2c 9s' in found.captions[0]


def test_a_class_table_shows_the_made_hands_then_the_draws_as_poker_classes_prints_them() -> None:
    from poker import range_statistics
    table = range_statistics('JJ+, AK, KQs, T9s', 'Jh Ts 4h').classes()
    (rows,) = html(table).tables
    assert [cell for _, cell in rows[0]] == ['made hand / draw', 'combos', 'share', 'HS', 'PPOT', 'NPOT', 'EHS',
                                              'equity']
    made, split, draws = rows[1:1 + len(table.made)], rows[1 + len(table.made)], rows[2 + len(table.made):]
    assert split == [('th', 'draws'), *[('td', '')] * 7]
    for row, cells in zip(table.made + table.draws, made + draws, strict=True):
        assert cells == [('th', row.hand_class.label), ('td', f'{row.combos:g}'), ('td', f'{row.share:.1%}'),
                         *(('td', f'{x:.4f}') for x in (row.hs, row.ppot, row.npot, row.ehs, row.equity))]
    river = range_statistics('JJ+, AK', 'Jh Ts 4h 2c 3d').classes()
    assert 'draws' not in [row[0][1] for row in html(river).tables[0]]  # (no draws on the river)


def test_preflop_statistics_show_the_showdowns_won_split_and_lost() -> None:
    statistics = preflop_equity('Ah Kd').statistics(opponents=2)
    figures, counts = html(statistics).tables
    assert [cell for _, cell in figures[0]][:3] == ['', 'HS', 'HSn']
    assert figures[1][2] == ('td', f'{statistics.hs_n:.4f}')
    assert counts[1] == [('th', 'now'), *(('td', quantity(x)) for x in (statistics.ahead, statistics.tied,
                                                                          statistics.behind))]


def test_equity_results_are_tables_of_their_players() -> None:
    result = equity(['Ah Kd', 'QQ+, AKs'], board='Qh 7h 2c')
    found = html(result)
    (rows,) = found.tables
    assert len(rows) == 1 + len(result) and all(len(row) == 5 for row in rows)
    assert [cell for _, cell in rows[0]] == ['player', 'win', 'tie', 'split share', 'equity']
    for row, player in zip(rows[1:], result):
        assert row == [('th', player.player), ('td', f'{player.win:.2%}'), ('td', f'{player.tie:.2%}'),
                       ('td', f'{player.split_share:.2%}'), ('td', f'{player.equity:.2%}')]
    assert found.captions == ['equity on Qh 7h 2c: exact, 10,890 deals']
    (one,) = html(result[1]).tables
    assert one[1] == rows[2]
    preflop = preflop_equity('Ah Kd')
    (rows,) = html(preflop).tables
    assert rows[1] == [('th', 'Ah Kd (AKo)'), *(('td', f'{value:.2%}') for value in (
        preflop.win, preflop.tie, preflop.loss, preflop.equity))]
    sampled = equity(['Ah Kd', 'random'], method='sampled', samples=2_000, seed=1)
    (rows,) = html(sampled).tables
    assert rows[0][-1] == ('th', 'standard error') and len(rows[1]) == 6
    assert rows[1][-1] == ('td', f'{sampled[0].stderr:.2%}') and sampled[0].stderr > 0


def test_tables_escape_their_text() -> None:
    odd = '<b>"x" & \'y\'</b>'
    result = EquityResult([PlayerEquity(odd, 0.25, 0.5, 0.25)])
    text = result._repr_html_()
    assert '<b>' not in text and '&lt;b&gt;&quot;x&quot; &amp; &#x27;y&#x27;&lt;/b&gt;' in text
    assert Tables(text).tables[0][1][0] == ('th', odd)
    assert Tables(html_table(['<'], [['&']], caption='<script>')).captions == ['<script>']


# ------------------------------------------------------------------------------------------- a match
def test_a_match_is_a_chart_of_each_players_cumulative_result() -> None:
    per_deal = np.array([[1.0, -1.0, 0.0], [0.5, 0.5, -1.0], [-2.0, 1.0, 1.0], [3.0, -1.0, -2.0]])
    result = MatchResult(names=('Ann', '<Bob & co>', 'Cy'), seed=7, rotations=3, per_deal=per_deal)
    root = svg(result)
    lines = root.findall(f'{SVG}polyline')
    assert len(lines) == 3
    heights = [[float(point.split(',')[1]) for point in line.get('points', '').split()] for line in lines]
    totals = result.cumulative()
    for column, ys in enumerate(heights):
        assert len(ys) == 4
        # higher totals are drawn higher (smaller y), in the same order
        assert np.argsort(ys, kind='stable').tolist() == np.argsort(-totals[:, column], kind='stable').tolist()
    words = texts(root)
    for name, mean, half in zip(result.names, result.means(), result.half_widths()):
        assert f'{name} {mean:+.3f} ± {half:.3f}' in words
    assert 'duplicate match, 12 hands (seed 7)' in words and 'small bets per hand, 95%' in words
    long = MatchResult(names=('a', 'b'), seed=1, rotations=2, per_deal=np.ones((5000, 2)) * [1, -1])
    text = long._repr_svg_()
    assert len(text) < 10_000 and all(len(line.get('points', '').split()) <= 241
                                      for line in ET.fromstring(text).iter(f'{SVG}polyline'))


def test_pictures_refuse_numbers_that_are_not_finite() -> None:
    with pytest.raises(PokerError):
        number(float('nan'))
    with pytest.raises(PokerError):
        quantity(float('inf'))
