"""The ACPC notation: game definitions, betting and card strings, MATCHSTATE and log lines, and the positions.

The lines quoted here were written by the ACPC dealer (built from its public source, protocol 2.0.0) playing
``holdem.limit.2p.reverse_blinds.game`` and ``holdem.limit.3p.game`` with its example player.
"""

from __future__ import annotations

import random
from pathlib import Path

import attrs
import pytest

from poker import Card, ProtocolError
from poker.strategy.actions import Action, Blind
from poker.formats.acpc_log import LogLine, read_log
from poker.formats.acpc_match_state import MatchState
from poker.formats.acpc_notation import NO_CAP, GameDefinition, acpc_betting
from poker.table.game import FixedLimitGame, TableView
from poker.table.records import ActionRecord, Decision

ACPC_GAMES = Path(__file__).resolve().parents[2] / 'tests' / 'data' / 'acpc'
"""The game definitions the ACPC dealer ships (project_acpc_server, protocol 2.0.0), as its files hold them: the
independent oracle of :class:`GameDefinition` (its own ``for_table`` writes the same games from its rules)."""
LIMIT_2P = (ACPC_GAMES / 'holdem.limit.2p.reverse_blinds.game').read_text(encoding='utf-8')
LIMIT_3P = (ACPC_GAMES / 'holdem.limit.3p.game').read_text(encoding='utf-8')
NO_LIMIT = (ACPC_GAMES / 'holdem.nolimit.2p.reverse_blinds.game').read_text(encoding='utf-8')

DEALER_2P = """\
STATE:0:crc/cc/cc/cc:8dJd|Td4d/As9d6s/3d/6c:20|-20:Alice|Bob
STATE:1:rrc/rrc/rrc/cc:Jc6c|7h5d/As5cAh/Qh/Tc:-90|90:Bob|Alice
STATE:5:rf:2d3c|Js2s:-10|10:Bob|Alice
STATE:8:rc/crc/rrrrc/crrc:2dAh|KhQh/2s2hJh/As/8d:150|-150:Alice|Bob
STATE:9:f:6d6s|7cTs:5|-5:Bob|Alice
STATE:10:rrc/rrc/crc/rf:2d8s|JsJd/Kh9c4d/4c/Jh:70|-70:Alice|Bob
STATE:19:rc/crrc/rc/rrc:Jd3s|Js3d/2hTcTh/2d/7c:0|0:Bob|Alice
""".splitlines()
DEALER_3P = """\
STATE:0:frrc/crrrc/rc/crc:8dJd|Td4d|As9d/6s3d6c/2c/Qc:100|-100|0:Ann|Bob|Cat
STATE:1:rcrrcc/rrcrcrcc/rrrcrcf/crc:7h2h|6d5d|QcQs/2c5c8c/Ts/5s:-140|320|-180:Bob|Cat|Ann
STATE:3:ccc/ccrrrcc/rcc/ccrrrfrc:7h5d|2h5c|QdJc/6hThKh/Qs/Ah:220|-140|-80:Ann|Bob|Cat
STATE:8:crrfrc/cc/crrrc/cc:5d3s|8d2h|3dQs/7h6s3c/6h/7s:-100|110|-10:Cat|Ann|Bob
STATE:17:crcrrcc/crcc/rrfrf:4h8h|JsJh|8cQc/5h9hQd/2c:140|-90|-50:Cat|Ann|Bob
""".splitlines()
EXCHANGE_2P = """\
TO 1 MATCHSTATE:0:0::8dJd|
TO 2 MATCHSTATE:1:0::|Td4d
FROM 2 MATCHSTATE:1:0::|Td4d:c
TO 1 MATCHSTATE:0:0:c:8dJd|
TO 2 MATCHSTATE:1:0:c:|Td4d
FROM 1 MATCHSTATE:0:0:c:8dJd|:r
TO 1 MATCHSTATE:0:0:cr:8dJd|
TO 2 MATCHSTATE:1:0:cr:|Td4d
FROM 2 MATCHSTATE:1:0:cr:|Td4d:c
TO 1 MATCHSTATE:0:0:crc/:8dJd|/As9d6s
TO 2 MATCHSTATE:1:0:crc/:|Td4d/As9d6s
FROM 1 MATCHSTATE:0:0:crc/:8dJd|/As9d6s:c
TO 1 MATCHSTATE:0:0:crc/c:8dJd|/As9d6s
TO 2 MATCHSTATE:1:0:crc/c:|Td4d/As9d6s
FROM 2 MATCHSTATE:1:0:crc/c:|Td4d/As9d6s:c
TO 1 MATCHSTATE:0:0:crc/cc/:8dJd|/As9d6s/3d
TO 2 MATCHSTATE:1:0:crc/cc/:|Td4d/As9d6s/3d
FROM 1 MATCHSTATE:0:0:crc/cc/:8dJd|/As9d6s/3d:c
TO 1 MATCHSTATE:0:0:crc/cc/c:8dJd|/As9d6s/3d
TO 2 MATCHSTATE:1:0:crc/cc/c:|Td4d/As9d6s/3d
FROM 2 MATCHSTATE:1:0:crc/cc/c:|Td4d/As9d6s/3d:c
TO 1 MATCHSTATE:0:0:crc/cc/cc/:8dJd|/As9d6s/3d/6c
TO 2 MATCHSTATE:1:0:crc/cc/cc/:|Td4d/As9d6s/3d/6c
FROM 1 MATCHSTATE:0:0:crc/cc/cc/:8dJd|/As9d6s/3d/6c:c
TO 1 MATCHSTATE:0:0:crc/cc/cc/c:8dJd|/As9d6s/3d/6c
TO 2 MATCHSTATE:1:0:crc/cc/cc/c:|Td4d/As9d6s/3d/6c
FROM 2 MATCHSTATE:1:0:crc/cc/cc/c:|Td4d/As9d6s/3d/6c:c
TO 1 MATCHSTATE:0:0:crc/cc/cc/cc:8dJd|Td4d/As9d6s/3d/6c
TO 2 MATCHSTATE:1:0:crc/cc/cc/cc:8dJd|Td4d/As9d6s/3d/6c
""".splitlines()


