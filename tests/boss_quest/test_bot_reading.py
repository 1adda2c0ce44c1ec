"""What the heuristic bot reads of its view once per decision, written for speed, gives
what the plain definitions give: its attack, the spells that could move it, the unseen
weapons grouped, and the Judge's threats kept between decisions."""

from __future__ import annotations

import random
from typing import Any

import gamenight
from gamenight import agents
from gamenight.games.boss_quest import bots
from gamenight.games.boss_quest.content import NUM_WEAPONS
from gamenight.play.table import play
from tests.boss_quest.helpers import decide_in_python


def plain_kinds(weapons: tuple[int, ...]) -> list[tuple[int, int, int]]:
    """`bots._kinds` by its definition: the weapons counted by (value, colour), sorted."""
    counts: dict[tuple[int, int], int] = {}
    for w in weapons:
        counts[bots.WEAPON_KIND[w]] = counts.get(bots.WEAPON_KIND[w], 0) + 1
    return [(v, c, n) for (v, c), n in sorted(counts.items())]


def plain_self_shifts(available: dict[int, str | None]) -> list[int]:
    shifts = []
    for key in available.values():
        if key is None:
            continue
        spell = bots.SPELL_BY_KEY[key]
        if spell.effect is bots.Effect.ATTACK:
            shifts.append(spell.amount)
        elif spell.effect is bots.Effect.BOSS_HP:
            shifts.append(-spell.amount)
    return shifts


def test_the_kinds_of_any_weapons_are_counted_as_defined():
    rng = random.Random(3)
    for _ in range(2000):
        weapons = tuple(sorted(rng.sample(range(NUM_WEAPONS), rng.randint(0, NUM_WEAPONS))))
        assert bots._kinds(weapons) == plain_kinds(weapons)


def test_every_table_a_bot_reads_holds_what_the_definitions_give(monkeypatch):
    """In bot games of 2 to 5 players decided in Python, every decision's table: the bot's
    attack (its one hidden weapon, its face-up ones and the spells in front of it), the
    spells that could move it, its blind draw; and a Judge whose threats were kept gives
    the values of one made afresh."""
    original = bots.read_table  # what the bots read
    seen = {"tables": 0}

    def read(view: Any) -> bots.Table:
        table = original(view)
        me, position = table.me, table.position
        (attack,) = bots.attack_distribution(position.hands[me], position.attack_shifts()[me])
        assert table.my_attack == attack
        assert table.self_shifts == plain_self_shifts(table.available)
        assert table.settled == position.settle(me)
        fresh = bots._spread(plain_kinds(table.unseen_weapons))
        assert table.fresh == fresh
        judge = bots.Judge(table)  # its parts kept from an earlier decision, or made now
        bots._THREATS.clear()
        twin = bots.Judge(table)  # made afresh
        assert judge.threat == twin.threat
        settled = table.settled
        assert judge.value(settled) == twin.value(settled)
        # The bot settled at its own attack is the round now (the bot asks it so).
        assert twin.settled_at(table.my_attack) == judge.value(settled)
        assert judge.settled_over(0, position.hp() + 3) == [
            twin.settled_at(a) for a in range(0, position.hp() + 4)
        ]
        seen["tables"] += 1
        return table

    monkeypatch.setattr(bots, "read_table", read)
    decide_in_python(monkeypatch)
    for players in (2, 3, 4, 5):
        state = gamenight.make("boss-quest", players, seed=700 + players)
        play(state, [agents.make("heuristic", "boss-quest", s) for s in range(players)])
    assert seen["tables"] > 100
