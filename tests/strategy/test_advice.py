"""Loki's betting rules (poker.strategy.advice): every branch, the boundaries, and a subclass changing one rule."""

from __future__ import annotations

import json

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from poker import Advice, BettingError, LokiStrategy, PokerError, advise, parse_cards
from poker.strategy.actions import Action
from poker.strategy.situation import Situation
from poker.stats.hand_statistics import HandStatistics

BOARDS = {
    'preflop': (),
    'flop': tuple(parse_cards('Qh 8h 2c')),
    'turn': tuple(parse_cards('Qh 8h 2c 5d')),
    'river': tuple(parse_cards('Qh 8h 2c 5d Ks')),
}


def stats(hs_n: float, ppot: float = 0.0, street: str = 'flop', npot: float = 0.0) -> HandStatistics:
    """Statistics with the numbers the rules read set directly (EHS' = hs_n + (1 - hs_n) ppot)."""
    return HandStatistics(hs=hs_n, hs_n=hs_n, ppot=ppot, npot=npot, ahead=hs_n, tied=0.0, behind=1 - hs_n,
                          lookahead=0 if street in ('preflop', 'river') else 1, board=BOARDS[street])


# ------------------------------------------------------------------------------------- Make2
@pytest.mark.parametrize(('bets', 'to_call', 'action', 'amount'), [
    (0, 0, 'bet', 10), (1, 10, 'raise', 20), (2, 10, 'call', 10), (3, 20, 'call', 20), (2, 0, 'check', 0),
    (0, 20, 'call', 20),  # two bets to call imply two bets made: no third
])
def test_make2(bets: int, to_call: float, action: str, amount: float) -> None:
    advice = advise(stats(0.9), pot=40, to_call=to_call, bet_size=10, bets_this_round=bets)
    assert (advice.action, advice.amount, advice.rule) == (action, amount, 'make2')
    assert "EHS' 0.900 >= 0.85" in advice.reason


def test_make2_threshold_is_inclusive() -> None:
    assert advise(stats(0.85), pot=10, to_call=0, bet_size=2).rule == 'make2'
    below = advise(stats(0.85 - 1e-12), pot=10, to_call=0, bet_size=2)
    assert below.rule == 'make1' and below.action == 'bet'


def test_make2_counts_ppot_through_ehs_prime() -> None:
    # hs_n 0.7 alone is a Make1; with PPOT 0.5, EHS' = 0.7 + 0.3 * 0.5 = 0.85 is a Make2.
    assert advise(stats(0.7, ppot=0.5), pot=10, to_call=2, bet_size=2, bets_this_round=1).action == 'raise'


# ------------------------------------------------------------------------------------- Make1
def test_make1_bets_when_no_one_has() -> None:
    advice = advise(stats(0.6), pot=10, to_call=0, bet_size=2)
    assert (advice.action, advice.amount, advice.rule) == ('bet', 2, 'make1')


def test_make1_calls_one_bet_and_never_raises() -> None:
    advice = advise(stats(0.6), pot=10, to_call=2, bet_size=2, bets_this_round=1)
    assert (advice.action, advice.amount, advice.rule) == ('call', 2, 'make1')


def test_make1_checks_its_blind_option() -> None:
    advice = advise(stats(0.6, street='preflop'), pot=3, to_call=0, bet_size=2, bets_this_round=1)
    assert (advice.action, advice.amount, advice.rule) == ('check', 0, 'make1')


def test_make1_calls_two_bets_after_calling_already() -> None:
    advice = advise(stats(0.6), pot=20, to_call=4, bet_size=2, bets_this_round=3, called_this_round=True)
    assert (advice.action, advice.amount, advice.rule) == ('call', 4, 'make1')


