"""Boss Quest: the rules page's component list (weapons and bosses)."""

from __future__ import annotations

from gamenight.games.boss_quest.content import (
    BOSS_HP,
    COLOURS,
    NUM_WEAPONS,
    WEAPON_COLOUR,
    WEAPON_VALUE,
)


def test_the_weapons_are_35_cards_five_colours_of_values_1_to_7_one_each():
    assert NUM_WEAPONS == 35
    assert COLOURS == ("red", "blue", "green", "yellow", "purple")
    cards = sorted(zip(WEAPON_COLOUR, WEAPON_VALUE, strict=True))
    assert cards == [(c, v) for c in range(5) for v in range(1, 8)]


def test_the_bosses_are_eight_cards_of_14_to_21_hp_one_each():
    assert sorted(BOSS_HP) == list(range(14, 22))
