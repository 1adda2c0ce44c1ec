"""The Munchkin state: fields, set-up, the State contract, copying and persistence.

One engine serves every card set: `state_class` builds the `State` subclass of a set
(its game id, title, player counts and codec come from the set's ``[ruleset]``). The
turn lives in `flow.py`, combat in `combat.py`, the effect vocabulary in `effects.py`,
deals in `deals.py`, views and determinization in `views.py`.

Every field is a plain int, str or list of ints (pairs and triples are flat lists), so
cloning copies a few short lists and `to_json` writes them as they are. Cards are ints
(`content.py`); the decks' tops are their last elements.
"""

from __future__ import annotations

from typing import Any, ClassVar

from gamenight.kernel import Action, DecisionStack, Offers, Option, Outcome, State, Window
from gamenight.kernel.rng import Rng

from . import flow, views, zones
from .actions import MAX_SEATS, ActionTable
from .content import CardSet
from .phases import OVER, SETUP

# The game's own mutable fields: copied by clone, written by to_json.
_SCALARS = (
    "turn",
    "turn_number",
    "phase",
    "window_kind",
    "fought",
    "door_card",
    "combat_no",
    "helper",
    "run_mon",
    "roll",
    "roll_seat",
    "charmed",
    "drawn",
    "sales",
    "sale_bonus_used",
    "truncated",
)
# Lists that start every game empty and that a rigged position starts empty too.
TRANSIENT = (
    "toggled",
    "monsters",
    "enh",
    "cmods",
    "rbonus",
    "uses",
    "escaped",
    "run_left",
    "runners",
    "body",
    "haul",
    "limbo",
    "public_hand",
    "seen",
    "winners",
)
_LISTS = (
    "level",
    "sex",
    "dead",
    "fresh",
    "ready",
    "charity_got",
    "door_deck",
    "treasure_deck",
    "door_discard",
    "treasure_discard",
    "unequipped",
    *TRANSIENT,
    "forced",
)
_NESTED = ("hands", "table")
_PER_SEAT = ("level", "sex", "dead", "fresh", "ready", "charity_got")  # one int per seat