# ---------------------------------------------------------------------------------------- game definitions
def test_the_dealers_limit_games_are_the_tables_game():
    two, three = GameDefinition.parse(LIMIT_2P), GameDefinition.parse(LIMIT_3P)
    assert two == GameDefinition.for_table(2, small_blind=5, small_bet=10, big_bet=20)
    assert three == GameDefinition.for_table(3, small_blind=5, small_bet=10, big_bet=20)
    assert (two.big_blind, two.small_blind, two.button, two.first_player) == (0, 1, 1, (1, 0, 0, 0))
    assert (three.small_blind, three.big_blind, three.button, three.first_player) == (0, 1, 2, (2, 0, 0, 0))
    six = GameDefinition.for_table(6, cap=3)
    assert six.blinds == (1, 2, 0, 0, 0, 0) and six.first_player == (2, 0, 0, 0) and six.max_raises == (2, 3, 3, 3)
    assert GameDefinition.parse(six.text()) == six


def test_a_definition_is_read_as_the_dealer_reads_it(tmp_path):
    lenient = LIMIT_3P.replace('maxRaises = 3 4 4 4\n', '').replace('firstPlayer = 3 1 1 1', '# first\nFIRSTPLAYER 3 1 1 1')
    game = GameDefinition.parse(lenient.replace('limit\n', '', 1) + '\n# a comment\n')
    assert game.max_raises == (NO_CAP,) * 4 and game.first_player == (2, 0, 0, 0)   # no cap; limit by default
    path = tmp_path / 'g.game'
    path.write_text(LIMIT_2P.replace('stack', 'x'), encoding='utf-8')
    assert GameDefinition.read(path) == GameDefinition.parse(LIMIT_2P)


