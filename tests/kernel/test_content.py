"""Content files: a broken card file fails with the file, the card and the field."""

from __future__ import annotations

from importlib import resources

import pytest

from gamenight.games.boss_quest.content import BOSS_HP, SPELLS, Components
from gamenight.kernel import ContentError
from gamenight.kernel.content import load_content

GOOD = (
    resources.files("gamenight.games.boss_quest")
    .joinpath("data/components.toml")
    .read_text(encoding="utf-8")
)


def broken(tmp_path, old, new):
    """A copy of the Boss Quest card file with one change, and its path."""
    assert old in GOOD
    path = tmp_path / "components.toml"
    path.write_text(GOOD.replace(old, new, 1), encoding="utf-8")
    return path


def test_the_shipped_file_loads():
    components = load_content("data/components.toml", Components, "gamenight.games.boss_quest")
    assert [boss.hp for boss in components.bosses] == list(BOSS_HP) == list(range(14, 22))
    assert sum(spell.count for spell in components.spells) == len(SPELLS) == 23
    assert components.spells[0].name.get("ru") == "Атака +1"
    assert components.spells[0].name.get("de") == "Attack +1"  # English when missing


@pytest.mark.parametrize(
    ("old", "new", "card", "field", "problem"),
    [
        ("hp = 14", 'hp = "fourteen"', "boss-14", "bosses.0.hp", "valid integer"),
        ('effect = "swap"', 'effect = "explode"', "swap", "spells.4", "'explode' is not a dark"),
        (
            'effect = "attack"\namount = 1\n',
            'effect = "attack"\n',
            "attack+1",
            "spells.0",
            "needs amount",
        ),
        (
            'id = "mercy"\nkind = "light"',
            'id = "mercy"\nkind = "grey"',
            "mercy",
            "spells.16.kind",
            "'dark' or 'light'",
        ),
        ('id = "mercy"', 'id = "mercy"\nmagic = 3', "mercy", "spells.16.magic", "Extra inputs"),
        (
            'name = { en = "Mercy"',
            'name = { de = "Mercy"',
            "mercy",
            "spells.16.name.en",
            "required",
        ),
        ("count = 2", "count = 0", "cancel", "spells.17", "count must be at least 1"),
    ],
)
def test_a_bad_card_names_the_file_the_card_and_the_field(tmp_path, old, new, card, field, problem):
    path = broken(tmp_path, old, new)
    with pytest.raises(ContentError) as info:
        load_content(path, Components)
    message = str(info.value)
    assert message.startswith(f"{path}: card {card!r}, field {field!r}: ")
    assert problem in message


def test_an_unknown_colour_names_the_card_and_the_colour(tmp_path):
    path = broken(tmp_path, 'colour = "green"', 'colour = "pink"')
    with pytest.raises(ContentError) as info:
        load_content(path, Components)
    assert str(info.value) == (
        f"{path}: spell 'colour-green': colour 'pink' is not a weapon colour "
        "(red, blue, green, yellow, purple)"
    )


def test_a_spell_id_used_twice_is_named(tmp_path):
    path = broken(tmp_path, 'id = "hp+2"', 'id = "hp+1"')
    with pytest.raises(ContentError, match="spell id 'hp\\+1' is used twice"):
        load_content(path, Components)


def test_a_file_that_is_not_toml_names_the_file_and_the_line(tmp_path):
    path = broken(tmp_path, '[[spells]]\nid = "mercy"', '[[spells]\nid = "mercy"')
    with pytest.raises(ContentError) as info:
        load_content(path, Components)
    assert str(info.value).startswith(f"{path}: not valid TOML: ")
    assert "line" in str(info.value)


def test_a_missing_file_names_it(tmp_path):
    path = tmp_path / "nowhere.toml"
    with pytest.raises(ContentError, match=r"nowhere\.toml: cannot read"):
        load_content(path, Components)


def test_a_content_error_is_a_value_error():
    assert issubclass(ContentError, ValueError)