def test_make1_facing_two_bets_uncalled_falls_to_pot_odds() -> None:
    # Two bets to call, none called yet: not a Make1 call. PPOT 0.1 < 4/24: fold.
    folded = advise(stats(0.6, ppot=0.0), pot=20, to_call=4, bet_size=2, bets_this_round=2)
    assert (folded.action, folded.rule) == ('fold', 'check_or_fold')
    assert 'none called yet' in folded.reason and '0.167' in folded.reason
    # With PPOT 0.2 >= 4/24 the pot-odds rule keeps it in (EHS' = 0.5 + 0.5*0.2 = 0.6 still a Make1).
    kept = advise(stats(0.5, ppot=0.2), pot=20, to_call=4, bet_size=2, bets_this_round=2)
    assert (kept.action, kept.amount, kept.rule) == ('call', 4, 'pot_odds')


def test_make1_one_and_a_half_bets_still_calls() -> None:
    advice = advise(stats(0.55), pot=20, to_call=3, bet_size=2, bets_this_round=2)
    assert (advice.action, advice.rule) == ('call', 'make1')


def test_make1_threshold_is_inclusive() -> None:
    assert advise(stats(0.5), pot=10, to_call=0, bet_size=2).rule == 'make1'
    assert advise(stats(0.5 - 1e-12), pot=10, to_call=0, bet_size=2).rule == 'check_or_fold'


# ------------------------------------------------------------------------------------- semi-bluff
def test_semi_bluff_boundary() -> None:
    # 2*bet / (pot + 6*bet) = 4 / (8 + 12) = 0.2 exactly.
    at = advise(stats(0.2, ppot=0.2), pot=8, to_call=0, bet_size=2)
    assert (at.action, at.amount, at.rule) == ('bet', 2, 'semi_bluff')
    assert 'PPOT 0.200 >= 2*bet/(pot + 6*bet) = 0.200' in at.reason
    below = advise(stats(0.2, ppot=0.2 - 1e-9), pot=8, to_call=0, bet_size=2)
    assert (below.action, below.rule) == ('check', 'check_or_fold')
    assert 'semi-bluff odds 0.200' in below.reason


def test_semi_bluff_on_the_turn() -> None:
    assert advise(stats(0.1, ppot=0.3, street='turn'), pot=8, to_call=0, bet_size=4).rule == 'semi_bluff'


@pytest.mark.parametrize('street', ['river', 'preflop'])
def test_no_semi_bluff_without_cards_to_come(street: str) -> None:
    # PPOT 0.3 >= 0.2 would semi-bluff on the flop (EHS' = 0.2 + 0.8 * 0.3 = 0.44, not a Make1)
    advice = advise(stats(0.2, ppot=0.3, street=street), pot=8, to_call=0, bet_size=2)
    assert (advice.action, advice.rule) == ('check', 'check_or_fold')


def test_no_semi_bluff_facing_a_bet() -> None:
    # PPOT 0.3 is plenty for a semi-bluff but there is a bet to call: pot odds decide (0.3 >= 2/12).
    advice = advise(stats(0.2, ppot=0.3), pot=10, to_call=2, bet_size=2, bets_this_round=1)
    assert (advice.action, advice.rule) == ('call', 'pot_odds')


# ------------------------------------------------------------------------------------- pot odds
@pytest.mark.parametrize('street', ['flop', 'turn'])
def test_pot_odds_use_ppot_before_the_river(street: str) -> None:
    # to_call / (pot + to_call) = 5 / 25 = 0.2
    at = advise(stats(0.1, ppot=0.2, street=street), pot=20, to_call=5, bet_size=5)
    assert (at.action, at.amount, at.rule) == ('call', 5, 'pot_odds')
    assert 'PPOT 0.200 >= to_call/(pot + to_call) = 0.200' in at.reason
    below = advise(stats(0.3, ppot=0.2 - 1e-9, street=street), pot=20, to_call=5, bet_size=5)
    assert (below.action, below.rule) == ('fold', 'check_or_fold')
    assert 'PPOT 0.200 < pot odds 0.200' in below.reason