@pytest.mark.parametrize('text, message', [
    (NO_LIMIT, 'only fixed-limit hold\'em is played, got a no-limit game'),
    (LIMIT_2P.replace('numRanks = 13', 'numRanks = 3'), r'only Texas hold\'em is played \(ranks must be 13\), got 3'),
    (LIMIT_2P.replace('numBoardCards = 0 3 1 1', 'numBoardCards = 0 5'), 'board_cards must be 0 3 1 1'),
    (LIMIT_2P.replace('numPlayers = 2', 'numPlayers = 11'), 'players must be a whole number from 2 to 10, got 11'),
    (LIMIT_2P.replace('blind = 10 5', 'blind = 10'), r'blinds must be a list of 2 whole numbers, got \(10,\)'),
    (LIMIT_2P.replace('blind = 10 5', 'blind = 5 5'), 'one big blind and at most one smaller small blind'),
    (LIMIT_2P.replace('firstPlayer = 2 1 1 1', 'firstPlayer = 3 1 1 1'), 'first_player must be a whole number'),
    (LIMIT_2P.replace('raiseSize = 10 10 20 20', 'raiseSize = 10 x'), r"line 6 'raiseSize = 10 x': not a game"),
    (LIMIT_2P.replace('END GAMEDEF', ''), r'not a game definition \(GAMEDEF ... END GAMEDEF\)'),
    (LIMIT_2P + 'blind = 1 2\n', r"line 14 'blind = 1 2': text after END GAMEDEF"),
])
def test_another_game_or_a_bad_line_is_refused_in_one_line(tmp_path, text, message):
    path = tmp_path / 'bad.game'
    path.write_text(text, encoding='utf-8')
    with pytest.raises(ProtocolError, match=message) as error:
        GameDefinition.read(path)
    assert 'bad.game' in str(error.value) and '\n' not in str(error.value)


# ------------------------------------------------------------------------------------------------ betting
def test_betting_is_replayed_by_position_with_the_tables_records():
    game = GameDefinition.parse(LIMIT_2P)
    records = game.records('rc/crc/')
    assert records == (
        ActionRecord('preflop', 1, Blind.SMALL, 5, 5), ActionRecord('preflop', 0, Blind.BIG, 10, 15),
        ActionRecord('preflop', 1, Action.RAISE, 15, 30, to_call=5, bet_size=10),
        ActionRecord('preflop', 0, Action.CALL, 10, 40, to_call=10, bet_size=10),
        ActionRecord('flop', 0, Action.CHECK, 0, 40, bet_size=10),
        ActionRecord('flop', 1, Action.BET, 10, 50, bet_size=10),
        ActionRecord('flop', 0, Action.CALL, 10, 60, to_call=10, bet_size=10))
    assert game.to_act('rc/crc/') == 0 and game.to_act('rc/crc/cc/cc') is None and game.to_act('f') is None
    three = GameDefinition.parse(LIMIT_3P)   # the button (position 2) acts first before the flop
    assert [(r.seat, r.action) for r in three.records('rcf/c')[2:]] == [
        (2, 'raise'), (0, 'call'), (1, 'fold'), (0, 'check')]
    assert three.to_act('rcf/c') == 2 and three.to_act('ff') is None and three.to_act('fcc/') == 0


@pytest.mark.parametrize('betting, message', [
    ('rc/f', 'a fold with nothing to call'),
    ('rrrr', 'a raise past the cap of 3'),
    ('rc/rrrrr', 'a raise past the cap of 4'),
    ('rc', 'the preflop is over: a / must follow'),
    ('rcc', 'an action after the preflop is over'),
    ('r/c', 'a / before the round is over'),
    ('f/', 'betting after the hand is over'),
    ('rc/cc/cc/cc/', 'at most four rounds'),
    ('rc/cc/cc/ccc', 'betting after the hand is over'),
    ('rx', 'ACPC betting'),
    ('r100c', 'ACPC betting'),
])
def test_betting_that_breaks_the_rules_is_refused(betting, message):
    with pytest.raises(ProtocolError, match=message):
        GameDefinition.parse(LIMIT_2P).records(betting)


# ------------------------------------------------------------------------------------------ MATCHSTATE
def test_the_dealers_exchange_is_read_and_answered():
    """Each line the dealer sends reads back as itself; the position whose turn it is answered next."""
    game = GameDefinition.parse(LIMIT_2P)
    lines = [line.split(' ', 2) for line in EXCHANGE_2P]
    for (way, who, line), (next_way, next_who, next_line) in zip(lines, lines[1:] + [['', '', '']]):
        if way != 'TO':
            continue
        state = MatchState.parse(line + '\r\n')
        assert state.text() == line and state.position == int(who) - 1
        if next_way == 'FROM' and next_who == who:
            assert state.to_act(game) == state.position
            assert state.answer(game, {'c': 'call', 'r': 'raise'}[next_line[-1]]) == next_line
        elif next_way == 'FROM':
            assert state.to_act(game) != state.position
    final = MatchState.parse(lines[-1][2])
    assert final.to_act(game) is None and final.holes[1] == (Card.parse('Td'), Card.parse('4d'))


