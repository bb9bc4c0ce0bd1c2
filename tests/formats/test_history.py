"""Hand histories: a match's ACPC log written, and logs read back (stats, paired results, warmed models)."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

import pytest

from poker.matches import duplicate
from poker.formats.acpc_log import LogLine
from poker.matches.duplicate import match

PLAYERS = ['loki-no-model', 'station', 'random']


@pytest.fixture
def small_units(monkeypatch):
    monkeypatch.setattr(duplicate, 'DEALS_PER_UNIT', 3)   # several blocks per seating, finishing out of order


def _lines(path):
    return [LogLine.parse(line) for line in path.read_text().splitlines() if not line.startswith('#')]


def test_a_match_log_holds_every_hand_in_order_the_same_on_any_executor(tmp_path, small_units):
    one, two = tmp_path / 'one.log', tmp_path / 'two.log'
    result = match(PLAYERS, 7, seed=3, log=one)
    with ThreadPoolExecutor(3) as executor:
        again = match(PLAYERS, 7, seed=3, log=two, executor=executor)
    assert one.read_bytes() == two.read_bytes()
    assert (result.per_deal == again.per_deal).all()
    lines = _lines(one)
    assert [line.hand for line in lines] == list(range(7 * 3))     # hand = deal * seatings + seating
    for deal in range(7):
        seatings = lines[3 * deal:3 * deal + 3]
        assert len({line.holes for line in seatings}) == 1            # the same cards in every seating
        assert len({line.names for line in seatings}) == 3            # each seating its own seats
        for index, name in enumerate(result.names):
            chips = sum(line.payoffs[line.names.index(name)] for line in seatings)
            assert chips / duplicate.SMALL_BET / 3 == result.per_deal[deal, index]


def test_a_fresh_every_match_log_is_the_same_on_any_executor(tmp_path):
    one, two = tmp_path / 'one.log', tmp_path / 'two.log'
    match(['maniac', 'station', 'rock'], 5, seed=2, fresh_every=2, log=one)
    with ThreadPoolExecutor(2) as executor:
        match(['maniac', 'station', 'rock'], 5, seed=2, fresh_every=2, log=two, executor=executor)
    assert one.read_bytes() == two.read_bytes()
    assert [line.hand for line in _lines(one)] == list(range(15))


# ------------------------------------------------------------------------------------------ reading logs back
import json  # noqa: E402

from poker.cli import main  # noqa: E402
from poker.errors import PokerError, ProtocolError  # noqa: E402
from poker.formats.hand_history import HandHistory, read_history  # noqa: E402
from poker.players.frequencies import ModelState  # noqa: E402
from poker.players.modelling import ModellingLokiPlayer  # noqa: E402

from fuzzing import failure  # noqa: E402

# three players (position 0 the small blind, 1 the big blind, 2 the button, first to act before the flop)
HAND_MADE = [
    # a, b, c: c raises, a and b call; flop a checks, b bets, c and a call; checked down; b's queens win
    'STATE:0:rcc/crcc/ccc/ccc:AhKh|QsQd|2c7d/3h8s9c/Tc/4d:-6|12|-6:a|b|c',
    # b, c, a: a folds, b completes, c raises, b folds
    'STATE:1:fcrf:Jc2d|5s5h|9d3c:-2|2|0:b|c|a',
]
HAND_MADE_FILE = '# a comment\n' + '\n'.join(HAND_MADE) + '\nSCORE:-6|10|-4:a|b|c\n'   # the dealer's totals


def test_hand_made_log_stats_are_the_hand_counted_numbers():
    history = HandHistory.parse(HAND_MADE)
    assert len(history.lines) == 2 and not history.paired
    stats = {p.name: p for p in history.players()}
    # a: called before the flop in hand 0 (VPIP), folded in hand 1; after the flop one call, no bet
    assert (stats['a'].vpip, stats['a'].pfr, stats['a'].aggression, stats['a'].went_to_showdown) == (0.5, 0, 0, 1)
    # b: called (big blind) and completed (small blind); one flop bet, no call after the flop
    assert (stats['b'].vpip, stats['b'].pfr, stats['b'].aggression, stats['b'].went_to_showdown) == (1, 0, None, 1)
    # c: raised in both hands; one flop call
    assert (stats['c'].vpip, stats['c'].pfr, stats['c'].aggression, stats['c'].went_to_showdown) == (1, 1, 0, 1)
    # hands unpaired: one sample each, in small bets (2 chips): a -3 and 0, b +6 and -1, c -3 and +1
    assert [(p.sb_per_hand, p.samples) for p in history.players()] == [(-1.5, 2), (2.5, 2), (-1.0, 2)]
    assert stats['b'].half_width == pytest.approx(1.96 * (2 * 3.5 ** 2) ** 0.5 / 2 ** 0.5)


def test_a_match_log_read_back_gives_the_match_results_and_models(tmp_path, small_units):
    log = tmp_path / 'match.log'
    result = match(['loki', 'station', 'random'], 6, seed=3, log=log)
    history = read_history(log)
    assert history.paired and len(history.deals()) == 6 and len(history.lines) == 18
    stats = {p.name: p for p in history.players()}
    for name, mean, half in zip(result.names, result.means(), result.half_widths()):
        assert stats[name].sb_per_hand == pytest.approx(mean, abs=1e-12)     # (sums in another order)
        assert stats[name].half_width == pytest.approx(half, abs=1e-12)
        assert stats[name].samples == 6 and stats[name].hands == 18
    # replayed as loki saw them, each seating's hands teach a model what that seating's loki learnt
    for seating in range(3):
        hands = HandHistory(tuple(line for line in history.lines if line.hand % 3 == seating))
        state = hands.model_state('loki')
        assert isinstance(state, ModelState) and state == result.states[seating][0]
        assert state.showdowns == result.states[seating][0].showdowns
    warmed = ModellingLokiPlayer('loki')
    warmed.resume(history.model_state('loki'))
    assert set(warmed.models) == {'station', 'random'}
    again = match(['loki', 'station', 'random'], 2, seed=4, states=[[history.model_state('loki'), None, None]] * 3)
    assert again.deals == 2


def test_history_command_reads_logs_and_refuses_bad_lines(tmp_path, capsys):
    log = tmp_path / 'hand.log'
    log.write_text(HAND_MADE_FILE)
    assert main(['history', str(log)]) == 0
    out = capsys.readouterr().out
    assert '2 hands (no deal played twice)' in out and 'VPIP' in out
    assert main(['history', str(log), str(log), '--json']) == 0
    data = json.loads(capsys.readouterr().out)   # the same hands twice, in the same seats: not a duplicate match
    assert data['hands'] == 4 and not data['paired'] and data['players'][0]['name'] == 'a'
    bad = tmp_path / 'bad.log'
    bad.write_text(HAND_MADE[0] + '\nSTATE:2:rrrrr:AhKh|QsQd|2c7d:0|0|0:a|b|c\n')
    assert main(['history', str(bad)]) == 2
    err = capsys.readouterr().err
    assert err.count('\n') == 1 and "bad.log', line 2" in err and 'raise past the cap' in err
    bad.write_text(HAND_MADE[0] + '\n' + HAND_MADE[1].replace('-2|2|0', '-1|1|0') + '\n')
    assert main(['history', str(bad)]) == 2
    err = capsys.readouterr().err
    assert err.count('\n') == 1 and "bad.log', line 2: position 0 lost the 2 chips" in err
    assert main(['history', str(tmp_path / 'missing.log')]) == 2


def test_match_log_names_and_errors(tmp_path):
    log = tmp_path / 'outside.log'
    result = match(['station', 'poker.players.bots:Maniac'], 1, seed=1, log=log)
    assert result.names[1] == 'poker.players.bots:Maniac'
    assert {name for line in _lines(log) for name in line.names} == {'station', 'poker.players.bots_Maniac'}
    with pytest.raises(PokerError, match='cannot write the log'):
        match(['station', 'maniac'], 1, log=tmp_path / 'no' / 'such.log')
    with pytest.raises(PokerError, match='log must be a file name'):
        match(['station', 'maniac'], 1, log=3)


def test_the_reader_refuses_hostile_lines_in_one_line():
    good = HAND_MADE[1]
    hostile = {good[:cut] for cut in range(len(good))}
    hostile |= {good[:at] + char + good[at + 1:] for at in range(len(good)) for char in ':|/rcf9-x\x00 '}
    hostile |= {good.replace('a|b|c', 'a|b'), good.replace('-6|12|-6', '1e308|0|0'), good + ':extra', '',
                'STATE:99999999999:' + good[8:], good.replace('QsQd', 'AhQd'), good * 2}
    for line in sorted(hostile):
        assert failure(HandHistory.parse, [line]) is None, line
        try:
            HandHistory.parse([line]).players()
        except ProtocolError as error:
            assert str(error).startswith('log, line 1: ')
    empty = HandHistory(())
    assert empty.players() == () and empty.to_dict()['hands'] == 0 and 'player' in empty.table()
    unseen = HandHistory.parse(['STATE:0:rf:|Ks8d:-2|2:a|b'])    # a player's own log: a's cards never shown
    with pytest.raises(PokerError, match="does not show 'a'"):
        unseen.model_state('a')
    assert isinstance(unseen.model_state('b'), ModelState) and unseen.players()[0].vpip == 0
    for value in (None, 3, 'STATE', [3], [b'STATE'], [None]):
        assert failure(HandHistory.parse, value) is None
    assert failure(read_history, []) is None and failure(read_history, [3]) is None


def test_a_log_of_another_game_needs_its_definition(tmp_path, capsys):
    from poker.formats.acpc_notation import GameDefinition
    dealer = tmp_path / 'dealer.log'   # ACPC's holdem.limit.2p.reverse_blinds: blinds 10 and 5, bets 10 and 20
    dealer.write_text('# name/game/hands/seed a.b holdem.limit.2p.reverse_blinds.game 2 0\n'
                      'STATE:0:rf:AhKh|7c2d:-10|10:a|b\nSTATE:1:cc/cc/cc/cc:Qs2d|Jc3h/2h7h9s/Tc/Ks:10|-10:b|a\n'
                      'SCORE:-20|20:a|b\n')
    with pytest.raises(ProtocolError, match=r'line 2: position 0 lost the 2 chips it put in but its payoff is -10'):
        read_history(dealer)
    game = tmp_path / 'two.game'
    game.write_text(GameDefinition(2, (10, 5), (10, 10, 20, 20), (1, 0, 0, 0), (3, 4, 4, 4)).text())
    assert main(['history', str(dealer), '--game', str(game), '--json']) == 0
    data = json.loads(capsys.readouterr().out)
    assert [(p['name'], p['sb_per_hand']) for p in data['players']] == [('a', -1.0), ('b', 1.0)]   # 10 chips a bet
    with pytest.raises(ProtocolError, match='do not add up to 0'):
        HandHistory.parse(['STATE:0:rf:AhKh|7c2d:-2|3:a|b'])
    with pytest.raises(ProtocolError, match='position 0 won 4 chips'):   # the cards say position 0 won
        HandHistory.parse(['STATE:0:cc/cc/cc/cc:AhAd|7c2d/2h8h9s/Tc/Ks:-2|2:a|b'])
    split = 'STATE:0:rcc/crcc/ccc/ccc:2c3d|4c5d|2h3s/AcKdQh/Js/Tc:{}:a|b|c'   # a straight on the board: a split
    assert HandHistory.parse([split.format('0|0|0'), split.format('0.5|-0.5|0'), split.format('-0.25|0|0.25')])


# ------------------------------------------------------------------------------- issue 28: streams and limits
import os  # noqa: E402
import random  # noqa: E402
import threading  # noqa: E402

from poker.formats.acpc_notation import GameDefinition  # noqa: E402

from fuzzing import hang_guard  # noqa: E402


class Stream(threading.Thread):
    """A named pipe fed without pause with ``chunk`` again and again, as ``/dev/zero`` or ``/dev/urandom`` would be,
    up to ``most`` bytes (a bound for the test's sake, far more than a reader with limits takes): ``taken`` says
    whether the reader closed the pipe before the end (so it stopped reading), ``sent`` how much it got."""

    def __init__(self, path, chunk: bytes, most: int = 64 << 20) -> None:
        super().__init__(daemon=True)
        os.mkfifo(path)
        self.path, self.chunk, self.most = path, chunk, most
        self.sent, self.closed = 0, False

    def stop(self) -> None:
        """Let the thread end if nothing opened the pipe (it waits for a reader to open it)."""
        try:
            os.close(os.open(self.path, os.O_RDONLY | os.O_NONBLOCK))
        except OSError:
            pass
        self.join(60)

    def run(self) -> None:
        try:
            with open(self.path, 'wb') as pipe:   # (waits for the reader to open it)
                while self.sent < self.most:
                    pipe.write(self.chunk)
                    pipe.flush()
                    self.sent += len(self.chunk)
        except BrokenPipeError:
            self.closed = True


@pytest.mark.parametrize('kind', ['zeros', 'random bytes', 'one long line', 'comments without end'])
def test_an_endless_stream_ends_with_one_line_naming_the_limit(tmp_path, capsys, kind):
    """Issue 28: ``poker history /dev/zero`` read until memory ran out, /dev/urandom grew past 1.3 GB. The reader
    takes a line at a time and stops at the first line past a limit (or that is not a hand), closing the stream."""
    chunk = {'zeros': bytes(1 << 16), 'random bytes': random.Random(28).randbytes(1 << 16),
             'one long line': b'STATE:' + b'r' * ((1 << 16) - 6), 'comments without end': b'# more\n' * 9000}[kind]
    stream = Stream(tmp_path / 'endless', chunk)
    stream.start()
    arguments = ['history', str(tmp_path / 'endless')] + (['--most-hands', '1000'] if 'comments' in kind else [])
    with hang_guard(120):
        status = main(arguments)
    stream.stop()
    err = capsys.readouterr().err
    assert status == 2 and err.count('\n') == 1 and "endless', line " in err
    assert stream.closed and stream.sent < stream.most    # the reader stopped long before the end
    expected = {'zeros': 'line 1: longer than 10,000 characters (the longest line read)',
                'one long line': 'line 1: longer than 10,000 characters (the longest line read)',
                'comments without end': 'line 2001: more than 2,000 lines read',
                'random bytes': ': log line '}[kind]
    assert expected in err, err


def test_the_limits_of_a_log_are_named_with_the_file_and_line(tmp_path):
    log = tmp_path / 'hands.log'
    log.write_text('\n'.join(HAND_MADE * 3) + '\n', encoding='utf-8')
    assert len(read_history(log, most_hands=6).lines) == 6
    with pytest.raises(ProtocolError, match=r"hands.log', line 4: more than 3 hands read \(the most hands"):
        read_history(log, most_hands=3)
    with pytest.raises(ProtocolError, match=r"log, line 3: more than 2 lines \(the most hands"):
        HandHistory.parse(HAND_MADE * 3, most_hands=2)
    log.write_text(HAND_MADE[0] + '\n' + HAND_MADE[1] + ' ' * 10_000 + '\n', encoding='utf-8')
    with pytest.raises(ProtocolError, match=r"hands.log', line 2: longer than 10,000 characters"):
        read_history(log)
    log.write_bytes(HAND_MADE[0].encode() + b'\n' + '\u00e9'.encode() * 5_001 + b'\n')   # 10,002 bytes, fewer letters
    with pytest.raises(ProtocolError, match=r"line 2: log line 'ééé.*: expected STATE"):
        read_history(log)
    for bad in (0, -1, 10 ** 10, 2.5, '3', None):
        assert failure(read_history, log, most_hands=bad) is None
        with pytest.raises(PokerError, match='most_hands'):
            read_history(log, most_hands=bad)
    assert main(['history', str(log), '--most-hands', '0']) == 2


def test_a_byte_order_mark_crlf_and_blank_lines_are_read(tmp_path, capsys):
    """Issue 28: a UTF-8 byte-order mark at the start of a log was refused."""
    log = tmp_path / 'bom.log'
    log.write_bytes(b'\xef\xbb\xbf' + HAND_MADE_FILE.replace('\n', '\r\n').encode('utf-8') + b'\r\n\r\n')
    assert main(['history', str(log), '--json']) == 0
    data = json.loads(capsys.readouterr().out)
    assert data['hands'] == 2 and [p['name'] for p in data['players']] == ['a', 'b', 'c']
    log.write_bytes(b'\xef\xbb\xbf' + HAND_MADE[0].encode() + b'\n\xef\xbb\xbf' + HAND_MADE[1].encode() + b'\n')
    with pytest.raises(ProtocolError, match="line 2: log line '\\\\ufeffSTATE"):   # only at the start
        read_history(log)


def test_one_name_in_two_positions_is_refused_naming_the_line(tmp_path):
    """Issue 28: the two seats of one name were merged into one player."""
    log = tmp_path / 'twice.log'
    log.write_text(HAND_MADE[0] + '\nSTATE:0:cc/crc/cc/cc:2h9s|6sQc/9d7h8d/Jd/3s:4|-4:A|A\n', encoding='utf-8')
    with pytest.raises(ProtocolError, match=r"twice.log', line 2: log line 'STATE:0:cc/crc.*: the name 'A' is in "
                                            'two positions'):
        read_history(log)
    with pytest.raises(ProtocolError, match="the name 'b' is in two positions"):
        LogLine.parse('STATE:0:rf:AhKh|7c2d|QsQd:-1|2|-1:a|b|b')


DUPLICATE_2P = [   # a deal in two seatings (the players moved, the cards by position the same), as a match logs it
    'STATE:0:cc/rf:3c3s|AhKd/2s8s5s:2|-2:ann|bob', 'STATE:1:cc/rc/cc/cc:3c3s|AhKd/2s8s5s/Tc/9h:4|-4:bob|ann',
    'STATE:2:rf:QhQd|7c2d:-2|2:ann|bob', 'STATE:3:rc/cc/cc/cc:QhQd|7c2d/2h3h4h/5c/8d:4|-4:bob|ann']


def test_only_lines_of_the_same_deal_are_paired(tmp_path):
    """Issue 28: lines were paired by hole cards alone, so two hands of a player's own log (opponent's cards
    hidden) with the same hole cards on different boards became one duplicate deal."""
    own = HandHistory.parse(['STATE:72:cc/rf:3c3s|/2s8s5s:2|-2:me|seat 2', 'STATE:73:rf:|7c2d:-2|2:seat 2|me',
                             'STATE:252:cc/rf:3c3s|/JhKhQc:2|-2:me|seat 2'])
    assert not own.paired and len(own.deals()) == 3 and own.players()[0].samples == 3
    shown = HandHistory.parse(['STATE:1:cc/rf:3c3s|AhKd/2s8s5s:2|-2:a|b', 'STATE:2:cc/rf:3c3s|AhKd/JhKhQc:2|-2:b|a'])
    assert not shown.paired and len(shown.deals()) == 2   # the same hole cards, another board: another deal
    duplicate = HandHistory.parse(DUPLICATE_2P)
    assert duplicate.paired and [len(deal) for deal in duplicate.deals()] == [2, 2]
    ann = {p.name: p for p in duplicate.players()}['ann']   # deals: (+1 - 2) / 2 and (-1 - 2) / 2 small bets
    assert (ann.samples, ann.sb_per_hand) == (2, -1.0)
    # the same deal in the same seats twice is no duplicate; nor a log where only some deals were replayed
    assert not HandHistory.parse(DUPLICATE_2P[:1] * 2).paired
    assert not HandHistory.parse(DUPLICATE_2P[:3]).paired
    # the dealer's duplicate: a match played again with the seats swapped (the same seed), its log read after it
    first = tmp_path / 'first.log'
    second = tmp_path / 'second.log'
    first.write_text('\n'.join(DUPLICATE_2P[0::2]) + '\n', encoding='utf-8')
    second.write_text('\n'.join(line.replace('ann|bob', 'bob|ann') for line in DUPLICATE_2P[0::2]) + '\n',
                      encoding='utf-8')
    both = read_history([first, second])
    assert both.paired and [[line.hand for line in deal] for deal in both.deals()] == [[0, 0], [2, 2]]
    assert all(p.sb_per_hand == 0 and p.half_width == 0 for p in both.players())


def test_a_deal_with_the_same_cards_much_later_is_another_deal():
    """A deal whose seatings are all played is closed to a later deal dealt the same hole cards (rare, but a
    million hands make it likely); and a line repeated many times costs no more than a few deals' look."""
    lines = DUPLICATE_2P[:2] + DUPLICATE_2P[2:] + [line.replace('2s8s5s', '2s8s6s') for line in DUPLICATE_2P[:2]]
    history = HandHistory.parse(lines)
    assert history.paired and [len(deal) for deal in history.deals()] == [2, 2, 2]
    with hang_guard(120):
        repeated = HandHistory.parse(DUPLICATE_2P[:1] * 20_000)
        assert len(repeated.deals()) == 20_000 and not repeated.paired


