"""`gamenight.make`: every bad argument is a ValueError that names it."""

from __future__ import annotations

import pytest

import gamenight


def test_the_games_are_listed_even_after_a_game_is_loaded():
    gamenight.make("boss-quest", players=2, seed=0)  # imports gamenight.games.boss_quest
    assert "boss-quest" in gamenight.games()
    assert gamenight.games() == sorted(gamenight.games())


def test_an_unknown_game_names_it_and_the_known_ones():
    with pytest.raises(ValueError, match=r"unknown game 'chess'.*boss-quest"):
        gamenight.make("chess", players=2)


@pytest.mark.parametrize("players", [0, 1, 7, -3])
def test_a_player_count_out_of_range_names_the_range(players):
    with pytest.raises(ValueError, match=rf"boss-quest takes 2 to 6 players, got {players}"):
        gamenight.make("boss-quest", players=players)


@pytest.mark.parametrize("players", ["3", 3.0, True, None])
def test_a_player_count_that_is_not_an_integer(players):
    with pytest.raises(ValueError, match="players must be an integer"):
        gamenight.make("boss-quest", players=players)


@pytest.mark.parametrize("seed", ["7", 7.5, False, -1, 2**63])
def test_a_seed_that_is_not_an_integer_in_range(seed):
    with pytest.raises(ValueError, match="seed must be an integer"):
        gamenight.make("boss-quest", players=3, seed=seed)


def test_the_largest_seed_is_accepted():
    assert gamenight.make("boss-quest", players=3, seed=2**63 - 1).seed == 2**63 - 1


def test_an_unknown_option_names_it_and_the_known_ones():
    with pytest.raises(ValueError, match=r"unknown option\(s\) keytarget for boss-quest") as info:
        gamenight.make("boss-quest", players=3, keytarget=3)
    assert "key_target" in str(info.value)


@pytest.mark.parametrize(
    ("option", "value", "message"),
    [
        ("key_target", 0, "'key_target' must be at least 1, got 0"),
        ("key_target", 21, "'key_target' must be at most 20, got 21"),
        ("hearts", 0, "'hearts' must be at least 1, got 0"),
        ("spells_per_round", 11, "'spells_per_round' must be at most 10, got 11"),
        ("max_rounds", 0, "'max_rounds' must be at least 1"),
    ],
)
def test_an_option_out_of_range_names_it_and_the_bound(option, value, message):
    with pytest.raises(ValueError, match=message):
        gamenight.make("boss-quest", players=3, **{option: value})


@pytest.mark.parametrize(
    ("option", "value", "message"),
    [
        ("key_target", "5", "'key_target' must be an integer, got '5'"),
        ("hearts", 2.5, "'hearts' must be an integer, got 2.5"),
        ("hearts", True, "'hearts' must be an integer, got True"),
        ("mystery", 1, "'mystery' must be true or false, got 1"),
    ],
)
def test_an_option_of_the_wrong_type_names_it(option, value, message):
    with pytest.raises(ValueError, match=message):
        gamenight.make("boss-quest", players=3, **{option: value})


def test_options_are_filled_with_defaults_and_kept():
    state = gamenight.make("boss-quest", players=5, seed=1, hearts=2)
    assert state.options == {
        "key_target": 4,
        "hearts": 2,
        "spells_per_round": 6,
        "mystery": True,
        "max_rounds": 100,
    }


def test_without_a_seed_one_is_drawn_and_recorded():
    state = gamenight.make("boss-quest", players=3)
    assert isinstance(state.seed, int)
    assert gamenight.replay(state.record()).to_json() == state.to_json()