def test_an_answer_is_the_legal_action():
    game = GameDefinition.parse(LIMIT_2P)
    state = MatchState.parse('MATCHSTATE:0:4:rrr:Td4d|')   # three raises: the cap
    assert [state.answer(game, action)[-1] for action in Action] == ['f', 'f', 'c', 'c', 'c']
    state = MatchState.parse('MATCHSTATE:0:4:rc/:Ah9c|/2h3c4d')
    assert [state.answer(game, action)[-1] for action in Action] == ['c', 'c', 'c', 'r', 'r']
    with pytest.raises(ProtocolError, match="not this player's turn"):
        MatchState.parse('MATCHSTATE:1:4:rc/:|Td4d/2h3c5d').answer(game, 'call')


@pytest.mark.parametrize('line, message', [
    ('MATCHSTATE:0:0::8dJd', 'is not 2 to 10 players'),
    ('MATCHSTATE:0:0::8dJx|', 'is not cards written as Ah9c'),
    ('MATCHSTATE:0:0::8d|', "is not 2 to 10 players' hole cards"),
    ('MATCHSTATE:0:0::8dJd|8d4c', 'a card is dealt twice'),
    ('MATCHSTATE:0:0:rc/:8dJd|', 'the betting reaches the flop, whose board has 3 cards, got 0'),
    ('MATCHSTATE:0:0::8dJd|/2c3c', 'is not a board by round'),
    ('MATCHSTATE:2:0::8dJd|', 'position 2 is not one of the 2 positions'),
    ('MATCHSTATE:1:0::8dJd|', 'the cards of position 1 \\(this player\\) are not known'),
    ('MATCHSTATE:0:x::8dJd|', 'expected MATCHSTATE:<position>:<hand>:<betting>:<cards>'),
    ('MATCHSTATE:0:0:rc:8dJd|', None),
    ('MATCHSTATE:0:0::8dJd|\nMATCHSTATE', 'not one line'),
    ('#hello', 'expected MATCHSTATE'),
])
def test_a_malformed_matchstate_is_one_error_quoting_the_line(line, message):
    game = GameDefinition.parse(LIMIT_2P)
    with pytest.raises(ProtocolError, match=message or 'a / must follow') as error:
        MatchState.parse(line).to_act(game)
    assert shown_in(line.split('\n')[0], str(error.value))


def shown_in(line: str, message: str) -> bool:
    return line[:20] in message


def test_a_state_must_fit_its_game():
    state = MatchState.parse('MATCHSTATE:0:0:rcc/:8dJd||/2c3c4c')
    with pytest.raises(ProtocolError, match='is not a state of'):
        state.to_act(GameDefinition.parse(LIMIT_2P))
    assert state.to_act(GameDefinition.parse(LIMIT_3P)) == 0


# ------------------------------------------------------------------------------------------- log lines
@pytest.mark.parametrize('text, game', [(DEALER_2P, LIMIT_2P), (DEALER_3P, LIMIT_3P)])
def test_the_dealers_log_lines_read_back_as_themselves(text, game):
    definition = GameDefinition.parse(game)
    for line in text:
        log = LogLine.parse(line + '\n', definition)
        assert log.text() == line and LogLine.parse(line) == log   # the default game has the same turns
        records = log.records(definition)
        spent = [sum(r.amount for r in records if r.seat == p) for p in range(definition.players)]
        folded = {r.seat for r in records if r.action == Action.FOLD}
        assert sum(log.payoffs) == 0
        assert all(log.payoffs[p] == -spent[p] for p in folded)   # a fold loses what it put in


def test_a_players_own_log_line_leaves_the_cards_it_did_not_see_empty():
    line = 'STATE:2:rrf:|Td4d:4|-4:Ann|Bob'
    assert LogLine.parse(line).holes == ((), (Card.parse('Td'), Card.parse('4d'))) and LogLine.parse(line).text() == line


def test_payoffs_are_written_as_the_dealer_writes_them():
    line = 'STATE:3:ccc/ccc/ccc/ccc:8dJd|Td4d|As9d/6s3d6c/2c/Qc:-10|5.5|4.5:a|b|c'
    log = LogLine.parse(line)
    assert log.payoffs == (-10.0, 5.5, 4.5) and log.text() == line


