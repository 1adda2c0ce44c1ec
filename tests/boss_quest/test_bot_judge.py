"""The heuristic bot's Judge in C (`boss_quest/_judge.c`) gives the floats of its Python
loops exactly (==, not approximately): the bot's choices, and so its games, are the same
with or without the extension."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

import gamenight
from gamenight import agents
from gamenight.games.boss_quest import bots
from gamenight.play.table import play
from tests.boss_quest.helpers import decide_in_python
from tests.kernel.test_recorded_games import RECORDS, bot_games

judge_c = pytest.importorskip("gamenight.games.boss_quest._judge")


def python_judge(table: bots.Table, monkeypatch: pytest.MonkeyPatch) -> bots.Judge:
    with monkeypatch.context() as patch:
        patch.setattr(bots, "NATIVE", False)
        return bots.Judge(table)


def same_seat(native: judge_c.Forecast, plain: bots.SeatForecast) -> bool:
    final, meet, above, tie, bust = plain
    return (
        list(native.final.items()) == list(final.items())  # the dict's order too
        and native.meet == meet
        and native.above == above
        and native.tie == tie
        and native.bust == bust
    )


def test_the_c_judge_values_every_position_of_bot_games_as_python_does(monkeypatch):
    """Every position the bots value in games of 2 to 5 players, valued both ways, and
    every seat's part of a battle the C Judge made, against Python's."""
    assert bots.NATIVE
    original = bots.Judge._value
    twins: dict[int, tuple[bots.Judge, bots.Judge]] = {}  # id -> (the C judge, its twin)
    checked: dict[int, int] = {}  # id -> seat forecasts compared so far
    kinds = ("positions", "seat forecasts", "runner_up", "mercy", "conditions", "draws")
    seen = dict.fromkeys(kinds, 0)

    def both(judge: bots.Judge, position: bots.Position) -> float:
        value = original(judge, position)
        if id(judge) not in twins or twins[id(judge)][0] is not judge:
            twins[id(judge)] = judge, python_judge(judge.table, monkeypatch)
            checked[id(judge)] = 0
        twin = twins[id(judge)][1]
        assert value == original(twin, position)
        made = list(judge._seat_forecasts.items())[checked[id(judge)] :]
        for key, native in made:
            # C keeps the hand in a HandKey: hashed and compared as Python's key.
            hand = key[0].hand
            plain = (hand, *key[1:])
            assert hash(key[0]) == hash((hand.shown, hand.colours, hand.hidden, hand.cards))
            assert hash(key) == hash(plain) and key == plain and plain == key
            assert same_seat(native, twin._seat_forecast(*plain))
        checked[id(judge)] += len(made)
        seen["seat forecasts"] += len(made)
        rules = bots.Rules.of(position)
        seen["positions"] += 1
        seen["runner_up"] += rules.runner_up
        seen["mercy"] += rules.mercy
        seen["conditions"] += bool(rules.conditions)
        seen["draws"] += not all(position.settled)
        return value

    monkeypatch.setattr(bots.Judge, "_value", both)
    # The turns and visits valued position by position here (`test_bot_native` compares
    # C's own turn and visit).
    decide_in_python(monkeypatch)
    monkeypatch.setattr(bots.Judge, "visit_values", lambda judge, visits: None)
    for players in (2, 3, 4, 5):
        for seed in range(3):
            state = gamenight.make("boss-quest", players, seed=200 + seed)
            play(state, [agents.make("heuristic", "boss-quest", seed + s) for s in range(players)])
    assert seen["positions"] > 5_000 and seen["seat forecasts"] > 5_000
    assert all(seen.values()), seen  # every kind of battle came up


def test_the_recorded_bot_games_replay_with_the_python_judge(monkeypatch):
    monkeypatch.setattr(bots, "NATIVE", False)
    kept = json.loads((RECORDS / "boss-quest-heuristic.json").read_text())
    assert bot_games("boss-quest") == kept


def a_valuer(**changes: object) -> Any:
    """A two-seat `Valuer` of plain figures, with `changes` to its arguments."""
    arguments: dict[str, object] = {
        "me": 0,
        "threat": [0.3, 0.3],
        "needs": [5, 5],
        "game_win": 3.0,
        "my_heart": 0.4,
        "rival_hearts": [0.0, 0.1],
        "card": [(1, 0.5), (2, 0.5)],
        "stop_gap": 3,
    }
    return judge_c.Valuer(**{**arguments, **changes})


def test_a_valuer_refuses_what_it_cannot_value():
    valuer = a_valuer()
    hand = bots.Hand(shown=4, colours=(), hidden=((3, 0, 1.0),), cards=1)
    two = bots.Position(15, (), (hand, hand), (True, True), bots.MAX_DRAWS)
    three = bots.Position(15, (), (hand, hand, hand), (True, True, True), bots.MAX_DRAWS)
    with pytest.raises(ValueError, match="for every seat"):
        valuer.value_of(three, bots.Rules.of(three), {})
    key = (hand, 0, 0, 15, ())
    with pytest.raises(ValueError, match="of another kind"):
        valuer.value_of(two, bots.Rules.of(two), {key: "not a forecast"})
    with pytest.raises(ValueError, match="at most 16 seats"):
        a_valuer(me=2, card=[])
    with pytest.raises(ValueError, match="from 1 to 100000"):
        a_valuer(card=[(4_294_968, 1.0)])  # a size past any attack's range
    # A valuer whose `__init__` failed or never ran values nothing (its arrays are unset).
    with pytest.raises(RuntimeError, match="not initialised"):
        judge_c.Valuer.__new__(judge_c.Valuer).value_of(two, bots.Rules.of(two), {})
    # Both at 7 of 15, neither wins the tie: a key each, less the rival's threat.
    forecasts: dict[tuple[object, ...], object] = {}
    assert valuer.value_of(two, bots.Rules.of(two), forecasts) == 1.0 - 0.3
    assert list(forecasts) == [key]


def test_a_hand_key_hashes_and_compares_as_its_hand():
    hand = bots.Hand(shown=4, colours=(1,), hidden=((3, 0, 1.0),), cards=2)
    twin = bots.Hand(shown=4, colours=(1,), hidden=((3, 0, 1.0),), cards=2)
    other = hand.with_value(1)
    two = bots.Position(15, (), (hand, other), (True, True), bots.MAX_DRAWS)
    forecasts: dict[tuple[object, ...], object] = {}
    a_valuer().value_of(two, bots.Rules.of(two), forecasts)
    (mine, *_), (theirs, *_) = forecasts
    assert type(mine) is judge_c.HandKey and mine.hand is hand and theirs.hand is other
    # C hashed the hands and kept their hashes, as `Hand.__hash__` does.
    assert hand._hash == hash((4, (1,), ((3, 0, 1.0),), 2)) and twin._hash is None
    assert hash(mine) == hash(hand) == hash(twin) and hash(theirs) == hash(other)
    assert mine == hand and hand == mine and mine == twin and mine != other
    assert (mine != twin) is False and mine != theirs
    # A hand of another class is hashed by its own `__hash__`.
    position = bots.Position(15, (), (hand, (4, (1,), ((3, 0, 1.0),), 2)), (True, True), 0)
    with pytest.raises(AttributeError):
        a_valuer().value_of(position, bots.Rules.of(position), {})


def test_hands_far_past_the_hp_and_hidden_weapons_of_any_number_type_are_valued_as_python_does(
    monkeypatch,
):
    """The C Judge's working distributions sit on the stack for attacks below 256 and on
    the heap above; a hidden weapon's (value, colour, probability) of plain types is read
    directly, any other numbers as before: both give Python's floats."""
    rng = random.Random(7)
    state = gamenight.make("boss-quest", 3, seed=11)
    table = bots.read_table(state.view(0))
    checked = 0
    for _ in range(400):
        hands = []
        for _seat in range(3):
            kinds = tuple(
                (rng.randint(1, 7), rng.randint(0, 4), rng.choice([0.25, 0.5, 1.0, 1]))
                for _ in range(rng.randint(1, 5))
            )
            colours = tuple(rng.randint(-1, 4) for _ in range(rng.randint(0, 4)))
            shown = rng.choice([0, 5, 12, rng.randint(0, 400)])
            hands.append(bots.Hand(shown, colours, kinds, len(colours) + 1))
        hp = rng.choice([9, 15, rng.randint(5, 300)])
        settled = tuple(rng.random() < 0.5 for _ in range(3))
        kinds_in_play = [
            (1, "colour-red", -1),
            (2, "attack+2", 1),
            (3, "pair", -1),
            (4, "hp-2", -1),
        ]
        spells = tuple(rng.sample(kinds_in_play, rng.randint(0, 3)))
        position = bots.Position(hp, spells, tuple(hands), settled, rng.choice([1, 8]))
        native = bots.Judge(table)
        plain = python_judge(table, monkeypatch)
        assert native.value(position) == plain.value(position)
        checked += 1
    assert checked == 400
