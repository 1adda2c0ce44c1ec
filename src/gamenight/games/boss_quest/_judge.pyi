"""The heuristic bot's whole decision in C (`_judge.c`): `bots.HeuristicBot` asks it when it
is built; `bots.Judge` is the same decision in Python."""

from collections.abc import Sequence

from gamenight.kernel import Action

from .state import BossQuestState
from .views import BossQuestView

def seat_decision(
    state: BossQuestState, seat: int | None, legal: list[Action], /
) -> list[tuple[Action, float]] | None:
    """`HeuristicBot._decide`'s valued choices, read from what `seat` sees of `state`: a
    turn's actions as `_take_turn` hands them to `_best`, or a spell's legal targets as
    `_choose_target` values them (None for an action it does not know)."""

def view_decision(view: BossQuestView, legal: list[Action], /) -> list[tuple[Action, float]] | None:
    """`seat_decision` from a seat's view."""

def configure_reading(
    spell_counts: dict[str, int],
    active: str,
    available: str,
    equip: str,
    last_call: str,
    max_draws: int,
    weapon_value: tuple[int, ...],
    weapon_colour: tuple[int, ...],
    values: tuple[int, ...],
    spell_keys: tuple[str, ...],
    boss_hp: tuple[int, ...],
    /,
) -> None:
    """Hand over, once: per spell key how many the game holds, the slot statuses and phases
    a decision compares with, a rival's draws, each weapon's value and colour by id and the
    values in the content's order, each spell id's key and each boss's printed HP."""

def configure_deciding(
    action_classes: tuple[type, type, type, type],
    targets: tuple[tuple[Action, ...], tuple[Action, ...], tuple[Action, ...]],
    spell_table: dict[str, tuple[int, int, int]],
    tuning: tuple[
        float, float, float, float, float, float, float, float, float, float, float, float
    ],
    stop_gap: int,
    /,
) -> None:
    """Hand over, once (after `configure_reading`): the action classes a decision sorts
    (Equip, VisitMage, Discard, Activate), the target actions by number (a seat, a slot, a
    weapon), `_SPELL_TABLE`, the tuning (the denial share, the Mystery margin, the tempo, a
    spell surviving a visit, a game won, the threat and its lead, a heart, the last heart,
    a rival's heart, a rival's last heart with the bot leading and with another leading)
    and a drawing rival's stop gap."""

def stopping(
    settled: Sequence[float],
    first: int,
    start: int,
    hp: int,
    hopeless: int,
    top: int,
    spells: float,
    shifts: Sequence[int],
    card: Sequence[tuple[int, float]],
    continuing: bool,
    counts: Sequence[int],
    deck_top: int | None,
    tempo: float,
    /,
) -> list[float]:
    """`bots._stopping`: the value of each Equip(k), k of `counts`, by optimal stopping over
    the bot's attack from its values `settled` at each attack from `first` on."""