@pytest.mark.parametrize('line, message', [
    ('STATE:0:rc/cc/cc/cc:8dJd|Td4d/As9d6s/3d/6c:20|-20', 'expected STATE:<hand>'),
    ('STATE:0:rc/cc/cc/c:8dJd|Td4d/As9d6s/3d/6c:20|-20:A|B', 'the hand is not over'),
    ('STATE:0:rc/cc/cc/cc:8dJd|Td4d/As9d6s/3d/6c:20|x:A|B', "payoff 'x' is not a number"),
    ('STATE:0:rc/cc/cc/cc:8dJd|/As9d6s/3d/6c:20|-20|0:A|B', 'a payoff and a name for each position'),
    ('STATE:0:rc/cc/cc/cc:8dJd|Td4d/As9d6s/3d/6c:20|-20:A|B|C', 'a payoff and a name for each position'),
    ('STATE:0:rc/cc/cc/cc:8dJd|Td4d/As9d6s/3d:20|-20:A|B', 'the betting reaches the river'),
    ('STATE:0:rc/cc/cc/cc:8dJd|Td4d/As9d6s/3d/6c:20|-20:A|', 'names must be 2 to 10 names'),
    ('SCORE:205|-205:Alice|Bob', 'expected STATE'),
])
def test_a_malformed_log_line_is_one_error_quoting_it(line, message):
    with pytest.raises(ProtocolError, match=message) as error:
        LogLine.parse(line)
    assert line[:20] in str(error.value) and '\n' not in str(error.value)


class Chooser:
    """Asks for fold, check, call, bet or raise at random (the table makes each legal); records its views."""

    def __init__(self, name: str, seed: int) -> None:
        self.name = name
        self.random = random.Random(seed)
        self.views: list[TableView] = []

    def decide(self, view: TableView) -> Decision:
        self.views.append(view)
        return Decision(self.random.choices(list(Action), weights=(1, 2, 5, 2, 4))[0])


@pytest.mark.parametrize('seats, options', [(2, {}), (3, {'small_blind': 5, 'small_bet': 10, 'big_bet': 20}),
                                            (6, {'cap': 3})])
def test_a_hand_the_table_played_reads_back_from_its_log_line(seats, options):
    """Position p is the seat button + 1 + p: the log line's betting, replayed by the table's game in ACPC terms
    with the button where it was, gives back every record of the hand; payoffs and names follow the positions."""
    players = [Chooser(f'P{seat}', seat) for seat in range(seats)]
    game = FixedLimitGame(players, seed=seats, **options)
    definition = GameDefinition.for_table(seats, **options)
    streets = set()
    for _ in range(12):
        hand = game.play_hand()
        log = LogLine.parse(LogLine.from_hand(hand).text(), definition)
        assert log.hand == hand.number and log.board == hand.board
        assert definition.records(log.betting, button=hand.button) == tuple(
            attrs.evolve(record, decision=None) for record in hand.actions)
        for position in range(seats):
            seat = (hand.button + 1 + position) % seats
            assert (log.names[position], log.holes[position], log.payoffs[position]) == (
                hand.names[seat], hand.holes[seat], hand.net[seat])
        streets.update(hand.streets)
    assert streets == {'preflop', 'flop', 'turn', 'river'}


def test_betting_of_records_through_a_street():
    game = GameDefinition.for_table(3)
    records = game.records('rcc/cr')
    assert acpc_betting(records) == 'rcc/cr' and acpc_betting(records[:5], 'flop') == 'rcc/'
    assert acpc_betting(records[:2]) == '' and acpc_betting(records[:2], 'river') == '///'
    with pytest.raises(ProtocolError, match='records must be a list of ActionRecord'):
        acpc_betting(['rc'])


# ------------------------------------------------------------------------------------- views from notation
def without_decisions(view: TableView) -> dict[str, object]:
    fields = attrs.asdict(view, recurse=False)
    fields['history'] = tuple(attrs.evolve(record, decision=None) for record in view.history)
    return fields


@pytest.mark.parametrize('seats, options', [(2, {}), (3, {'small_blind': 5, 'small_bet': 10, 'big_bet': 20}),
                                            (6, {'cap': 3})])
