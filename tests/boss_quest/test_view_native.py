"""Boss Quest's view in C (`_observe.view`) against its Python code (`views._view`): the
same dict on every state, key for key in the same order, with the same types and values,
for every seat and the spectator; a seat or a state the Python code refuses is refused."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

import gamenight
from gamenight import agents
from gamenight.games.boss_quest import BossQuestState, views
from gamenight.kernel import DecisionStack, Frame
from gamenight.testing import playout

pytestmark = pytest.mark.skipif(not views.NATIVE, reason="_observe is not built")

# Options that move what the view shows (the key target, the Mystery spell...).
OPTIONS = ({}, {"key_target": 2, "hearts": 1, "mystery": False, "spells_per_round": 2})


def assert_same(native: Any, python: Any, where: str = "view") -> None:
    """`native` is `python`'s twin: the same types throughout, dicts' keys in the same order."""
    assert type(native) is type(python), where
    if isinstance(python, dict):
        assert list(native) == list(python), where
        for key in python:
            assert_same(native[key], python[key], f"{where}[{key!r}]")
    elif isinstance(python, list):
        assert len(native) == len(python), where
        for i, (a, b) in enumerate(zip(native, python, strict=True)):
            assert_same(a, b, f"{where}[{i}]")
    else:
        assert native == python, where


def assert_views_match(state: BossQuestState) -> None:
    for seat in (None, *range(state.num_players)):
        assert_same(views.view(state, seat), views._view(state, seat))


def bot_game(players: int, seed: int) -> Iterator[BossQuestState]:
    """Each state of a game of heuristic bots, before each decision."""
    state = gamenight.make("boss-quest", players, seed=seed)
    seats = [agents.make("heuristic", "boss-quest", seed * 16 + s) for s in range(players)]
    while not state.is_over():
        yield state
        seat = state.actors()[0]
        state.apply(seat, seats[seat].choose(state.view(seat), state.legal_actions(seat)))
    yield state


def test_the_table_loop_gets_the_c_function():
    assert views.view is views._observe.view


@pytest.mark.parametrize("options", OPTIONS)
@pytest.mark.parametrize("players", [2, 4, 6])
def test_c_builds_the_view_of_the_python_code_in_random_games(players, options):
    for seed in range(4):
        for state in playout("boss-quest", players, seed, **options):
            assert_views_match(state)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_c_builds_the_view_of_the_python_code_in_bot_games(players):
    for seed in range(2):
        for state in bot_game(players, 700 + seed):
            assert_views_match(state)


def test_each_view_shows_a_weapon_in_a_dict_of_its_own():
    """A weapon's view is copied from one made once: changing it in one view changes no
    other view's, nor the next one made."""
    state = next(iter(playout("boss-quest", 4, 3)))
    first, second = views.view(state, 0), views.view(state, 0)
    mine = first["seats"][0]["hidden"]  # a seat sees its own hidden weapon
    assert mine is not None
    mine["value"] = -1
    for later in (second, views.view(state, 0)):
        assert later == views._view(state, 0)


@pytest.mark.parametrize("seat", [-1, 3, True, 1.0, "0"])
def test_a_seat_not_at_the_table_is_refused_as_check_seat_refuses_it(seat):
    state = gamenight.make("boss-quest", 3, 0)
    with pytest.raises(ValueError, match="no seat"):
        views.view(state, seat)


def altered(**fields: object) -> BossQuestState:
    state = gamenight.make("boss-quest", 3, 0).clone()
    for name, value in fields.items():
        setattr(state, name, value)
    return state


@pytest.mark.parametrize(
    "fields",
    [
        {"boss": -1},  # Python's index from the end
        {"boss": 99},
        {"slots": [99, 0, 1]},
        {"slot_status": ["active"] * 3, "slot_target": [-1, -1, 5]},
        {"spell_discard": [-2]},
        {"spell_discard": [77]},
        {"visible": [[0], [99], []]},
        {"hidden": [200, 1, 2]},  # seat 0's own
        {"hidden": [0, 1, 200]},  # not seat 0's to know: never read
        {"weapon_deck": [0, 77], "top_known": 1},
        {"weapon_deck": [0, 77], "top_known": 2},
        {"decisions": DecisionStack([Frame("choose_target", 2, (1,))])},
        {"decisions": DecisionStack([Frame("choose_target", 0, (12,))])},
        {"options": {}},
        {"phase": "over"},
    ],
)
def test_a_state_the_python_code_refuses_is_refused_and_any_other_viewed_alike(fields):
    state = altered(**fields)
    try:
        python = views._view(state, 0)
    except Exception as error:
        with pytest.raises(type(error)):
            views.view(state, 0)
    else:
        assert_same(views.view(state, 0), python)


def test_the_fields_are_read_from_the_class_at_hand():
    class Subclass(BossQuestState):
        __slots__ = ()

    state = gamenight.make("boss-quest", 3, 0)
    other = state.clone()
    other.__class__ = Subclass
    other.keys = [2, 0, 1]
    for _ in range(2):
        assert_same(views.view(state, 0), views._view(state, 0))
        assert_same(views.view(other, 0), views._view(other, 0))
        Subclass.changed = True  # a new version of the class
    assert [seat["keys"] for seat in views.view(other, 0)["seats"]] == [2, 0, 1]
