"""Meow, Dark Lord! card data: the schema, the ability vocabulary, and the shared tables.

A cat has hearts, power, the keywords ``decoy`` and ``steal``, and at most one ability
per trigger: ``activation`` (its dungeon action, no roll), ``hire`` (when it enters the
dungeon) and ``last_wish`` (when it goes from the dungeon to the Graveyard). An ability is
one effect of a closed vocabulary, implemented in `abilities.py`:

===============  ======  =====================================================================
effect           amount  meaning
===============  ======  =====================================================================
``coins``        yes     take `amount` coins from the treasury (from a chosen player if the
                         cat has Steal)
``wound``        yes     one cat of your choice, in any dungeon, loses `amount` hearts
``heal``         yes     one of your cats regains up to `amount` hearts (not above printed)
``draw``         yes     draw `amount` cards from the Tower
``tax``          yes     take `amount` coins from each other player (what they have)
``raise``        no      take a card of your choice from the Graveyard into your hand
``return_self``  no      (Last Wish only) this card goes from the Graveyard to your hand
===============  ======  =====================================================================

An activation may add ``cost = "sacrifice"``: sacrifice another of your cats first. A
card whose ability fits no entry registers its own effect function in `abilities.py`
(a rare hook) under a new `Effect`, listed here in `EFFECTS`.

Card instances are numbered ``0..NUM_CATS-1`` in file order (each design `count` times);
the Rigor Mortis cards follow as ``NUM_CATS..NUM_CARDS-1``. States hold only these ints.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Literal

from pydantic import Field, ValidationInfo, field_validator, model_validator

from gamenight.kernel.content import ContentModel, Localized, load_content


class Effect(StrEnum):
    """What an ability does (the table above)."""

    COINS = "coins"
    WOUND = "wound"
    HEAL = "heal"
    DRAW = "draw"
    TAX = "tax"
    RAISE = "raise"
    RETURN_SELF = "return_self"


class Trigger(StrEnum):
    """When an ability happens: as the cat's dungeon action, when it is hired, when it
    goes from the dungeon to the Graveyard. Each is a field of a cat's data."""

    ACTIVATION = "activation"
    HIRE = "hire"
    LAST_WISH = "last_wish"


# effect -> (takes an amount, the triggers it may appear on)
ANY_TRIGGER = frozenset(Trigger)
EFFECTS: dict[Effect, tuple[bool, frozenset[Trigger]]] = {
    Effect.COINS: (True, ANY_TRIGGER),
    Effect.WOUND: (True, ANY_TRIGGER),
    Effect.HEAL: (True, ANY_TRIGGER),
    Effect.DRAW: (True, ANY_TRIGGER),
    Effect.TAX: (True, ANY_TRIGGER),
    Effect.RAISE: (False, ANY_TRIGGER),
    Effect.RETURN_SELF: (False, frozenset({Trigger.LAST_WISH})),
}
MAX_DICE = 6  # the box has six dice: no cat may roll more


class AbilityData(ContentModel):
    effect: Effect
    amount: int | None = Field(default=None, ge=1, le=20)
    cost: Literal["sacrifice"] | None = None
    text: Localized

    @field_validator("effect", mode="before")
    @classmethod
    def _known_effect(cls, effect: object) -> object:
        if isinstance(effect, str) and effect not in EFFECTS:
            raise ValueError(f"unknown effect {effect!r}; effects: {', '.join(sorted(EFFECTS))}")
        return effect

    @model_validator(mode="after")
    def _check_amount(self) -> AbilityData:
        needs = EFFECTS[self.effect][0]
        if needs and self.amount is None:
            raise ValueError(f"effect '{self.effect}' needs an amount")
        if not needs and self.amount is not None:
            raise ValueError(f"effect '{self.effect}' takes no amount")
        return self


class CatData(ContentModel):
    id: str
    name: Localized
    hearts: int = Field(ge=1, le=MAX_DICE)
    power: int = Field(ge=1, le=6)
    count: int = Field(default=3, ge=1, le=20)
    keywords: tuple[Literal["decoy", "steal"], ...] = ()
    activation: AbilityData | None = None
    hire: AbilityData | None = None
    last_wish: AbilityData | None = None

    @field_validator(*Trigger)
    @classmethod
    def _fits_trigger(cls, ability: AbilityData | None, info: ValidationInfo) -> AbilityData | None:
        trigger = info.field_name
        if ability is None:
            return None
        allowed = EFFECTS[ability.effect][1]
        if trigger not in allowed:
            only = " or ".join(sorted(allowed))
            raise ValueError(f"effect '{ability.effect}' is for {only} abilities only")
        if ability.cost is not None and trigger != Trigger.ACTIVATION:
            raise ValueError("only an activation may have a cost")
        return ability


class BoxData(ContentModel):
    rigor_mortis: int = Field(ge=1, le=10)
    coins: int = Field(ge=1, le=1000)


class CatsFile(ContentModel):
    box: BoxData
    cats: list[CatData] = Field(min_length=1)

    @field_validator("cats")
    @classmethod
    def _unique_ids(cls, cats: list[CatData]) -> list[CatData]:
        seen: set[str] = set()
        for cat in cats:
            if cat.id in seen:
                raise ValueError(f"cat id {cat.id!r} is used twice")
            seen.add(cat.id)
        return cats


@dataclass(frozen=True, slots=True)
class Ability:
    """One ability of a cat design (shared, immutable)."""

    effect: Effect
    amount: int
    sacrifice: bool  # the activation's cost: sacrifice another of your cats
    text: Localized


@dataclass(frozen=True, slots=True)
class Cat:
    """One cat design; every copy of it points to the same object."""

    key: str
    name: Localized
    hearts: int
    power: int
    decoy: bool
    steal: bool
    activation: Ability | None
    hire: Ability | None
    last_wish: Ability | None

    def ability(self, trigger: Trigger) -> Ability | None:
        """The cat's ability on `trigger`, if it has one."""
        ability: Ability | None = getattr(self, trigger)
        return ability


def _ability(data: AbilityData | None) -> Ability | None:
    if data is None:
        return None
    return Ability(data.effect, data.amount or 0, data.cost == "sacrifice", data.text)


def build_cats(data: CatsFile) -> tuple[Cat, ...]:
    """One `Cat` per card instance, in file order, each design `count` times."""
    cats = []
    for c in data.cats:
        cat = Cat(
            key=c.id,
            name=c.name,
            hearts=c.hearts,
            power=c.power,
            decoy="decoy" in c.keywords,
            steal="steal" in c.keywords,
            activation=_ability(c.activation),
            hire=_ability(c.hire),
            last_wish=_ability(c.last_wish),
        )
        cats.extend([cat] * c.count)
    return tuple(cats)


DATA = load_content("data/cats.toml", CatsFile, package=__package__)
CATS = build_cats(DATA)
NUM_CATS = len(CATS)
RIGOR = tuple(range(NUM_CATS, NUM_CATS + DATA.box.rigor_mortis))  # Rigor Mortis card ids
NUM_CARDS = NUM_CATS + len(RIGOR)
TOTAL_COINS = DATA.box.coins
KEYS = tuple(c.id for c in DATA.cats)  # design keys, in file order

# Hot-path lookups by card id.
HEARTS = tuple(c.hearts for c in CATS)
POWER = tuple(c.power for c in CATS)
DECOY = tuple(c.decoy for c in CATS)


def card_key(card: int) -> str:
    """The design key of a card id (``"rigor"`` for a Rigor Mortis card)."""
    return CATS[card].key if card < NUM_CATS else "rigor"