@pytest.mark.parametrize('street', ['river', 'preflop'])
def test_pot_odds_use_hs_n_at_the_showdown(street: str) -> None:
    called = advise(stats(0.25, street=street), pot=15, to_call=5, bet_size=5)
    assert (called.action, called.rule) == ('call', 'pot_odds') and 'HSn 0.250 >= ' in called.reason
    # PPOT is ignored there: PPOT 0.3 >= 0.25 does not keep HSn 0.2 in (EHS' 0.44 is not a Make1).
    folded = advise(stats(0.2, ppot=0.3, street=street), pot=15, to_call=5, bet_size=5)
    assert folded.action == 'fold' and 'HSn 0.200 < pot odds 0.250' in folded.reason


# ------------------------------------------------------------------------------------- give up
def test_check_when_nothing_to_call_else_fold() -> None:
    checked = advise(stats(0.2), pot=10, to_call=0, bet_size=2)
    assert (checked.action, checked.amount) == ('check', 0)
    folded = advise(stats(0.2), pot=10, to_call=2, bet_size=2)
    assert (folded.action, folded.amount) == ('fold', 0)
    assert "EHS' 0.200 < Make1 0.50" in folded.reason


# ------------------------------------------------------------------------------------- subclassing
class NoSemiBluff(LokiStrategy):
    def semi_bluff(self, stats: HandStatistics, situation: Situation) -> Advice | None:
        return None


class LooseMake1(LokiStrategy):
    make1_threshold = 0.4


class IncomeRatePreflop(LokiStrategy):
    """A preflop rule in front of Loki's, as Papp played the preflop on income rates."""

    rules = ('preflop_income_rate', *LokiStrategy.rules)

    def preflop_income_rate(self, stats: HandStatistics, situation: Situation) -> Advice | None:
        if not self.is_preflop(stats) or stats.income_rate is None:
            return None
        if stats.income_rate > 500:
            return self.bet_or_raise(situation, 'income_rate', f'income rate {stats.income_rate} > 500')
        return None


def test_subclass_overrides_one_rule() -> None:
    draw = stats(0.2, ppot=0.3)
    situation = Situation(pot=10, to_call=0, bet_size=2)
    assert LokiStrategy().advise(draw, situation).rule == 'semi_bluff'
    assert NoSemiBluff().advise(draw, situation).rule == 'check_or_fold'
    # everything else is untouched
    for other in (stats(0.9), stats(0.6), stats(0.1)):
        assert NoSemiBluff().advise(other, situation) == LokiStrategy().advise(other, situation)


def test_subclass_changes_a_threshold() -> None:
    hand = stats(0.45)
    assert advise(hand, pot=10, to_call=0, bet_size=2).rule == 'check_or_fold'
    advice = advise(hand, pot=10, to_call=0, bet_size=2, strategy=LooseMake1())
    assert (advice.action, advice.rule) == ('bet', 'make1') and '>= 0.40' in advice.reason


def test_subclass_adds_a_rule() -> None:
    aces = attrs.evolve(stats(0.85, street='preflop'), income_rate=704)
    advice = IncomeRatePreflop().advise(aces, Situation(pot=3, to_call=2, bet_size=2, bets_this_round=1))
    assert (advice.action, advice.amount, advice.rule) == ('raise', 4, 'income_rate')
    flop = IncomeRatePreflop().advise(stats(0.2), Situation(pot=10, to_call=2, bet_size=2))
    assert flop.rule == 'check_or_fold'


def test_rules_must_end_in_an_answer() -> None:
    class Silent(LokiStrategy):
        rules = ('make2',)

    with pytest.raises(BettingError, match='Silent'):
        Silent().advise(stats(0.2), Situation(pot=10, to_call=0, bet_size=2))