def test_a_log_carries_its_game_in_a_header(tmp_path, capsys):
    """Issue 28: ``poker history`` on a log of another game needed ``--game`` again; the logs this library writes
    begin with the game as comment lines, which the reader takes (ACPC's tools skip comments)."""
    game = GameDefinition(2, (10, 5), (10, 10, 20, 20), (1, 0, 0, 0), (3, 4, 4, 4))
    hands = 'STATE:0:rf:AhKh|7c2d:-10|10:a|b\nSTATE:1:cc/cc/cc/cc:Qs2d|Jc3h/2h7h9s/Tc/Ks:10|-10:b|a\n'
    log = tmp_path / 'dealer.log'
    log.write_text(f'# a comment\n{game.comment()}\n{hands}', encoding='utf-8')
    history = read_history(log)
    assert history.game == game and len(history.lines) == 2
    assert main(['history', str(log), '--json']) == 0
    assert [(p['name'], p['sb_per_hand']) for p in json.loads(capsys.readouterr().out)['players']] == [
        ('a', -1.0), ('b', 1.0)]                                       # 10 chips a small bet, as the header says
    other = tmp_path / 'other.game'
    other.write_text(GameDefinition.for_table(2).text(), encoding='utf-8')
    assert main(['history', str(log), '--game', str(other)]) == 2
    assert "dealer.log', line 2: the log's game definition is not the one given" in capsys.readouterr().err
    plain = tmp_path / 'plain.log'
    plain.write_text(HAND_MADE_FILE, encoding='utf-8')
    with pytest.raises(ProtocolError, match=r"dealer.log', line 2: a game definition .* after hands of the table"):
        read_history([plain, log])
    table = tmp_path / 'table.log'
    table.write_text(GameDefinition.for_table(3).comment() + '\n' + HAND_MADE_FILE, encoding='utf-8')
    assert read_history([plain, table]).game == GameDefinition.for_table(3)   # the game it was read under
    with pytest.raises(ProtocolError, match=r"table.log', line 1: a game definition .* that is not the one of the "
                                            'logs read before it'):
        read_history([log, table])
    open_header = tmp_path / 'open.log'
    open_header.write_text('\n'.join(game.comment().splitlines()[:-1]) + '\n' + hands, encoding='utf-8')
    with pytest.raises(ProtocolError, match=r"open.log', line 1: a game definition in comments .* without its "
                                            '# END GAMEDEF'):
        read_history(open_header)
    broken = tmp_path / 'broken.log'
    broken.write_text(game.comment().replace('limit', 'nolimit', 1) + '\n' + hands, encoding='utf-8')
    with pytest.raises(ProtocolError, match=r"broken.log', line 1: only fixed-limit"):
        read_history(broken)


