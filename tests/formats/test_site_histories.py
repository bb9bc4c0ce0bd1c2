"""The sites' hand histories (issue 34): pokerkit's parsers extended to fixed-limit hold'em
(:mod:`poker.formats.site_parsers`), the hands of any file read alike (:func:`poker.formats.hand_files.read_hands`)
and ``poker history`` across files and sites. The files are tests/data/hands/ (see its README); every result
checked here is worked out by hand from the file's lines."""

from __future__ import annotations

import json
import warnings
from pathlib import Path

import pytest

from poker import PokerError
from poker.cli import main

pokerkit = pytest.importorskip('pokerkit')

HANDS = Path(__file__).resolve().parents[1] / 'data' / 'hands'
STARS = HANDS / 'pokerstars_limit.txt'


def stars_hands() -> list[str]:
    return [hand for hand in STARS.read_text(encoding='utf-8').split('\n\n\n\n') if hand.strip()]


def quiet(parser, text: str) -> list:
    with warnings.catch_warnings():
        warnings.simplefilter('ignore')
        return list(parser(text, error_status=True))


def test_pokerkit_alone_does_not_read_fixed_limit():
    """The gap: pokerkit's PokerStars parser knows no-limit hold'em only."""
    with pytest.raises(ValueError, match='Unable to parse'), warnings.catch_warnings():
        warnings.simplefilter('ignore')
        import contextlib
        import io
        with contextlib.redirect_stderr(io.StringIO()):   # (pokerkit prints the traceback before it raises)
            quiet(pokerkit.notation.PokerStarsParser(), stars_hands()[0])


def test_the_extended_parser_reads_fixed_limit_hands():
    from poker.formats.site_parsers import PokerStarsParser
    first, heads_up = quiet(PokerStarsParser(), stars_hands()[0]), quiet(PokerStarsParser(), stars_hands()[1])
    for hand, (small, big) in ((first[0], ('0.10', '0.20')), (heads_up[0], ('1', '2'))):
        assert (hand.variant, str(hand.small_bet), str(hand.big_bet), hand.min_bet) == ('FT', small, big, None)
    state = list(first[0])[-1]
    # Hero (button) raised, bet or raised every street; Villain5 called to the river: pot 1.85, Hero put in 0.80
    payoffs = dict(zip(first[0].players, (str(payoff) for payoff in state.payoffs)))
    assert payoffs == {'Villain2': '-0.05', 'Villain3': '-0.20', 'Villain4': '0', 'Villain5': '-0.80', 'Villain6': '0',
                       'Hero': '1.05'}
    state = list(heads_up[0])[-1]    # pot 26, each put in 13: Hero's three sevens beat a pair of kings
    assert dict(zip(heads_up[0].players, map(float, state.payoffs))) == {'Hero': 13, 'Villain': -13}


def test_no_limit_hands_are_read_as_pokerkit_reads_them():
    from poker.formats.site_parsers import PokerStarsParser
    no_limit = stars_hands()[4]
    assert "Hold'em No Limit" in no_limit
    ours, theirs = quiet(PokerStarsParser(), no_limit), quiet(pokerkit.notation.PokerStarsParser(), no_limit)
    assert ours == theirs and ours[0].variant == 'NT'


def test_a_bet_of_another_size_is_refused():
    from poker.formats.site_parsers import PokerStarsParser
    wrong = stars_hands()[0].replace('Hero: bets $0.20\nVillain5: calls $0.20\n*** RIVER',
                                     'Hero: bets $0.30\nVillain5: calls $0.30\n*** RIVER')
    import contextlib
    import io
    with pytest.raises(ValueError), contextlib.redirect_stderr(io.StringIO()):
        quiet(PokerStarsParser(), wrong)


