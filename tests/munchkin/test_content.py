"""The card set is data: one validated file per set, the vocabulary's rules, the numbers of
the rules page's section 7, and an engine that names no game id."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest

import gamenight
from gamenight.games.munchkin.content import DATA_DIR, CardSet, CardSetFile, load_set
from gamenight.kernel import ContentError
from gamenight.kernel.content import load_content

from .helpers import CS

ENGINE = Path(gamenight.__file__).parent / "games" / "munchkin"
RULESET = """
[ruleset]
game_id = "test-set"
title = "Test"
start_doors = 4
start_treasures = 4
classes = ["warrior"]
races = ["elf"]
"""


def load_text(tmp_path: Path, cards: str) -> CardSet:
    path = tmp_path / "set.toml"
    path.write_text(RULESET + cards, encoding="utf-8")
    return CardSet("set.toml", load_content(path, CardSetFile))


def designs(kind: str) -> list:
    return [c for c in CS.designs.values() if c.kind == kind]


def count(kind: str) -> int:
    return sum(1 for k in CS.kind if k == kind)


def test_every_set_file_loads_and_names_a_game():
    for file in sorted(p.name for p in DATA_DIR.glob("*.toml")):
        cs = load_set(file)
        assert cs.rules.game_id and cs.size >= 160


def test_the_base_set_meets_the_rules_page_numbers():
    monsters = designs("monster")
    assert CS.size >= 160
    assert len(CS.doors) >= 90 and len(CS.treasures) >= 70
    assert count("monster") >= 35
    assert {m.level for m in monsters} >= {1, 20}
    assert all(1 <= m.treasures <= 5 for m in monsters)
    assert all(m.levels == (2 if m.level >= 16 else 1) for m in monsters)
    assert sum(1 for m in monsters if any(x.when for x in m.modifiers)) >= 15
    assert len({m.op_lists[0] for m in monsters}) >= 25  # distinct Bad Stuff
    assert sum(1 for m in monsters if m.undead) >= 6
    enhancers = designs("enhancer")
    assert count("enhancer") >= 10
    amounts = [m.amount for e in enhancers for m in e.modifiers if m.stat == "combat"]
    assert min(amounts) < 0 < max(amounts)
    assert any(m.stat == "treasures" for e in enhancers for m in e.modifiers)
    assert count("wandering") == 3
    assert count("curse") >= 15
    assert len({c.use.ops for c in designs("curse")}) >= 10
    assert any(c.persistent != "none" for c in designs("curse"))
    assert all(count_key(c.key) == 3 for c in designs("class") + designs("race"))
    assert count("half_breed") == 2 and count("super_munchkin") == 2
    items = designs("item")
    assert {i.slot for i in items} == {"head", "armor", "foot", "hand1", "hand2", "none"}
    assert any(i.big for i in items)
    assert sum(1 for i in items if i.only or i.barred) >= 10
    assert {i.value for i in items} <= set(range(0, 1001, 100))
    assert count("oneshot") >= 15
    assert count("levelup") >= 9


def count_key(key: str) -> int:
    return len(CS.copies(key))


def test_every_card_has_english_and_japanese_names():
    for card in CS.designs.values():
        assert card.name.en and card.name.get("ja") != card.name.en, card.key


def test_the_engine_code_names_no_game_id():
    ids = {
        cs.rules.game_id for cs in map(load_set, sorted(p.name for p in DATA_DIR.glob("*.toml")))
    }
    ids |= {"munchkin", "munchkin-fu"}
    for path in ENGINE.glob("*.py"):
        text = path.read_text(encoding="utf-8")
        for game_id in ids:
            assert not re.search(rf"[\"']{re.escape(game_id)}[\"']", text), (path.name, game_id)


def test_a_new_card_of_existing_parts_needs_no_code(tmp_path):
    cs = load_text(
        tmp_path,
        """
[[cards]]
id = "grumpy_bard"
kind = "monster"
name = { en = "Grumpy Bard", ja = "不機嫌な吟遊詩人" }
level = 4
treasures = 2
tags = ["undead"]
modifiers = [{ stat = "combat", amount = 3, when = { race = "elf" } }]
triggers = [{ on = "won", do = [{ op = "draw", deck = "door", face = "up" }] }]
bad_stuff = [{ op = "lose_item", slot = "head" }, { op = "lose_level", amount = 2 }]
""",
    )
    bard = cs.cards[0]
    assert bard.undead and bard.modifiers[0].when.race == "elf"
    assert [op.op for op in bard.op_lists[0]] == ["lose_item", "lose_level"]


@pytest.mark.parametrize(
    ("card", "field", "message"),
    [
        (
            'kind = "monster"\nlevel = 3\ntreasures = 1\nbad_stuff = [{ op = "explode" }]',
            "cards.0.bad_stuff.0.op",
            "Input should be",
        ),
        ('kind = "monster"\nlevel = 3\ntreasures = 1', "cards.0", "a monster has Bad Stuff"),
        (
            'kind = "monster"\nlevel = 30\ntreasures = 1\nbad_stuff = [{ op = "die" }]',
            "cards.0.level",
            "less than or equal",
        ),
        ('kind = "item"\nbonus = 2', "cards.0", "an item has a slot"),
        (
            'kind = "item"\nslot = "head"\nonly = { class = "bard" }',
            "",
            "unknown class 'bard'",
        ),
        (
            'kind = "oneshot"\nuse = { timing = "combat", do = [{ op = "draw" }] }',
            "cards.0.use.do.0",
            "a 'draw' names its deck",
        ),
        (
            'kind = "class"\ntrait = "warrior"\nabilities = [{ timing = "combat", do = [{ op = "gain_level" }] }]',
            "cards.0",
            "a cost or a limit",
        ),
        (
            'kind = "oneshot"\nuse = { timing = "combat", do = [{ op = "hook", hook = "nope" }] }',
            "cards.0.use.do.0.hook",
            "Input should be 'steal', 'double' or 'resurrect'",
        ),
        (
            'kind = "oneshot"\nuse = { timing = "setup", do = [{ op = "gain_level" }] }',
            "cards.0.use",
            "'setup' is no timing",
        ),
        (
            'kind = "oneshot"\nuse = { timing = "any", answers_curse = true, do = [{ op = "draw", deck = "door" }] }',
            "cards.0.use",
            "only an 'any' use that cancels a curse answers one",
        ),
    ],
)
def test_a_bad_card_names_the_file_the_card_and_the_field(tmp_path, card, field, message):
    text = f'[[cards]]\nid = "bad_card"\nname = {{ en = "Bad" }}\n{card}\n'
    with pytest.raises(ContentError) as error:
        load_text(tmp_path, text)
    text = str(error.value)
    assert "set.toml" in text and message in text
    if field:
        assert "bad_card" in text and field in text
    else:
        assert "bad_card" in text


def test_card_ids_follow_the_file_order():
    kinds = Counter(CS.kind)
    assert sum(kinds.values()) == CS.size
    assert CS.keys[0] == "warrior" and CS.cards[0] is CS.cards[1]


def test_each_set_is_a_manifest_named_by_its_file():
    import importlib

    package = importlib.import_module("gamenight.games.munchkin")
    spec = package.base
    assert spec.game_id == CS.rules.game_id
    with pytest.raises(AttributeError):
        package.no_such_set  # noqa: B018