def test_a_match_log_reads_back_with_its_game(tmp_path):
    log = tmp_path / 'match.log'
    match(['station', 'maniac', 'rock'], 2, seed=5, log=log)
    text = log.read_text(encoding='utf-8')
    assert text.startswith('# poker match: 3 players') and '# GAMEDEF\n' in text
    history = read_history(log)
    assert history.game == GameDefinition.for_table(3) and history.paired and len(history.lines) == 6


def test_the_batch_payoff_check_is_the_slow_one(tmp_path):
    """``_check_payoffs`` (showdowns of many hands ranked in one call) accepts a hand exactly when the slow, readable
    ``_checked`` does, and names the first one it refuses, over the hands of matches of 2, 3 and 6 players and
    their payoffs changed (moved by a chip or half of one, swapped, two shares made equal)."""
    from poker.formats.hand_history import _check_payoffs, _checked, _lines_given
    lines = []
    for number, players in enumerate([['station', 'maniac'], ['random', 'station', 'maniac'],
                                      ['random', 'station', 'maniac', 'rock', 'random', 'station']]):
        log = tmp_path / f'{number}.log'
        match(players, 12, seed=number, log=log)
        lines.extend(line.text() for line in read_history(log).lines)
    rng = random.Random(5)
    changed = []
    for text in lines:
        line = LogLine.parse(text)
        for change in range(4):
            payoffs = list(line.payoffs)
            a, b = rng.sample(range(len(payoffs)), 2)
            if change == 0:
                payoffs[a], payoffs[b] = payoffs[b], payoffs[a]
            else:
                step = (1, 0.5)[change - 1] if change < 3 else (payoffs[b] - payoffs[a]) / 2
                payoffs[a] += step
                payoffs[b] -= step
            changed.append(LogLine(line.hand, line.betting, line.holes, line.board, tuple(payoffs), line.names).text())

    def slow(item) -> str | None:
        try:
            _checked(item[2], None)
        except PokerError as error:
            return f'log, line {item[1]}: {error}'
        return None

    def fast(items) -> str | None:
        try:
            _check_payoffs(items, None)
        except ProtocolError as error:
            return str(error)
        return None
    refused = 0
    for text in lines + changed:
        item = next(_lines_given([text], None, 'log', 10))
        assert fast([item]) == slow(item), text
        refused += slow(item) is not None
    assert refused > len(changed) // 2, refused   # most changes break a hand (a swap of equal payoffs does not)
    items = list(_lines_given(lines[:40] + changed[:40], None, 'log', 100))   # in one batch: the first refused
    assert fast(items) == next(slow(item) for item in items if slow(item) is not None)


