"""Boss Quest's model: the state's fields, the game's vocabularies and the queries every
rules module shares.

The rules modules (`spells.py`, `battle.py`, `views.py`) work on a `BossQuestModel`;
`state.py` derives the playing state from it and calls them. Every field is a plain int,
string or list, or the kernel's decision stack, declared in `BossQuestModel.fields`, so
the kernel clones, writes and reads the state with no code of the game's. Seats are numbered clockwise; "the player on
the left" of seat ``s`` is ``s + 1``.
"""

from __future__ import annotations

from enum import StrEnum
from typing import TypedDict

from gamenight.kernel import DecisionStack, Fields, State

from .content import BOSS_HP, SPELLS, WEAPON_VALUE, Effect


class Phase(StrEnum):
    """The phases of a round (``over``: the game has ended)."""

    EQUIP = "equip"
    LAST_CALL = "last_call"
    OVER = "over"


class SlotStatus(StrEnum):
    """What has become of a spell laid out beside the Mage this round."""

    AVAILABLE = "available"
    ACTIVE = "active"  # in play until the battle
    DISCARDED = "discarded"  # taken unused
    USED = "used"  # its effect happened at once (Swap, Exchange, Cancel, a fizzle)
    CANCELLED = "cancelled"


class Decision(StrEnum):
    """The kinds of frame on the decision stack."""

    CHOOSE_TARGET = "choose_target"  # ``Frame(CHOOSE_TARGET, seat, (slot,))``


class EndReason(StrEnum):
    """The rule that ended the game."""

    KEYS = "keys"  # someone reached the key target
    LAST_HEART = "last_heart"  # someone lost their last heart
    ROUND_LIMIT = "round_limit"  # the safety limit `max_rounds` (a truncated game)


class EventKind(StrEnum):
    """The kinds of the game's log entries; each has its data type below."""

    ROUND = "round"
    HIDDEN_WEAPON = "hidden_weapon"
    BUST = "bust"
    EQUIP = "equip"
    DISCARD = "discard"
    VISIT = "visit"
    REVEAL = "reveal"
    FIZZLE = "fizzle"
    ACTIVATE = "activate"
    TARGET = "target"
    SWAP = "swap"
    CANCEL = "cancel"
    EXCHANGE = "exchange"
    EXCHANGE_HIDDEN = "exchange_hidden"
    BATTLE = "battle"
    GAME_OVER = "game_over"


# ----- the data of each kind of event (weapons and spells by id, seats by number) -----


class RoundData(TypedDict):
    """A round begins: its boss, its spells (``None``: the Mystery one) and the face-up
    weapon dealt to each seat."""

    round: int
    armorer: int
    boss_hp: int
    spells: list[str | None]
    visible: list[int]


class HiddenWeaponData(TypedDict):
    """`seat`'s face-down weapon, told to that seat only."""

    seat: int
    weapon: int


class BustData(TypedDict):
    """`seat` announces that its attack went over the HP (`bust`), or back under it."""

    seat: int
    bust: bool


class EquipData(TypedDict):
    """`seat` takes weapons from the deck, face up."""

    seat: int
    weapons: list[int]


class DiscardData(TypedDict):
    """`seat` discards the spell in `slot` (``None``: the Mystery spell, unseen)."""

    seat: int
    slot: int
    spell: str | None


class VisitData(TypedDict):
    """`seat` visits the Mage with no spell left to take."""

    seat: int


class ActivateData(TypedDict):
    """`seat` activates the spell in `slot` (``activate``), turns the Mystery spell over
    (``reveal``), or sees it fizzle with nothing to act on (``fizzle``)."""

    seat: int
    slot: int
    spell: str


class TargetData(TypedDict):
    """`seat` places the attack spell of `slot` in front of `target`."""

    seat: int
    slot: int
    spell: str
    target: int


class SwapData(TypedDict):
    """`seat` and `target` swap their hidden weapons."""

    seat: int
    target: int


class CancelData(TypedDict):
    """`seat` cancels the spell `cancelled` in `cancelled_slot` with the Cancel of `slot`."""

    seat: int
    slot: int
    cancelled_slot: int
    cancelled: str


class ExchangeData(TypedDict):
    """`seat` gives a weapon for the deck's top card (both ``None``: the hidden weapon)."""

    seat: int
    gave: int | None
    got: int | None


class ExchangeHiddenData(TypedDict):
    """The hidden weapon `seat` gave and the one it got, told to that seat only."""

    seat: int
    gave: int
    got: int


class BattleData(TypedDict):
    """The battle: every seat's attack and hidden weapon, and what it won or lost."""

    round: int
    hp: int
    attacks: list[int]
    hidden: list[int]
    failed: list[int]  # under the HP, but a required condition not met
    wounded: list[int]
    winners: list[int]
    perfect: list[int]
    keys: list[int]
    hearts: list[int]


class GameOverData(TypedDict):
    """The game ends."""

    winners: list[int]
    losers: list[int]
    reason: EndReason


