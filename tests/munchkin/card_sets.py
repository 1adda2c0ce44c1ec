"""The card sets the per-card test plays, and the cards it rigs its positions with.

`test_cards` plays every design of every set on the Munchkin engine. Its checks and
`card_model` read the set under test from `S`, which `S.use` points at one set before
each test; a set's `Positions` name the few cards of that set that the positions need
besides the card under test (a fighter's kit, a victim's belongings...).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any

from gamenight.games.munchkin import SETS, MunchkinState
from gamenight.games.munchkin.content import CardData, CardSet
from gamenight.testing import rigged


@dataclass(frozen=True)
class Positions:
    """A set's cards for the rigged positions (design keys)."""

    # A level-3 fighter with these in play beats every monster of the set.
    kit: tuple[str, ...]
    # A level-7 victim with a class, a race (style) and an item in every slot, a unique
    # best item, and four cards in hand: something for every kind of loss to take.
    victim_table: tuple[str, ...]
    victim_hand: tuple[str, ...]
    # Two enhancers that, on the first monster, make it too strong for anybody.
    stronger: tuple[tuple[str, int], ...]
    # Cards that are never playable in the positions: costs to discard from hand.
    filler: tuple[str, ...]
    # Door tops that join a fight (for an ``add_monster``).
    joining: tuple[str, ...]
    # A harmless Door card on top of the deck, so that no draw is left to chance.
    door_top: str
    # A curse to lose a level, one to lose a headgear, and one that stays on its victim.
    level_curse: str
    head_curse: str
    lasting_curse: str
    # A headgear (for the headgear curse), a small item to steal.
    headgear: str
    small_item: str
    # Items worth at least a level together: something to sell besides a card of no value.
    for_sale: tuple[str, ...]


POSITIONS = {
    "munchkin": Positions(
        kit=(
            "hireling",
            "mithril_mail",
            "singing_sword",
            "buckler",
            "gentlemans_club",
            "helm_of_nerve",
            "kicking_boots",
            "spiky_knees",
            "strength_tights",
        ),
        victim_table=(
            "cleric",
            "dwarf",
            "helm_of_nerve",
            "mithril_mail",
            "tap_shoes",
            "buckler",
            "pointy_stick",
            "spiky_knees",
        ),
        victim_hand=("boomerang", "eleven_foot_pole", "flaming_armor", "speedy_boots"),
        stronger=(("ancient", 0), ("gigantic", 0)),
        filler=("wandering_monster",) * 3 + ("half_breed",) * 2 + ("super_munchkin",) * 2,
        joining=("grumpy_chest", "gooey_puddle", "moody_goblin"),
        door_top="elf",
        level_curse="curse_lose_level",
        head_curse="curse_hat",
        lasting_curse="curse_chicken",
        headgear="helm_of_nerve",
        small_item="buckler",
        for_sale=("singing_sword", "chainsaw"),
    ),
    "munchkin-fu": Positions(
        kit=(
            "silk_robe",
            "iron_geta",
            "naginata",
            "jade_amulet",
            "bronze_gong",
            "hk_stunt_wires",
            "hk_film_reel",
            "hk_neon_sign",
            "screaming_fan",
        ),
        victim_table=(
            "monk",
            "crane_style",
            "rice_hat",
            "silk_robe",
            "straw_sandals",
            "nunchaku",
            "tonfa",
            "bronze_gong",
        ),
        victim_hand=("lucky_cat", "gi", "sai", "rice_sack"),
        stronger=(("demon_possessed", 0), ("legendary", 0)),
        filler=("wandering_monster",) * 3 + ("extra_style",) * 2 + ("super_munchkin",) * 2,
        joining=("paper_tiger", "angry_rice_cake", "sumo_toddler"),
        door_top="trap_tea_ceremony",
        level_curse="trap_lose_level",
        head_curse="trap_lose_head",
        lasting_curse="trap_bad_chi",
        headgear="rice_hat",
        small_item="tonfa",
        for_sale=("golden_abacus",),
    ),
}


class SetUnderTest:
    """The card set the checks play now (`use` sets it), and how to rig its positions."""

    def __init__(self) -> None:
        self.use("munchkin")

    def use(self, game: str) -> None:
        """Play `game`'s card set from now on."""
        self.game_id = game
        self.cs: CardSet = SETS[game].CS
        self.data: dict[str, CardData] = designs(game)
        self.positions = POSITIONS[game]
        self.top = self.cs.rules.max_level
        self.trait_card = {
            (c.kind, c.trait): c.id for c in self.cs.data.cards if c.trait is not None
        }

    def game(self, players: int = 3, **setup: Any) -> MunchkinState:
        """A rigged position of the set (keywords: see ``games/munchkin/rig.py``)."""
        return rigged(self.game_id, players=players, **setup)

    def card(self, key: str, copy: int = 0) -> int:
        """The instance id of a design's `copy`-th card."""
        return self.cs.copies(key)[copy]

    def keys(self, cards: list[int]) -> list[str]:
        """The design keys of card ids."""
        return [self.cs.keys[c] for c in cards]


@cache
def designs(game: str) -> dict[str, CardData]:
    """A set's designs by key (one dict per set: a test may patch an entry)."""
    return {c.id: c for c in SETS[game].CS.data.cards}


S = SetUnderTest()
