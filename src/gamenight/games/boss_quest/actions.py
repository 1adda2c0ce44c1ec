"""Boss Quest actions and their fixed integer codec.

Codec order (N = 76): ``Equip(1..4)`` 0-3, ``Activate(slot 0..9)`` 4-13,
``Discard(slot 0..9)`` 14-23, ``VisitMage()`` 24, ``ChoosePlayer(seat 0..5)`` 25-30,
``ChooseSpell(slot 0..9)`` 31-40, ``ChooseWeapon(weapon 0..34)`` 41-75.
"""

from __future__ import annotations

from dataclasses import dataclass

from gamenight.kernel import Action, ActionCodec

from .content import NUM_WEAPONS

MAX_SLOTS = 10  # spells laid out per round, at most (option spells_per_round)
MAX_SEATS = 6
MAX_EQUIP = 4


@dataclass(frozen=True, order=True, slots=True)
class Equip(Action):
    """Take `count` (1-4) weapons from the deck, face up."""

    count: int


@dataclass(frozen=True, order=True, slots=True)
class Activate(Action):
    """Visit the Mage and activate the spell in `slot` (the Mystery one blind)."""

    slot: int


@dataclass(frozen=True, order=True, slots=True)
class Discard(Action):
    """Visit the Mage and discard the spell in `slot` unused."""

    slot: int


@dataclass(frozen=True, order=True, slots=True)
class VisitMage(Action):
    """Visit the Mage when no spell is left to take."""


@dataclass(frozen=True, order=True, slots=True)
class ChoosePlayer(Action):
    """The player an activated dark spell goes to (or the Swap partner)."""

    seat: int


@dataclass(frozen=True, order=True, slots=True)
class ChooseSpell(Action):
    """The activated spell that Cancel removes, by its slot."""

    slot: int


@dataclass(frozen=True, order=True, slots=True)
class ChooseWeapon(Action):
    """The weapon of yours that Exchange trades for the deck's top card."""

    weapon: int


# One shared instance of every action, by its number: the engine hands these out instead
# of building new ones for each legal-action list (frozen dataclasses are slow to create).
EQUIPS = tuple(Equip(n) for n in range(1, MAX_EQUIP + 1))  # EQUIPS[n - 1] is Equip(n)
ACTIVATE = tuple(Activate(s) for s in range(MAX_SLOTS))
DISCARD = tuple(Discard(s) for s in range(MAX_SLOTS))
VISIT_MAGE = VisitMage()
CHOOSE_PLAYER = tuple(ChoosePlayer(s) for s in range(MAX_SEATS))
CHOOSE_SPELL = tuple(ChooseSpell(s) for s in range(MAX_SLOTS))
CHOOSE_WEAPON = tuple(ChooseWeapon(w) for w in range(NUM_WEAPONS))

CODEC = ActionCodec(
    [*EQUIPS, *ACTIVATE, *DISCARD, VISIT_MAGE, *CHOOSE_PLAYER, *CHOOSE_SPELL, *CHOOSE_WEAPON]
)