EventData = (
    RoundData
    | HiddenWeaponData
    | BustData
    | EquipData
    | DiscardData
    | VisitData
    | ActivateData
    | TargetData
    | SwapData
    | CancelData
    | ExchangeData
    | ExchangeHiddenData
    | BattleData
    | GameOverData
)
# The data type of each kind of event.
EVENT_DATA: dict[EventKind, type[EventData]] = {
    EventKind.ROUND: RoundData,
    EventKind.HIDDEN_WEAPON: HiddenWeaponData,
    EventKind.BUST: BustData,
    EventKind.EQUIP: EquipData,
    EventKind.DISCARD: DiscardData,
    EventKind.VISIT: VisitData,
    EventKind.REVEAL: ActivateData,
    EventKind.FIZZLE: ActivateData,
    EventKind.ACTIVATE: ActivateData,
    EventKind.TARGET: TargetData,
    EventKind.SWAP: SwapData,
    EventKind.CANCEL: CancelData,
    EventKind.EXCHANGE: ExchangeData,
    EventKind.EXCHANGE_HIDDEN: ExchangeHiddenData,
    EventKind.BATTLE: BattleData,
    EventKind.GAME_OVER: GameOverData,
}

# Bound once: the queries below run after every action, and looking a member up on its
# enum class costs more than the rest of a loop step.
_ACTIVE = SlotStatus.ACTIVE
_ATTACK = Effect.ATTACK
_BOSS_HP = Effect.BOSS_HP


class BossQuestModel(State):
    """A Boss Quest position: the fields, and what every rules module asks of them."""

    fields = Fields(
        scalars=(
            "round",
            "armorer",
            "turn",
            "phase",
            "last_equip_done",
            "boss",
            "mystery",
            "top_known",
        ),
        lists=(
            "last_call_queue",
            "boss_deck",
            "boss_discard",
            "weapon_deck",
            "hidden",
            "known",
            "hidden_lo",
            "hidden_hi",
            "hearts",
            "keys",
            "visited",
            "bust",
            "spell_deck",
            "spell_discard",
            "spell_discard_unseen",
            "slots",
            "slot_status",
            "slot_target",
            "perfect_hits",
            "round_wins",
            "winners",
            "losers",
        ),
        nested=("visible",),
        parts=(("decisions", DecisionStack),),
    )
    __slots__ = fields.names

    round: int
    armorer: int
    turn: int
    phase: Phase
    decisions: DecisionStack  # a spell activated, its target still to choose (`spells.py`)
    last_equip_done: bool  # the last equipper has taken their one last equip
    boss: int  # index into BOSS_HP, or -1 before the first round
    mystery: int  # slot of the unrevealed Mystery spell, or -1
    last_call_queue: list[int]
    boss_deck: list[int]
    boss_discard: list[int]
    weapon_deck: list[int]  # the top card is the last element
    top_known: int  # bit mask of the seats that know the deck's top card (Exchange put it)
    hidden: list[int]  # each seat's face-down weapon
    visible: list[list[int]]  # each seat's face-up weapons
    known: list[int]  # bit mask of seats that know each seat's hidden weapon
    hidden_lo: list[int]  # public bounds on each hidden weapon's value, from bust
    hidden_hi: list[int]  # announcements (and their absence)
    hearts: list[int]
    keys: list[int]
    visited: list[bool]  # visited the Mage this round
    bust: list[bool]  # announced: attack exceeds the boss's HP
    spell_deck: list[int]
    spell_discard: list[int]  # face up
    spell_discard_unseen: list[int]  # Mystery spells discarded face down
    slots: list[int]  # the round's spells beside the Mage
    slot_status: list[SlotStatus]
    slot_target: list[int]  # seat of a dark spell, slot cancelled by Cancel, or -1
    perfect_hits: list[int]
    round_wins: list[int]
    winners: list[int]
    losers: list[int]

    def boss_hp(self) -> int:
        """The boss's current HP, with active light spells."""
        hp = BOSS_HP[self.boss]
        for slot, status in enumerate(self.slot_status):
            if status == _ACTIVE:
                spell = SPELLS[self.slots[slot]]
                if spell.effect is _BOSS_HP:
                    hp += spell.amount
        return hp

    def attack_bonuses(self) -> list[int]:
        """Per seat, the sum of active attack spells placed in front of it."""
        bonuses = [0] * self.num_players
        for slot, status in enumerate(self.slot_status):
            if status == _ACTIVE:
                spell = SPELLS[self.slots[slot]]
                if spell.effect is _ATTACK:
                    bonuses[self.slot_target[slot]] += spell.amount
        return bonuses

    def attack_bonus(self, seat: int) -> int:
        """The sum of active attack spells placed in front of `seat`."""
        return self.attack_bonuses()[seat]

    def attacks(self) -> list[int]:
        """Every seat's current attack: every weapon plus active attack spells.

        All seats in one pass over the spells: the engine needs them after every action.
        """
        attacks = self.attack_bonuses()
        for seat, weapons in enumerate(self.visible):
            total = WEAPON_VALUE[self.hidden[seat]]
            for weapon in weapons:
                total += WEAPON_VALUE[weapon]
            attacks[seat] += total
        return attacks

    def attack(self, seat: int) -> int:
        """`seat`'s current attack: every weapon plus active attack spells."""
        return self.attacks()[seat]

    def active_effects(self) -> list[Effect]:
        """Effects of the active spells (with repeats)."""
        return [
            SPELLS[self.slots[slot]].effect
            for slot, status in enumerate(self.slot_status)
            if status == _ACTIVE
        ]