@pytest.mark.parametrize(('name', 'hero', 'result', 'unit', 'betting'), [
    # Full Tilt $0.50/$1: Hero raised, bet the flop and the turn; pot 3.25 less his 1.50 put in
    ('fulltilt_limit.txt', 'Hero', 1.75, 0.50, 'rfc/crc/crf'),
    # PartyPoker $2/$4: Hero's queens lose to Villain's kings; he put in 12 (6, 2, 4)
    ('partypoker_limit.txt', 'Hero', -12, 2, 'rfrc/rc/crc/cc'),
    # iPoker $0.10/$0.20: Hero's aces bet the turn alone; pot 0.70, he put in 0.30
    ('ipoker_limit.xml', 'Hero', 0.40, 0.10, 'rcf/crc/crf'),
])
def test_other_sites_fixed_limit_hands(name, hero, result, unit, betting):
    from poker.formats.hand_files import read_hands
    hand, = read_hands(HANDS / name).hands
    position = hand.names.index(hero)
    assert hand.game == 'FT' and hand.line is not None and hand.line.betting == betting
    assert hand.payoffs[position] / hand.scale == pytest.approx(result)
    assert hand.unit / hand.scale == pytest.approx(unit)
    assert len(hand.holes[position]) == 2    # the cards dealt to the file's owner


def test_read_hands_of_a_site_file():
    from poker.formats.hand_files import read_hands
    files = read_hands(STARS)
    assert [hand.game for hand in files.hands] == ['FT', 'FT', 'FT', 'FT', 'NT']
    assert files.skipped == (('PokerStars Omaha Pot Limit', 1),)
    assert [hand.source.rpartition(' ')[2] for hand in files.hands] == ['1', '50', '86', '123', '170']
    # the heads-up hand: Hero, the big blind, is position 0 as ACPC numbers heads-up positions
    assert files.hands[1].names == ('Hero', 'Villain') and files.hands[1].line.betting == 'rrrc/crc/rrrc/rc'


def test_poker_history_across_sites_and_games(capsys):
    assert main(['history', str(STARS), str(HANDS / 'fulltilt_limit.txt'), '--json']) == 0
    data = json.loads(capsys.readouterr().out)
    assert data['skipped'] == '1 hand of other games skipped (1 of PokerStars Omaha Pot Limit)'
    limit = {row['name']: row for row in data['fixed_limit']['players']}
    hero = limit['Hero']
    # Hero's five fixed-limit hands: raise, raise (big blind, heads-up), fold, call, raise (Full Tilt)
    assert (hero['hands'], hero['vpip'], hero['pfr']) == (5, 4 / 5, 3 / 5)
    # after the flop, bets and raises: hand 1 a raise and two bets, heads-up a bet, a raise and a bet, Full Tilt two
    # bets (8); calls: heads-up one, hand 4 three (4)
    assert hero['aggression'] == pytest.approx(8 / 4)
    # results in each hand's small bets: +10.5, +13, 0, -6, +3.5
    assert hero['sb_per_hand'] == pytest.approx((10.5 + 13 + 0 - 6 + 3.5) / 5)
    free = {row['name']: row for row in data['no_limit']['players']}
    assert free['Hero']['bb_per_100'] == pytest.approx(1050) and free['Hero']['hands'] == 1
    assert main(['history', str(STARS)]) == 0
    text = capsys.readouterr().out
    assert "fixed-limit hold'em: 4 hands; small bets per hand" in text and 'bb/100' in text
    assert text.rstrip().endswith('1 hand of other games skipped (1 of PokerStars Omaha Pot Limit)')


def test_a_file_of_no_known_kind_is_one_line(tmp_path, capsys):
    (tmp_path / 'notes.txt').write_text('Dear diary,\nI won today.\n', encoding='utf-8')
    from poker.formats.hand_files import read_hands
    with pytest.raises(PokerError, match="notes.txt', line 1: .*not a PHH file nor a hand history of PokerStars"):
        read_hands(tmp_path / 'notes.txt')
    assert main(['history', str(tmp_path / 'notes.txt')]) == 2
    out, err = capsys.readouterr()
    assert out == '' and err.count('\n') == 1 and 'notes.txt' in err


def test_a_broken_hand_names_its_file_and_line(tmp_path, capsys):
    text = STARS.read_text(encoding='utf-8').replace('Hero: raises $2 to $6', 'Hero: raises $2 to $6\nHero: folds')
    (tmp_path / 'broken.txt').write_text(text, encoding='utf-8')
    assert main(['history', str(tmp_path / 'broken.txt')]) == 2
    out, err = capsys.readouterr()
    assert "broken.txt', line 50: a PokerStars hand pokerkit cannot read" in err and err.count('\n') == 1
