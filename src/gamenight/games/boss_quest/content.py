"""Boss Quest card data: the schema, and the shared immutable tables built from it.

Spell effects form a closed vocabulary:

========================  =====  ==========================================================
effect                    kind   meaning
========================  =====  ==========================================================
``attack`` (amount)       dark   the target player's attack changes by `amount` this round
``swap``                  dark   swap your hidden weapon with another player's hidden one
``exchange``              dark   exchange one of your weapons with the weapon deck's top card
``boss_hp`` (amount)      light  the boss's HP changes by `amount` this round
``require_colour`` (c)    light  a player without a weapon of colour `c` cannot win the round
``require_pair``          light  a player without two weapons of one colour cannot win
``mercy``                 light  nobody loses hearts this round
``cancel``                light  cancel one activated spell still in play; both are discarded
``bonus_key``             light  each round winner gets one extra key
``runner_up``             light  the second-closest attack wins the round instead
``last_call``             light  everyone still equipping takes one last action, then battle
========================  =====  ==========================================================

A new spell made of these effects needs only a new entry in ``data/components.toml``.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Literal

from pydantic import model_validator

from gamenight.kernel.content import ContentModel, Localized, load_content


class Effect(StrEnum):
    """What a spell does (the table above)."""

    ATTACK = "attack"
    SWAP = "swap"
    EXCHANGE = "exchange"
    BOSS_HP = "boss_hp"
    REQUIRE_COLOUR = "require_colour"
    REQUIRE_PAIR = "require_pair"
    MERCY = "mercy"
    CANCEL = "cancel"
    BONUS_KEY = "bonus_key"
    RUNNER_UP = "runner_up"
    LAST_CALL = "last_call"


DARK_EFFECTS = frozenset({Effect.ATTACK, Effect.SWAP, Effect.EXCHANGE})
LIGHT_EFFECTS = frozenset(Effect) - DARK_EFFECTS
# Spells whose effect happens at once, so Cancel cannot undo them: Swap and Exchange are
# discarded after use. (Last call stays beside the boss while the last actions go on, so
# Cancel may remove it: the last actions end and the normal turns resume.)
INSTANT_EFFECTS = frozenset({Effect.SWAP, Effect.EXCHANGE})
# Spells whose activation asks for a target: a player (Attack, Swap), an activated spell
# (Cancel), or one of the activator's own weapons (Exchange).
TARGETED_EFFECTS = frozenset({Effect.ATTACK, Effect.SWAP, Effect.CANCEL, Effect.EXCHANGE})


class ColourData(ContentModel):
    id: str
    name: Localized


class WeaponData(ContentModel):
    values: list[int]
    colours: list[ColourData]


class BossData(ContentModel):
    id: str
    hp: int


class SpellData(ContentModel):
    id: str
    kind: Literal["dark", "light"]
    effect: str
    amount: int | None = None
    colour: str | None = None
    count: int = 1
    name: Localized
    text: Localized

    @model_validator(mode="after")
    def _check_effect(self) -> SpellData:
        allowed = DARK_EFFECTS if self.kind == "dark" else LIGHT_EFFECTS
        if self.effect not in allowed:
            raise ValueError(
                f"effect {self.effect!r} is not a {self.kind} effect; "
                f"{self.kind} effects: {', '.join(sorted(allowed))}"
            )
        needs_amount = self.effect in (Effect.ATTACK, Effect.BOSS_HP)
        if needs_amount != (self.amount is not None):
            raise ValueError(
                f"effect {self.effect!r} {'needs' if needs_amount else 'takes no'} amount"
            )
        if (self.effect == Effect.REQUIRE_COLOUR) != (self.colour is not None):
            raise ValueError("a colour is given exactly for effect 'require_colour'")
        if self.count < 1:
            raise ValueError("count must be at least 1")
        return self


class Components(ContentModel):
    weapons: WeaponData
    bosses: list[BossData]
    spells: list[SpellData]

    @model_validator(mode="after")
    def _check_references(self) -> Components:
        colours = [c.id for c in self.weapons.colours]
        ids: set[str] = set()
        for spell in self.spells:
            if spell.colour is not None and spell.colour not in colours:
                raise ValueError(
                    f"spell {spell.id!r}: colour {spell.colour!r} is not a weapon colour "
                    f"({', '.join(colours)})"
                )
            if spell.id in ids:
                raise ValueError(f"spell id {spell.id!r} is used twice")
            ids.add(spell.id)
        return self


@dataclass(frozen=True, slots=True)
class Spell:
    """One spell card instance's definition (shared, immutable). Its `effect` is always an
    `Effect` member, so the rules compare it by identity (``spell.effect is Effect.MERCY``)."""

    key: str
    dark: bool
    effect: Effect
    amount: int
    colour: int  # colour index for require_colour, else -1
    name: Localized
    text: Localized


def _build(components: Components) -> tuple[tuple[str, ...], tuple[int, ...], tuple[Spell, ...]]:
    colours = tuple(c.id for c in components.weapons.colours)
    spells = tuple(
        Spell(
            key=s.id,
            dark=s.kind == "dark",
            effect=Effect(s.effect),
            amount=s.amount or 0,
            colour=colours.index(s.colour) if s.colour else -1,
            name=s.name,
            text=s.text,
        )
        for s in components.spells
        for _ in range(s.count)
    )
    return colours, tuple(b.hp for b in components.bosses), spells


COMPONENTS = load_content("data/components.toml", Components, package=__package__)
COLOURS, BOSS_HP, SPELLS = _build(COMPONENTS)
COLOUR_NAMES = {c.id: c.name for c in COMPONENTS.weapons.colours}
VALUES = tuple(COMPONENTS.weapons.values)
NUM_WEAPONS = len(COLOURS) * len(VALUES)
# Weapon ids are 0..NUM_WEAPONS-1: colour = id // len(VALUES), value = VALUES[id % len(VALUES)].
WEAPON_COLOUR = tuple(w // len(VALUES) for w in range(NUM_WEAPONS))
WEAPON_VALUE = tuple(VALUES[w % len(VALUES)] for w in range(NUM_WEAPONS))
SPELL_KEYS = sorted({s.key for s in SPELLS})


def weapon_name(weapon: int) -> str:
    """``"red 5"`` for a weapon id."""
    return f"{COLOURS[WEAPON_COLOUR[weapon]]} {WEAPON_VALUE[weapon]}"


def weapon_id(name: str) -> int:
    """The weapon id of ``"red 5"`` (or ``"red5"``)."""
    text = name.strip().lower().replace(" ", "")
    for w in range(NUM_WEAPONS):
        if weapon_name(w).replace(" ", "") == text:
            return w
    raise ValueError(f"no weapon {name!r}; weapons are a colour ({', '.join(COLOURS)}) and 1..7")
