"""Meow, Dark Lord! actions and their fixed integer codec.

Compound moves are short sequences of small actions: a cat's dungeon action names the cat
(``Search``/``Attack``/``Activate``), then any choice follows as ``Target`` (a cat in a
dungeon), ``Sacrifice`` (one of your cats), ``Retrieve`` (a Graveyard card), or ``Rob`` (the
player a Steal cat takes a coin from) and ``FromTreasury`` (the treasury instead). Cards
are named by instance id ``0..C-1`` (C = 60 cats).

Codec order (N = 8·C + 9 = 489): ``Draw()`` 0, ``EndDungeon()`` 1, then for each kind in
the order ``Hire, Search, Attack, Activate, Target, Sacrifice, Discard, Retrieve`` one
block of C actions (``Hire(c)`` = 2 + c, ``Search(c)`` = 2 + C + c, ...), then
``Rob(seat 0..5)``, then ``FromTreasury()``.
"""

from __future__ import annotations

from dataclasses import dataclass

from gamenight.kernel import Action, ActionCodec

from .content import NUM_CATS

MAX_SEATS = 6


@dataclass(frozen=True, order=True, slots=True)
class Draw(Action):
    """Hire phase: draw one card from the Tower instead of hiring."""


@dataclass(frozen=True, order=True, slots=True)
class EndDungeon(Action):
    """Dungeon phase: the cats that have not acted stay idle this turn."""


@dataclass(frozen=True, order=True, slots=True)
class Hire(Action):
    """Hire phase: play this cat from your hand into your dungeon."""

    card: int


@dataclass(frozen=True, order=True, slots=True)
class Search(Action):
    """Dungeon phase: this cat searches for coins."""

    card: int


@dataclass(frozen=True, order=True, slots=True)
class Attack(Action):
    """Dungeon phase: this cat attacks (the target is chosen next)."""

    card: int


@dataclass(frozen=True, order=True, slots=True)
class Activate(Action):
    """Dungeon phase: this cat uses its Activation ability."""

    card: int


@dataclass(frozen=True, order=True, slots=True)
class Target(Action):
    """The cat an attack or an ability aims at."""

    card: int


@dataclass(frozen=True, order=True, slots=True)
class Sacrifice(Action):
    """Move this cat of yours from the dungeon to the Graveyard (a cost, or down to 3)."""

    card: int


@dataclass(frozen=True, order=True, slots=True)
class Discard(Action):
    """End of turn: discard this card from a hand of more than 10."""

    card: int


@dataclass(frozen=True, order=True, slots=True)
class Retrieve(Action):
    """Necromeower: take this card from the Graveyard into your hand."""

    card: int


@dataclass(frozen=True, order=True, slots=True)
class Rob(Action):
    """Steal: take this coin from this player."""

    seat: int


@dataclass(frozen=True, order=True, slots=True)
class FromTreasury(Action):
    """Steal: take this coin from the treasury instead of from a player."""


# Prebuilt instances, indexed by card id or seat: `_legal` hands these out without
# constructing new objects.
DRAW, END_DUNGEON = Draw(), EndDungeon()
HIRE = tuple(Hire(c) for c in range(NUM_CATS))
SEARCH = tuple(Search(c) for c in range(NUM_CATS))
ATTACK = tuple(Attack(c) for c in range(NUM_CATS))
ACTIVATE = tuple(Activate(c) for c in range(NUM_CATS))
TARGET = tuple(Target(c) for c in range(NUM_CATS))
SACRIFICE = tuple(Sacrifice(c) for c in range(NUM_CATS))
DISCARD = tuple(Discard(c) for c in range(NUM_CATS))
RETRIEVE = tuple(Retrieve(c) for c in range(NUM_CATS))
ROB = tuple(Rob(s) for s in range(MAX_SEATS))
FROM_TREASURY = FromTreasury()

CODEC = ActionCodec(
    [
        DRAW,
        END_DUNGEON,
        *HIRE,
        *SEARCH,
        *ATTACK,
        *ACTIVATE,
        *TARGET,
        *SACRIFICE,
        *DISCARD,
        *RETRIEVE,
        *ROB,
        FROM_TREASURY,
    ]
)