def test_a_view_built_from_notation_is_the_one_the_table_hands_its_seat(seats, options):
    """Every view the table hands a seat, rebuilt from the hand's betting string, the seat, its cards, the board
    and the button, is the same view field by field (the history's records without the seats' decisions)."""
    players = [Chooser(f'P{seat}', 10 + seat) for seat in range(seats)]
    game = FixedLimitGame(players, seed=seats, **options)
    definition = GameDefinition.for_table(seats, **options)
    names = tuple(player.name for player in players)
    game.play(12)
    views = [view for player in players for view in player.views]
    for view in views:
        betting = acpc_betting(view.history, view.street)
        built = definition.view(betting, view.seat, view.hole, view.board, button=view.button, names=names)
        assert without_decisions(built) == without_decisions(view), betting
    assert {view.street for view in views} == {'preflop', 'flop', 'turn', 'river'}
    assert any(view.called_this_round for view in views) and any(view.put_in_this_round for view in views)
    assert any(not view.can_raise for view in views) and any(view.seat == view.big_blind and view.to_call == 0
                                                             for view in views)


def test_a_matchstate_gives_the_players_view():
    game = GameDefinition.parse(LIMIT_2P)
    state = MatchState.parse('MATCHSTATE:0:4:rrc/cr:Td4d|/2h3c5d')   # the big blind, facing a bet on the flop
    view = state.view(game)
    assert (view.seat, view.name, view.street, view.pot, view.to_call, view.bets_this_round, view.button) == (
        0, 'seat 0', 'flop', 70, 10, 1, 1)
    assert view.small_blind == 1 and view.big_blind == 0 and view.hole == state.hole and view.opponents == 1
    turned = state.view(game, names=('Bob', 'Ann'), button=0)   # the same hand, the button at seat 0
    assert (turned.seat, turned.name, turned.button, turned.small_blind, turned.big_blind) == (1, 'Ann', 0, 0, 1)
    with pytest.raises(ProtocolError, match="seat 0 acts, not 1"):
        game.view('rrc/cr', 1, 'Ah Kh', '2h 3c 4d')
    with pytest.raises(ProtocolError, match="the hand is over"):
        game.view('f', 0, 'Ah Kh')
    with pytest.raises(ProtocolError, match='names must be a name for each of the 2 seats'):
        state.view(game, names=('Bob',))


def test_a_log_file_is_read_with_its_comments_and_score(tmp_path):
    path = tmp_path / 'match.log'
    header = '# name/game/hands/seed lim2 holdem.limit.2p.reverse_blinds.game 20 7\n#--t_response 600000\n'
    path.write_text(header + '\n'.join(DEALER_2P) + '\nSCORE:335|-335:Alice|Bob\n', encoding='utf-8')
    hands = read_log(path, GameDefinition.parse(LIMIT_2P))
    assert [hand.hand for hand in hands] == [0, 1, 5, 8, 9, 10, 19]
    path.write_text(header + '\n'.join(DEALER_2P) + '\nSCORE:330|-330:Alice|Bob\n', encoding='utf-8')
    with pytest.raises(ProtocolError, match=r'line 10: score line .*: Alice won 335 in the hands above, not 330'):
        read_log(path)
    path.write_text(header + DEALER_2P[0] + '\n' + DEALER_2P[1].replace('rrc/rrc', 'rrc/rrrrrc') + '\n')
    with pytest.raises(ProtocolError, match=r"match.log', line 4: log line 'STATE:1:rrc/rrrrrc.*past the cap"):
        read_log(path)
    with pytest.raises(ProtocolError, match='cannot read the log'):
        read_log(tmp_path / 'none.log')


# ------------------------------------------------------------------- issue 28: the fast reader and its oracle
def table_lines(seats: int, hands: int, seed: int, **options) -> list[str]:
    """Log lines of hands the table played (the table's game with ``options``)."""
    game = FixedLimitGame([Chooser(f'P{seat}', seed + seat) for seat in range(seats)], seed=seed, **options)
    return [LogLine.from_hand(game.play_hand()).text() for _ in range(hands)]