# ------------------------------------------------------------------------------------- values
def test_advice_is_an_immutable_value_with_json() -> None:
    advice = advise(stats(0.9), pot=10, to_call=0, bet_size=2)
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        advice.action = Action.FOLD  # type: ignore[misc]
    assert advice == Advice('bet', 2.0, 'make2', advice.reason)
    data = json.loads(json.dumps(advice.to_dict()))
    assert data == {'action': 'bet', 'amount': 2.0, 'rule': 'make2', 'reason': advice.reason}
    assert Action.RAISE == 'raise' and repr(Action.CALL) == "'call'"


def test_situation_derived_numbers() -> None:
    situation = Situation(pot=16, to_call=4, bet_size=4)
    assert situation.bets == 1 and situation.pot_odds == 0.2 and situation.semi_bluff_odds == 8 / 40
    assert Situation(pot=16, to_call=0, bet_size=4).pot_odds == 0.0
    assert Situation(pot=16, to_call=4, bet_size=4, bets_this_round=3).bets == 3


@pytest.mark.parametrize(('kwargs', 'quoted'), [
    ({'pot': -1, 'to_call': 0, 'bet_size': 2}, 'pot must be a finite amount of at least 0, got -1'),
    ({'pot': 10, 'to_call': -2, 'bet_size': 2}, 'got -2'),
    ({'pot': 10, 'to_call': 0, 'bet_size': 0}, 'bet_size must be a finite amount of more than 0, got 0'),
    ({'pot': float('nan'), 'to_call': 0, 'bet_size': 2}, 'got nan'),
    ({'pot': 10, 'to_call': 0, 'bet_size': 2, 'bets_this_round': -1}, 'bets_this_round'),
    ({'pot': 10, 'to_call': 0, 'bet_size': 2, 'bets_this_round': 1.5}, 'got 1.5'),
])
def test_bad_situations_raise(kwargs: dict, quoted: str) -> None:
    with pytest.raises(BettingError) as info:
        advise(stats(0.5), **kwargs)
    assert isinstance(info.value, PokerError)
    assert quoted in str(info.value)


@settings(max_examples=300, deadline=None)
@given(hs_n=st.floats(0, 1), ppot=st.floats(0, 1), street=st.sampled_from(sorted(BOARDS)),
       pot=st.integers(0, 200), bets_to_call=st.integers(0, 4), bets=st.integers(0, 4), called=st.booleans())
def test_advice_is_always_legal(hs_n: float, ppot: float, street: str, pot: int, bets_to_call: int, bets: int,
                                called: bool) -> None:
    to_call = 2 * bets_to_call
    advice = advise(stats(hs_n, ppot=ppot, street=street), pot=pot, to_call=to_call, bet_size=2,
                    bets_this_round=bets, called_this_round=called)
    expected_amount = {'fold': 0, 'check': 0, 'call': to_call, 'bet': 2, 'raise': to_call + 2}[advice.action]
    assert advice.amount == expected_amount
    if to_call:
        assert advice.action in ('fold', 'call', 'raise')
    else:
        assert advice.action in ('check', 'bet', 'raise')
    if advice.action == 'raise':  # only a Make2 (or a semi-bluff over a blind) raises, below the cap
        assert max(bets, bets_to_call) < 2 or advice.rule == 'semi_bluff'
    assert advice.reason.endswith(advice.action if advice.action in ('check', 'fold') else f'{advice.amount:g}')


# ------------------------------------------------------------------------------------- issue 19: new rules
class NoCheckRaise(LokiStrategy):
    use_check_raise = False