class MunchkinState(State):
    """A game of a Munchkin card set (see `state_class`)."""

    CS: ClassVar[CardSet]
    A: ClassVar[ActionTable]
    draw_cap: ClassVar[int]  # cards one turn may draw at most (see `zones.draw_cards`)

    # Declared for type checkers; every one is set in _setup or _load.
    turn: int  # the turn's player (the fighter in a combat)
    turn_number: int
    phase: str  # see phases.py
    window_kind: str  # the open window's kind ("" when none)
    fought: int  # the turn's player has had a combat this turn
    door_card: int  # the door card kicked open, while its window is open (-1: none)
    combat_no: int  # the current (or last) combat's number: the occasion of its offers
    helper: int  # -1: none
    run_mon: int  # the monster being run from (-1: none chosen)
    roll: int  # the run-away die on the table (-1: none)
    roll_seat: int
    charmed: int  # treasures of monsters defeated without a kill in this combat
    drawn: int  # cards drawn this turn
    sales: int  # sales begun this turn
    sale_bonus_used: int  # the once-a-turn sale bonus (Halfling) is spent
    truncated: bool
    level: list[int]
    sex: list[int]  # 0 male, 1 female
    dead: list[int]  # died this turn (back at the next turn's start)
    fresh: list[int]  # draws a new start hand at the start of their next turn
    ready: list[int]  # set-up finished
    charity_got: list[int]  # cards received in this turn's charity
    door_deck: list[int]
    treasure_deck: list[int]
    door_discard: list[int]
    treasure_discard: list[int]
    unequipped: list[int]  # items in play turned sideways
    toggled: list[int]  # items equipped or unequipped this turn
    monsters: list[int]  # in the fight, in the order they came
    enh: list[int]  # pairs: enhancer, monster
    cmods: list[int]  # triples: 0 seat | 1 monster, target, amount (this combat)
    rbonus: list[int]  # pairs: seat, run-away bonus (this combat)
    uses: list[int]  # quads: card, ability, target, scope (0 combat, 1 turn, 2 roll)
    escaped: list[int]  # runners who escaped every monster of this combat
    run_left: list[int]  # monsters not yet run from
    runners: list[int]  # seats still to run from run_mon, the next first
    body: list[int]  # a dead player's cards, being looted
    haul: list[int]  # treasures won with help, face up, being shared
    limbo: list[int]  # cards being played (a curse or an enhancer waiting for a target)
    public_hand: list[int]  # cards in hands that everybody knows
    seen: list[int]  # pairs: viewer, card in another hand it knows
    winners: list[int]
    forced: list[int]  # die results to come first (rigged tests)
    hands: list[list[int]]
    table: list[list[int]]  # cards in play in front of each seat
    window: Window | None
    stack: DecisionStack
    offers: Offers

    # ----- set-up -----------------------------------------------------------------------

    def _setup(self) -> None:
        n, rng, cs = self.num_players, self.rng, self.CS
        for name in _LISTS:  # empty zones and lists, then the ones that start filled
            setattr(self, name, [])
        for name in _PER_SEAT:
            setattr(self, name, [0] * n)
        self.level = [1] * n
        self.door_deck = list(cs.doors)
        self.treasure_deck = list(cs.treasures)
        rng.shuffle(self.door_deck)
        rng.shuffle(self.treasure_deck)
        self.hands = [[] for _ in range(n)]
        self.table = [[] for _ in range(n)]
        self.turn = rng.below(n)
        self.turn_number = self.fought = self.combat_no = self.charmed = 0
        self.drawn = self.sales = self.sale_bonus_used = 0
        self.helper = self.run_mon = self.roll = self.roll_seat = self.door_card = -1
        self.phase, self.window_kind, self.truncated = SETUP, "", False
        self.window = None
        self.stack = DecisionStack()
        self.offers = Offers(n)
        self.log("setup", first=self.turn)
        rules = cs.rules
        for seat in range(n):
            zones.draw(self, seat, 0, rules.start_doors, False)
            zones.draw(self, seat, 1, rules.start_treasures, False)
        self.drawn = 0
        flow.settle(self)

    # ----- the contract -----------------------------------------------------------------

    # The contract's hot methods are the rules' functions themselves (no extra call).
    actors = flow.actors  # type: ignore[assignment]

    def is_over(self) -> bool:
        return self.phase == OVER

    def outcome(self) -> Outcome:
        if self.phase != OVER:
            raise ValueError("the game is not over")
        return Outcome(
            tuple(self.winners), tuple(float(level) for level in self.level), self.truncated
        )

    def view(self, seat: int | None) -> dict[str, Any]:
        return views.view(self, seat)

    def stats(self) -> dict[str, float | list[float]]:
        """Turns and combats played; per seat: the final level, monsters killed (as the
        fighter), combats helped to win, deaths."""
        n = self.num_players
        kills, helped, deaths = [0.0] * n, [0.0] * n, [0.0] * n
        for event in self.events:
            if event.kind == "win":
                kills[event.data["seat"]] += len(event.data["monsters"])
                if event.data["helper"] >= 0:
                    helped[event.data["helper"]] += 1
            elif event.kind == "death":
                deaths[event.data["seat"]] += 1
        return {
            "turns": float(self.turn_number),
            "combats": float(self.combat_no),
            "levels": [float(level) for level in self.level],
            "kills": kills,
            "helped": helped,
            "deaths": deaths,
        }

    def die(self) -> int:
        """Roll a six-sided die (a rigged game's forced results come first)."""
        if self.forced:
            return self.forced.pop(0)
        return self.rng.below(6) + 1

    def finish(self, truncated: bool) -> None:
        """End the game: the players at the top level win; when a safety limit ends it
        (`truncated`), the highest level wins (the declared ranking: levels)."""
        self.phase = OVER
        self.truncated = truncated
        best = max(self.level)
        self.winners = [p for p in range(self.num_players) if self.level[p] == best]
        self.stack.clear()
        self.window, self.window_kind = None, ""
        self.log("end", winners=self.winners, levels=self.level, truncated=truncated)

    # The legal actions of the last seat asked, for the number of actions played then: a
    # driver asks for them and `apply` checks against them, so they are built once. The
    # state changes only by `apply` (which plays one more action), so the key is exact;
    # copies, loads and rigs start without it.
    _legal_key: tuple[int, int] | None = None
    _legal_list: list[Action]

    def _legal(self, seat: int) -> list[Action]:
        key = (seat, len(self.history))
        if self._legal_key != key:
            self._legal_list = flow.legal(self, seat)
            self._legal_key = key
        return self._legal_list.copy()

    def _is_legal(self, seat: int, action: Action) -> bool:
        key = (seat, len(self.history))
        if self._legal_key != key:
            self._legal_list = flow.legal(self, seat)
            self._legal_key = key
        legal = self._legal_list
        for candidate in legal:
            if candidate is action:  # the codec's own instance: canonical
                return True
        return action in legal and self.codec.is_canonical(action)

    def _default_action(self, seat: int, legal: list[Action]) -> Action:
        return flow.default_action(self, seat, legal)

    _apply = flow.act  # type: ignore[assignment]

    # ----- copying and persistence ------------------------------------------------------

    def _copy_into(self, new: State) -> None:
        mine, theirs = self.__dict__, new.__dict__
        theirs["_legal_key"] = None
        for name in _SCALARS:
            theirs[name] = mine[name]
        for name in _LISTS:
            theirs[name] = mine[name].copy()
        theirs["hands"] = [h.copy() for h in self.hands]
        theirs["table"] = [t.copy() for t in self.table]
        theirs["window"] = None if self.window is None else self.window.copy()
        theirs["stack"] = self.stack.copy()
        theirs["offers"] = self.offers.copy()

    def _resample_hidden(self, seat: int | None, rng: Rng) -> None:
        views.resample_hidden(self, seat, rng)

    def _dump(self) -> dict[str, Any]:
        data = {name: getattr(self, name) for name in _SCALARS + _LISTS + _NESTED}
        data["window"] = None if self.window is None else self.window.to_json()
        data["stack"] = self.stack.to_json()
        data["offers"] = self.offers.to_json()
        return data

    def _load(self, data: dict[str, Any]) -> None:
        n = self.num_players
        for name in _SCALARS:
            value = data[name]
            expected = (
                bool if name == "truncated" else (str if name in ("phase", "window_kind") else int)
            )
            if type(value) is not expected:
                raise ValueError(f"{name} must be {expected.__name__}, got {value!r}")
            setattr(self, name, value)
        for name in _LISTS + _NESTED:
            value = data[name]
            nested = name in _NESTED
            rows = value if nested else [value]
            if not isinstance(value, list) or (nested and len(value) != n):
                raise ValueError(f"{name} must be a list")
            for row in rows:
                if not isinstance(row, list) or any(type(x) is not int for x in row):
                    raise ValueError(f"{name} must hold integers")
            setattr(self, name, [list(r) for r in value] if nested else list(value))
        for name in _PER_SEAT:
            if len(getattr(self, name)) != n:
                raise ValueError(f"{name} must have one entry per seat")
        window = data["window"]
        self.window = None if window is None else Window.from_json(window, n)
        self.stack = DecisionStack.from_json(data["stack"], n)
        self.offers = Offers.from_json(data["offers"], n)


def state_class(cs: CardSet) -> type[MunchkinState]:
    """The `State` subclass of a card set (its ``[ruleset]`` names it)."""
    rules = cs.rules
    table = ActionTable(cs)
    options = (
        Option(
            "max_turns",
            "safety limit: after this many turns the game ends, the highest level winning",
            300,
            min=1,
            max=100_000,
        ),
    )
    name = "".join(part.title() for part in rules.game_id.split("-")) + "State"
    return type(
        name,
        (MunchkinState,),
        {
            "__module__": __name__,
            "__doc__": f"A game of {rules.title} for {rules.min_players}-{rules.max_players} players.",
            "game_id": rules.game_id,
            "title": rules.title,
            "min_players": rules.min_players,
            "max_players": min(rules.max_players, MAX_SEATS),
            "options_spec": options,
            "codec": table.codec,
            "CS": cs,
            "A": table,
            "draw_cap": cs.size,
        },
    )