def mutations(line: str, rng: random.Random, count: int) -> set[str]:
    """``line`` cut short, and changed at random places (a character replaced, doubled or taken out)."""
    found = {line[:cut] for cut in range(0, len(line), 3)}
    alphabet = ':|/rcf0123456789-.AKQJT2hdcs \x00\ufeff\r'
    while len(found) < count:
        at = rng.randrange(len(line))
        kind = rng.randrange(3)
        found.add(line[:at] + (rng.choice(alphabet) if kind == 0 else line[at] * 2 if kind == 1 else '')
                  + line[at + 1:])
    return found


def test_the_fast_line_reader_reads_as_the_slow_one():
    """``_fast_log_line`` (the reader of big logs) reads a line exactly when the slow, readable ``LogLine._read``
    reads it, and to the same hand, over valid lines of 2, 3 and 6 players (the dealer's and the table's games)
    and thousands of lines broken from them."""
    from poker.formats.acpc_log import _fast_log_line
    rng = random.Random(28)
    cases = [(line, GameDefinition.parse(LIMIT_2P)) for line in DEALER_2P] + \
        [(line, GameDefinition.parse(LIMIT_3P)) for line in DEALER_3P] + \
        [(line, None) for seats in (2, 3, 6) for line in table_lines(seats, 30, seats)] + \
        [(line, GameDefinition.for_table(10, cap=255)) for line in table_lines(10, 10, 1, cap=255)] + \
        [('STATE:3:ccc/ccc/ccc/ccc:8dJd|Td4d|As9d/6s3d6c/2c/Qc:-10|5.5|4.5:a|b|c', None),
         ('STATE:2:rrf:|Td4d:4|-4:Ann|Bob', None), ('STATE:4294967295:rf:AhKh|7c2d:-2|2:a|b', None),
         ('STATE:4294967296:rf:AhKh|7c2d:-2|2:a|b', None), ('STATE:\u00b2:rf:AhKh|7c2d:-2|2:a|b', None),
         ('STATE:0:rf:AhKh|7c2d:-2|2:a|a', None), ('STATE:0:rf:AhKh|7c2d/:-2|2:a|b', None)]
    valid = read = broken = 0
    for line, game in list(cases):
        cases.extend((mutated, game) for mutated in mutations(line, rng, 40))
    for line, game in cases:
        try:
            slow = LogLine._read(line, game)
        except ProtocolError:
            slow = None
        fast = _fast_log_line(line, game)
        assert (fast is None) == (slow is None), (line, slow)
        if slow is not None:
            assert fast is not None and fast[0] == slow and fast[0].text() == slow.text(), line
            records = slow.records(game)
            assert fast[1].spent == tuple(sum(r.amount for r in records if r.seat == p) for p in range(fast[1].players))
            assert fast[1].folded == {r.seat for r in records if r.action == Action.FOLD}
            assert LogLine.parse(line, game) == slow
            valid += 1
        else:
            with pytest.raises(ProtocolError):
                LogLine.parse(line, game)
            broken += 1
        read += 1
    assert valid > 500 and broken > 4000, (valid, broken)   # both paths exercised


def test_a_number_written_in_other_digits_is_refused_not_escaped():
    """``'²'.isdigit()`` is true and ``int('²')`` fails: hand numbers, positions and definition numbers escaped a
    ValueError."""
    with pytest.raises(ProtocolError, match='expected STATE'):
        LogLine.parse('STATE:\u00b2:rf:AhKh|7c2d:-2|2:a|b')
    with pytest.raises(ProtocolError, match='expected MATCHSTATE'):
        MatchState.parse('MATCHSTATE:\u00b2:0::AhKh|')
    with pytest.raises(ProtocolError, match='not a game definition line'):
        GameDefinition.parse(LIMIT_2P.replace('numPlayers = 2', 'numPlayers = \u0662\u00b2'))
    with pytest.raises(ProtocolError, match="payoff '\u0662' is not a number"):
        LogLine.parse('STATE:0:rf:AhKh|7c2d:-2|\u0662:a|b')


def test_a_definition_is_a_log_header():
    for game in (GameDefinition.parse(LIMIT_2P), GameDefinition.parse(LIMIT_3P), GameDefinition.for_table(6)):
        comment = game.comment()
        assert all(line.startswith('# ') for line in comment.splitlines())
        assert GameDefinition.parse('\n'.join(line[1:] for line in comment.splitlines())) == game