def slow_players(lines: list[LogLine]) -> dict[str, tuple]:
    """Each player's hands, VPIP, PFR, aggression and went-to-showdown counted record by record, the way the
    numbers are defined (an oracle of ``HandHistory.players``)."""
    counts: dict[str, list[int]] = {}
    for line in lines:
        records = line.records()
        for position, name in enumerate(line.names):
            mine = [r for r in records if r.seat == position and r.action not in ('small blind', 'big blind')]
            preflop_folds = {r.seat for r in records if r.street == 'preflop' and r.action == 'fold'}
            folds = {r.seat for r in records if r.action == 'fold'}
            saw_flop = len(line.names) - len(preflop_folds) > 1 and position not in preflop_folds
            tally = counts.setdefault(name, [0] * 7)
            tally[0] += 1
            tally[1] += any(r.street == 'preflop' and r.action in ('call', 'bet', 'raise') for r in mine)
            tally[2] += any(r.street == 'preflop' and r.action == 'raise' for r in mine)
            tally[3] += sum(r.street != 'preflop' and r.action in ('bet', 'raise') for r in mine)
            tally[4] += sum(r.street != 'preflop' and r.action == 'call' for r in mine)
            tally[5] += saw_flop
            tally[6] += saw_flop and len(line.names) - len(folds) > 1 and position not in folds
    return {name: (t[0], t[1] / t[0], t[2] / t[0], t[3] / t[4] if t[4] else None, t[6] / t[5] if t[5] else None)
            for name, t in counts.items()}


def test_the_numbers_are_those_counted_hand_by_hand(tmp_path):
    log = tmp_path / 'match.log'
    match(['random', 'station', 'maniac', 'rock'], 30, seed=9, log=log)
    history = read_history(log)
    expected = slow_players(list(history.lines))
    assert {p.name: (p.hands, p.vpip, p.pfr, p.aggression, p.went_to_showdown) for p in history.players()} == expected
    unpaired = HandHistory(history.lines[:-1])   # the last deal cut short: every hand its own sample
    assert not unpaired.paired
    for stats in unpaired.players():
        values = [line.payoffs[line.names.index(stats.name)] / 2 for line in unpaired.lines
                  if stats.name in line.names]
        assert stats.samples == len(values) and stats.sb_per_hand == pytest.approx(sum(values) / len(values),
                                                                                  abs=1e-12)