@pytest.mark.parametrize('street', ['flop', 'turn', 'river'])
def test_check_raise_checks_a_make2_hand_when_a_bet_behind_is_likely(street: str) -> None:
    likely = Situation(pot=10, to_call=0, bet_size=2, bet_behind=0.6)
    advice = LokiStrategy().advise(stats(0.9, street=street), likely)
    assert (advice.action, advice.amount, advice.rule) == ('check', 0, 'check_raise')
    assert advice.reason == ("Check-raise: EHS' 0.900 >= Make2 0.85 and a bet behind is likely, 0.600 >= 0.60; "
                             'raise it when it comes: check')
    # the bet comes round: Make2 raises it
    assert LokiStrategy().advise(stats(0.9, street=street), Situation(pot=12, to_call=2, bet_size=2,
                                                                      bets_this_round=1, bet_behind=0.6)).action == 'raise'
    unlikely = Situation(pot=10, to_call=0, bet_size=2, bet_behind=0.5999)
    assert LokiStrategy().advise(stats(0.9, street=street), unlikely).rule == 'make2'
    assert NoCheckRaise().advise(stats(0.9, street=street), likely).rule == 'make2'      # the switch
    assert LokiStrategy().advise(stats(0.8, street=street), likely).rule == 'make1'      # a Make1 bets


def test_no_check_raise_before_the_flop() -> None:
    likely = Situation(pot=3, to_call=0, bet_size=2, bets_this_round=1, bet_behind=1.0)
    assert LokiStrategy().advise(stats(0.9, street='preflop'), likely).rule == 'make2'
    assert LokiStrategy().advise(stats(0.9, street='preflop'), Situation(pot=0, to_call=0, bet_size=2,
                                                                         bet_behind=1.0)).rule == 'make2'


def test_semi_bluff_follow_through_bets_without_potential() -> None:
    following = Situation(pot=10, to_call=0, bet_size=4, follow_through=True)
    advice = LokiStrategy().advise(stats(0.1, ppot=0.0, street='turn'), following)
    assert (advice.action, advice.amount, advice.rule) == ('bet', 4, 'semi_bluff_follow')
    assert 'semi-bluff follow-through' in advice.reason
    assert LokiStrategy().advise(stats(0.1, street='river'), following).rule == 'check_or_fold'  # ours
    facing = Situation(pot=10, to_call=4, bet_size=4, bets_this_round=1, follow_through=True)
    assert LokiStrategy().advise(stats(0.1, street='turn'), facing).action == 'fold'
    assert LokiStrategy.rules.index('semi_bluff_follow') == LokiStrategy.rules.index('semi_bluff') + 1
    assert LokiStrategy.rules[0] == 'check_raise'


def test_situation_checks_the_new_fields() -> None:
    with pytest.raises(BettingError, match='bet_behind'):
        Situation(pot=1, to_call=0, bet_size=1, bet_behind=1.5)
    with pytest.raises(BettingError, match='follow_through'):
        Situation(pot=1, to_call=0, bet_size=1, follow_through='yes')


def test_flop_pot_odds_need_the_next_card_only_when_the_rule_is_reached() -> None:
    flop = HandStatistics(hs=0.01, hs_n=0.01, ppot=0.472, npot=0.1, ahead=1, tied=0, behind=99, lookahead=2,
                          board=BOARDS['flop'])                                # EHS' 0.477: no Make1
    facing = Situation(pot=4, to_call=2, bet_size=2, bets_this_round=1)
    assert LokiStrategy().needs_next_card_ppot(flop, facing)
    assert not LokiStrategy().needs_next_card_ppot(flop, Situation(pot=4, to_call=0, bet_size=2))
    strong = attrs.evolve(flop, hs=0.9, hs_n=0.9, ahead=9, behind=1)        # Make2 answers first
    assert not LokiStrategy().needs_next_card_ppot(strong, facing)
    called = LokiStrategy().advise(flop, facing)                            # no next-card PPOT given: says so
    assert called.rule == 'pot_odds' and 'two-card PPOT (no next-card PPOT given) 0.472' in called.reason
    given = LokiStrategy().advise(attrs.evolve(flop, next_card_ppot=0.282), facing)
    assert given.action == 'fold' and 'next-card PPOT 0.282 < pot odds 0.333' in given.reason
