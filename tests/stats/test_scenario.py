"""Scenario files: the shipped examples load, every bad field is named, the classic scenario runs exactly, and a file
asks for bounded work, read in linear time."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from fuzzing import hang_guard
from poker import Card, Range, ScenarioError
from poker.stats.scenario import (
    FIELDS, MAX_LOOKAHEADS, MAX_SCENARIO_LENGTH, MAX_SCENARIOS, Scenario, load_scenarios, scenarios_from_data)

EXAMPLES = Path(__file__).resolve().parents[2] / 'examples'


def test_shipped_files_agree():
    toml = load_scenarios(EXAMPLES / 'scenarios.toml')
    assert toml == load_scenarios(EXAMPLES / 'scenarios.json')
    first = toml[0]
    assert first.name == "The Java example (after Papp's Table 5.1)" and first.hole == (Card.parse('Ah'), Card.parse('Qh'))
    assert first.lookahead == (1, 2) and first.opponents == 1 and first.ranges == ()
    assert toml[2].opponents == 3 and len(toml[2].ranges) == 3
    assert toml[3].board == () and toml[3].lookahead == (None,)


def test_defaults_and_forms():
    scenario, = scenarios_from_data([{'hole': ['Ah', 'Qh'], 'board': '3h4sJh', 'lookahead': 2, 'ranges': 'QQ+'}])
    assert scenario == Scenario(hole=(Card.parse('Ah'), Card.parse('Qh')),
                                board=tuple(Card.parse(c) for c in ('3h', '4s', 'Jh')),
                                opponents=1, lookahead=(2,), ranges=('QQ+',))
    assert scenario.title == 'Ah Qh on 3h 4s Jh'


BAD = [
    ({'board': '3h 4s Jh'}, "scenario 1: 'hole': missing"),
    ({'hole': 'Ah'}, "'hole': expected 2 cards, got 1 ('Ah')"),
    ({'hole': 'Ah Qx'}, "'hole': invalid card 'Qx'"),
    ({'hole': 42}, "'hole': expected cards as text"),
    ({'hole': 'Ah Qh', 'board': '3h 4s'}, "'board': expected 0, 3, 4 or 5 cards, got 2 ('3h 4s')"),
    ({'hole': 'Ah Qh', 'board': '3h 4s Ah'}, "'board': card 'Ah' is also in 'hole'"),
    ({'hole': 'Ah Qh', 'board': '3h 3h 4s'}, "'board': duplicate card '3h'"),
    ({'hole': 'Ah Qh', 'opponents': 0}, "'opponents': opponents must be a whole number from 1 to 22, got 0"),
    ({'hole': 'Ah Qh', 'opponents': '2'}, "'opponents': opponents must be a whole number"),
    ({'hole': 'Ah Qh', 'board': '3h 4s Jh', 'lookahead': 3}, "'lookahead': expected 0, 1 or 2 cards, got 3"),
    ({'hole': 'Ah Qh', 'board': '3h 4s Jh 2c', 'lookahead': [1, 2]}, "'lookahead': 2 cards is too many on the turn"),
    ({'hole': 'Ah Qh', 'lookahead': 1}, "'lookahead': 1 cards is too many before the flop (at most 0)"),
    ({'hole': 'Ah Qh', 'lookahead': []}, "'lookahead': expected 0, 1 or 2, or a list of them, got an empty list"),
    ({'hole': 'Ah Qh', 'ranges': 5}, "'ranges': expected range text or a list of them, got 5"),
    ({'hole': 'Ah Qh', 'opponents': 3, 'ranges': ['QQ+', 'AKs']},
     "'ranges': expected one range for every opponent or one per opponent (3), got 2"),
    ({'hole': 'Ah Qh', 'opponents': 2, 'ranges': ['QQ+', 'QQ++']}, "'ranges[2]': "),
    ({'hole': 'Ah Qh', 'board': 'Ad Ac As', 'ranges': 'AA'},
     "'ranges': no holding of 'AA' is possible with Ah Qh Ad Ac As known"),
    ({'hole': 'Ah Qh', 'opponents': 2, 'ranges': ['QQ+', 'AhQh']}, "'ranges[2]': no holding of 'AhQh' is possible"),
    ({'hole': 'Ah Qh', 'ranges': ''}, "'ranges': the range '' is empty: it holds no holding"),
    ({'hole': 'Ah Qh', 'ranges': 'AhAd'}, "'ranges': no holding of 'AhAd' is possible with Ah Qh known"),
    ({'hole': 'Ah Qh', 'oponents': 2}, f"unknown field 'oponents' (expected {', '.join(FIELDS)})"),
    ({'hole': 'Ah Qh', 'name': 7}, "'name': expected text, got 7"),
    ('Ah Qh', "scenario 1: expected a table of fields, got 'Ah Qh'"),
]


@pytest.mark.parametrize(('entry', 'message'), BAD)
def test_bad_fields_are_named(entry, message):
    with pytest.raises(ScenarioError) as error:
        scenarios_from_data({'scenario': [{'hole': 'Kd Kc'}, entry]} if message.startswith("'") else [entry],
                            'mine.toml')
    text = str(error.value)
    assert message in text and text.startswith('mine.toml: scenario ')
    if message.startswith("'"):
        assert text.startswith('mine.toml: scenario 2')


def test_a_named_scenario_is_named_in_errors():
    with pytest.raises(ScenarioError, match=r"scenario 1 \('flop'\): 'board'"):
        scenarios_from_data([{'name': 'flop', 'hole': 'Ah Qh', 'board': 'Ah'}])


@pytest.mark.parametrize(('name', 'text', 'message'), [
    ('s.toml', 'scenario = [', 'not valid TOML'),
    ('s.json', '{"scenario": [', 'not valid JSON'),
    ('s.json', '{"scenarios": []}', "unknown top-level key 'scenarios'"),
    ('s.json', '{"scenario": []}', 'expected a list of scenarios under "scenario", found none'),
    ('s.yaml', 'scenario: []', 'must end in .toml or .json'),
])
def test_bad_files(tmp_path, name, text, message):
    path = tmp_path / name
    path.write_text(text)
    with pytest.raises(ScenarioError, match=message.replace('(', r'\(')):
        load_scenarios(path)


def test_missing_file(tmp_path):
    with pytest.raises(ScenarioError, match='no such file'):
        load_scenarios(tmp_path / 'none.toml')


def test_json_round_trip(tmp_path):
    path = tmp_path / 'mine.json'
    path.write_text(json.dumps([{'hole': 'Ah Qh', 'board': '3h 4s Jh', 'opponents': 5, 'lookahead': [1]}]))
    scenario, = load_scenarios(path)
    assert scenario.opponents == 5 and scenario.lookahead == (1,)


def test_the_classic_scenario_runs_exactly():
    scenario, = scenarios_from_data([{'hole': 'Ah Qh', 'board': '3h 4s Jh', 'lookahead': [1, 2]}])
    one, two = scenario.run()
    assert one.hs == 0.5851063829787234 and (one.ahead, one.tied, one.behind) == (628, 9, 444)
    assert (one.ppot, one.npot) == (0.30112721417069244, 0.0993939393939394)
    assert (two.ppot, two.npot) == (0.5041789128745651, 0.14514153391623746)
    five, = scenarios_from_data([{'hole': 'Ah Qh', 'board': '3h 4s Jh', 'opponents': 5, 'lookahead': 1}])[0].run()
    assert five.hs_n == 0.06857632055948792


@pytest.mark.parametrize(('name', 'text', 'message'), [
    ('digits.json', '{"scenario": [{"hole": "Ah Qh", "opponents": ' + '9' * 5000 + '}]}',
     'not valid JSON (a number with thousands of digits)'),
    ('digits.toml', '[[scenario]]\nhole = "Ah Qh"\nopponents = ' + '9' * 5000 + '\n', 'not valid TOML'),
    ('deep.json', '[' * 100_000 + ']' * 100_000, 'nested too deeply'),
    ('deep.toml', 'a = ' + '[' * 100_000 + ']' * 100_000, 'nested too deeply'),
    ('twice.json', '{"scenario": [{"hole": "Ah Qh", "hole": "2c 2d"}]}',
     "not valid JSON (the key 'hole' appears twice in one object)"),
    ('nan.json', '{"scenario": [{"hole": "Ah Qh", "opponents": NaN}]}', 'NaN is not a JSON number'),
    ('empty.toml', '[[scenario]]\nhole = "Ah Qh"\nranges = ""\n', "'ranges': the range '' is empty"),
    ('blank.json', '{"scenario": [{"hole": "Ah Qh", "ranges": ["QQ+", " "], "opponents": 2}]}',
     "'ranges[2]': the range ' ' is empty"),
])
def test_hostile_files_are_one_scenario_error(tmp_path: Path, name: str, text: str, message: str) -> None:
    path = tmp_path / name
    path.write_text(text)
    with pytest.raises(ScenarioError) as caught:
        load_scenarios(path)
    assert message in str(caught.value) and '\n' not in str(caught.value)
    assert 'known' not in str(caught.value)


def test_a_file_asks_for_bounded_work(tmp_path: Path) -> None:
    many = tmp_path / 'lookahead.json'  # 200 kB: 100,000 look-aheads were once cut to 10 without a word
    many.write_text(json.dumps({'scenario': [{'hole': 'Ah Qh', 'board': '3h 4s Jh', 'lookahead': [1] * 100_000}]}))
    with pytest.raises(ScenarioError, match=f"'lookahead': at most {MAX_LOOKAHEADS} look-aheads, got 100,000"):
        load_scenarios(many)
    with pytest.raises(ScenarioError, match=f'lookahead lists at most {MAX_LOOKAHEADS} look-aheads, got more: '):
        Scenario(hole='Ah Qh', board='3h 4s Jh', lookahead=[1] * (MAX_LOOKAHEADS + 1))
    assert len(Scenario(hole='Ah Qh', board='3h 4s Jh', lookahead=[1] * MAX_LOOKAHEADS).lookahead) == MAX_LOOKAHEADS
    with pytest.raises(ScenarioError, match=f'at most {MAX_SCENARIOS:,} scenarios in one file, got 10,001'):
        scenarios_from_data([{'hole': 'Ah Qh'}] * (MAX_SCENARIOS + 1), 'many.json')
    large = tmp_path / 'large.json'
    large.write_text('{"scenario": [{"hole": "Ah Qh"}]}' + ' ' * MAX_SCENARIO_LENGTH)
    with pytest.raises(ScenarioError, match=f'large.json: a scenario file holds at most {MAX_SCENARIO_LENGTH:,} '
                                            'characters; this one holds more'):
        load_scenarios(large)


def test_range_text_in_a_file_is_read_in_linear_time(tmp_path: Path) -> None:
    path = tmp_path / 'spaces.toml'  # 150,000 spaces in a range took minutes
    path.write_text('[[scenario]]\nhole = "Ah Qh"\nranges = ["AKs' + ' ' * 150_000 + 'QQ"]\n')
    with hang_guard(20):
        scenario, = load_scenarios(path)
        assert scenario.weights() == Range.parse('AKs, QQ')
