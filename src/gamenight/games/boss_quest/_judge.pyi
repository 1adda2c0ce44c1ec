"""The heuristic bot in C (`_judge.c`): its whole decision (`seat_decision`), and the
parts the Python `bots.Judge` calls when it decides."""

from collections.abc import Sequence
from typing import Any

from gamenight.kernel import Action

from .bots import Hand, Position, Rules, Table
from .state import BossQuestState
from .views import BossQuestView

class Forecast:
    """One seat's part of a battle (`bots.SeatForecast` in Python)."""

    @property
    def final(self) -> dict[int, float]: ...
    @property
    def meet(self) -> float: ...
    @property
    def above(self) -> list[float]: ...
    @property
    def tie(self) -> list[float]: ...
    @property
    def bust(self) -> float: ...

class HandKey:
    """A hand in a key of a Valuer's seat parts, hashed and compared as the hand."""

    @property
    def hand(self) -> Hand: ...

class Valuer:
    """What one decision's Judge knows, for valuing its positions."""

    def __init__(
        self,
        me: int,
        threat: Sequence[float],
        needs: Sequence[int],
        game_win: float,
        my_heart: float,
        rival_hearts: Sequence[float],
        card: Sequence[tuple[int, float]],
        stop_gap: int,
    ) -> None: ...
    def value_of(
        self, position: Position, rules: Rules, forecasts: dict[tuple[Any, ...], Any], /
    ) -> float: ...
    def use_values(
        self,
        settled: Position,
        spell_table: dict[str, tuple[int, int, int]],
        key: str,
        my_weapons: tuple[tuple[int, int, int], ...],
        fresh_hidden: tuple[tuple[int, int, float], ...],
        weapons_in_deck: int,
        max_draws: int,
        /,
    ) -> list[float]: ...
    def visit_values(
        self,
        settled: Position,
        spell_table: dict[str, tuple[int, int, int]],
        available: tuple[tuple[int, str | None], ...],
        visits: tuple[tuple[int, int], ...],
        my_weapons: tuple[tuple[int, int, int], ...],
        fresh_hidden: tuple[tuple[int, int, float], ...],
        weapons_in_deck: int,
        unseen_spells: tuple[tuple[str, int], ...],
        visitors_after_me: int,
        my_attack: int,
        denial_share: float,
        mystery_margin: float,
        max_draws: int,
        /,
    ) -> list[float]: ...
    def draw_values(
        self,
        position: Position,
        settled_at: dict[int, float],
        my_attack: int,
        first: int,
        last: int,
        start: int,
        hp: int,
        hopeless: int,
        top: int,
        spells: float,
        shifts: Sequence[int],
        continuing: bool,
        counts: Sequence[int],
        deck_top: int | None,
        tempo: float,
        /,
    ) -> list[float]:
        """`Judge.settled_over(first, last)` (kept in `settled_at`) and `stopping` over it
        with this Valuer's card, in one call."""

def read_weapons(
    view: BossQuestView,
    weapon_value: tuple[int, ...],
    weapon_colour: tuple[int, ...],
    values: tuple[int, ...],
    /,
) -> tuple[
    tuple[int, ...],
    tuple[tuple[int, float], ...],
    int | None,
    list[tuple[int, tuple[int, ...], tuple[tuple[int, int, float], ...], int]],
    tuple[tuple[int, int, float], ...],
]: ...
def read_table(view: BossQuestView, /) -> Table:
    """`bots.read_table`: the same table, made of the same objects."""

def read_seat_table(state: BossQuestState, seat: int, /) -> Table:
    """`read_table(state.view(seat))`, read from what `seat` sees of the state without
    building the view."""

def configure_reading(
    hand: tuple[type, tuple[str, ...]],
    position: tuple[type, tuple[str, ...]],
    table: tuple[type, tuple[str, ...]],
    spell_counts: dict[str, int],
    amounts: dict[str, int],
    self_shifts: dict[str, int | None],
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
    """Hand over, once, the classes `read_table` makes (each with its fields' names), the
    spells' tables, the slot statuses and phases it compares with, a rival's draws,
    `read_weapons`' tables, and for `read_seat_table` each spell id's key and each boss's
    printed HP."""

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

def seat_decision(
    state: BossQuestState, seat: int | None, legal: list[Action], /
) -> list[tuple[Action, float]] | None:
    """`HeuristicBot._decide`'s valued choices, read from what `seat` sees of `state`: a
    turn's actions as `_take_turn` hands them to `_best`, or a spell's legal targets as
    `_choose_target` values them (None for an action it does not know)."""

def view_decision(view: BossQuestView, legal: list[Action], /) -> list[tuple[Action, float]] | None:
    """`seat_decision` from a seat's view."""

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
) -> list[float]: ...
