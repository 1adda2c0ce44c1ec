"""The State protocol every game implements, and the machinery they share.

A game subclasses `State`, declares its options and action codec, and implements the
underscored hooks (`_setup`, `_legal`, `_apply`, ...). The public methods here enforce the
contract: illegal actions leave the state untouched, every accepted action is recorded,
`determinize` never touches the game's own generator, and `to_json` round-trips exactly.
"""

from __future__ import annotations

import functools
import hashlib
import json
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from itertools import repeat
from operator import is_
from typing import Any, ClassVar

from .actions import HIDDEN, PASS, Action, ActionCodec
from .appendlog import AppendLog
from .errors import N_, IllegalAction, InvalidInput
from .events import Entry, Event, EventLog, json_copy
from .fields import ClonePlan, Fields, copy_state
from .limits import MAX_RECORD_CHARS, parse_json, quote
from .options import Option, resolve_options
from .rng import Rng


def seen_by_python(
    entries: Sequence[Entry],
    history: Sequence[tuple[int, Action]],
    seat: int | None,
    hidden: list[tuple[int, Action]],
    /,
) -> tuple[AppendLog[Entry], AppendLog[tuple[int, Action]]]:
    """The log entries `seat` may see, and the history with every other seat's entry
    replaced by ``hidden[that seat]`` (`determinize`; `Event.visible_to` inlined)."""
    seen = [e for e in entries if e[2] is None or (seat is not None and seat in e[2])]
    told = [entry if entry[0] == seat else hidden[entry[0]] for entry in history]
    return AppendLog(seen), AppendLog(told)


@functools.cache
def _hidden_entries(players: int) -> list[tuple[int, Action]]:
    """Per seat, the history entry of its action hidden (shared by every world: a world's
    history holds them, never changes them)."""
    return [(seat, HIDDEN) for seat in range(players)]


try:
    from . import _native

    seen_by = _native.seen_by
except ImportError:  # not built (a plain source tree): the same in Python
    seen_by = seen_by_python

SNAPSHOT_FORMAT = 1


@dataclass(frozen=True)
class Outcome:
    """The result of a finished game. Higher ``scores`` rank higher.

    ``truncated``: the game was ended by a safety limit (max rounds or turns), not by its
    own rules; the game's declared ranking for that case decided the winners and scores.
    """

    winners: tuple[int, ...]
    scores: tuple[float, ...]
    truncated: bool = False


@dataclass(frozen=True)
class GameRecord:
    """Everything needed to rebuild a game exactly: replay `actions` on a fresh state.

    `seats` optionally names who sat where (``"person"``, or an agent's name such as
    ``"heuristic"``); a record without it (``()``) is written as before."""

    game_id: str
    players: int
    options: dict[str, Any]
    seed: int
    actions: tuple[tuple[int, dict[str, Any]], ...]
    seats: tuple[str, ...] = ()

    def to_json(self) -> str:
        data: dict[str, Any] = {
            "game": self.game_id,
            "players": self.players,
            "options": self.options,
            "seed": self.seed,
            "actions": [[seat, action] for seat, action in self.actions],
        }
        if self.seats:
            data["seats"] = list(self.seats)
        return json.dumps(data, sort_keys=True)

    def with_seats(self, seats: Sequence[str]) -> GameRecord:
        """This record naming who sat at each seat (one name per seat)."""
        if len(seats) != self.players:
            raise ValueError(f"name each of the {self.players} seats, got {len(seats)} names")
        return replace(self, seats=tuple(seats))

    @staticmethod
    def from_json(text: str) -> GameRecord:
        """Parse `to_json` output. Anything else raises `ValueError` naming what is wrong:
        text past the bounds of `kernel.limits` (`MAX_RECORD_CHARS`, `MAX_JSON_DEPTH`), a
        seed outside ``0..2**63 - 1``, a seat that is not a seat of the table."""
        try:
            data = parse_json(text, MAX_RECORD_CHARS)
            if not isinstance(data, dict):
                raise InvalidInput(
                    N_("a record is a JSON object, got {kind}"), kind=type(data).__name__
                )
            if not isinstance(data["game"], str) or not isinstance(data["options"], dict):
                raise InvalidInput(N_("'game' must be a string and 'options' an object"))
            players = data["players"]
            if type(players) is not int:
                raise InvalidInput(
                    N_("players must be an integer, got {value}"), value=quote(players)
                )
            check_seed(data["seed"])
            if not isinstance(data["actions"], list):
                raise InvalidInput(N_("'actions' must be a list of [seat, action] pairs"))
            actions = []
            for i, entry in enumerate(data["actions"]):
                if not isinstance(entry, list) or len(entry) != 2:
                    raise InvalidInput(
                        N_("action {number}: expected [seat, action], got {value}"),
                        number=i,
                        value=quote(entry),
                    )
                seat, action = entry
                if type(seat) is not int:  # int() would turn true or 0.5 into a seat
                    raise InvalidInput(
                        N_("action {number}: a seat is an integer, got {value}"),
                        number=i,
                        value=quote(seat),
                    )
                if not 0 <= seat < players:
                    raise InvalidInput(
                        N_("action {number}: there is no seat {seat} of {players} players"),
                        number=i,
                        seat=seat,
                        players=players,
                    )
                actions.append((seat, action))
            seats = data.get("seats", [])
            if not isinstance(seats, list) or not all(isinstance(x, str) for x in seats):
                raise InvalidInput(N_("'seats' must be a list of names, one per seat"))
            if seats and len(seats) != players:
                raise InvalidInput(
                    N_("'seats' names {count} seats of {players}"),
                    count=len(seats),
                    players=players,
                )
            return GameRecord(
                game_id=data["game"],
                players=players,
                options=data["options"],
                seed=data["seed"],
                actions=tuple(actions),
                seats=tuple(seats),
            )
        except (ValueError, KeyError, TypeError) as exc:
            raise InvalidInput(N_("not a gamenight game record: {reason}"), reason=exc) from None


def check_seed(seed: Any) -> None:
    """Refuse a seed that is not an integer from 0 to 2**63 - 1 (one seed, one game: seeds
    fit a signed 64-bit database column unchanged)."""
    if type(seed) is not int or not 0 <= seed < 2**63:
        raise InvalidInput(
            N_("seed must be an integer from 0 to 2**63 - 1, got {value}"), value=quote(seed)
        )


def _is_seat(value: Any, players: int) -> bool:
    """Whether a value read from JSON is a seat of a table of `players`."""
    return type(value) is int and 0 <= value < players


def check_envelope(cls: type[State], snapshot: dict[str, Any]) -> None:
    """Refuse a snapshot whose kernel fields are malformed, naming the field (`load`)."""
    if snapshot["format"] != SNAPSHOT_FORMAT:
        raise ValueError(f"unknown snapshot format {quote(snapshot['format'])}")
    players = snapshot["players"]
    if type(players) is not int or not cls.min_players <= players <= cls.max_players:
        raise ValueError(
            f"players must be {cls.min_players} to {cls.max_players}, got {quote(players)}"
        )
    check_seed(snapshot["seed"])
    rng = snapshot["rng"]
    if type(rng) is not int or not 0 <= rng < 1 << 64:
        raise ValueError(f"rng must be a 64-bit unsigned integer, got {quote(rng)}")
    options = snapshot["options"]
    if (
        not isinstance(options, dict)
        or resolve_options(cls.game_id, cls.options_spec, players, options) != options
    ):
        raise ValueError(f"options are not a full set of {cls.game_id} options: {quote(options)}")
    history = snapshot["history"]
    if not isinstance(history, list) or not all(
        isinstance(entry, list) and len(entry) == 2 and _is_seat(entry[0], players)
        for entry in history
    ):
        raise ValueError("history must be a list of [seat, action] pairs")
    if not isinstance(snapshot["events"], list):
        raise ValueError("events must be a list")
    for event in snapshot["events"]:
        if (
            not isinstance(event, dict)
            or not isinstance(event.get("kind"), str)
            or not (isinstance(event.get("data"), dict))
        ):
            raise ValueError(f"an event must be an object with a kind and data, got {quote(event)}")
        to = event.get("to")
        if to is not None and not (
            isinstance(to, list) and all(_is_seat(seat, players) for seat in to)
        ):
            raise ValueError(f"an event's 'to' must be null or a list of seats, got {quote(to)}")


def table_key(seed: int) -> int:
    """A 64-bit key drawn from a game's seed by a one-way hash, for the drivers' draws of
    who is asked next (`gamenight.play.table.next_actor`): a determinized world keeps it,
    so it asks the seats the real game asks, yet it gives the seed away to nobody."""
    digest = hashlib.blake2b(str(seed).encode(), digest_size=8, person=b"gamenight-table")
    return int.from_bytes(digest.digest(), "little")


class State(ABC):
    """A game in progress. See ARCHITECTURE.md §2 for the contract."""

    # The kernel's fields are slots, and each game's model makes its declared `fields`
    # slots too: a clone copies them by offset. Any other value (a cache, the latest
    # `legal_actions` answer) lives in the instance dict, which no copy carries.
    __slots__ = (
        "__dict__",
        "events",
        "history",
        "num_players",
        "options",
        "rng",
        "seed",
        "table_key",
    )

    game_id: ClassVar[str]
    title: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    options_spec: ClassVar[tuple[Option, ...]] = ()
    codec: ClassVar[ActionCodec]
    # Real-time games resolve sealed timed proposals and offer `deadline()`,
    # `moments()`, `next_moment()`, `has_sealed()`, `held_moves()` and `refusal()` to the
    # live table (`gamenight.play.live`).
    real_time: ClassVar[bool] = False
    # The game's own mutable fields (its model declares them): `clone`, `to_json` and
    # `load` copy, write and read them with no code of the game's.
    fields: ClassVar[Fields] = Fields()

    num_players: int
    options: dict[str, Any]
    seed: int
    table_key: int  # see `table_key`
    rng: Rng
    events: EventLog
    history: AppendLog[tuple[int, Action]]  # reads as a list; copies share its beginning
    # The latest `legal_actions` answer: (seat, actions applied then, the actions). Never
    # copied: a clone, a world or a loaded state starts without one.
    _offered: tuple[int, int, tuple[Action, ...]] | None = None
    # Whether the game validates an action by listing the legal ones (the default
    # `_is_legal`), so that `apply` gains by remembering the latest list. A game with its
    # own check (Ninja Master's refusal rules) would only pay for a copy and a scan.
    _validates_by_listing: ClassVar[bool] = True

    # How `clone` and `determinize` copy the kernel's fields and the declared `fields`
    # (`fields.copy_state`); whether the game copies more (`_copy_into`). Set per class.
    _clone_plan: ClassVar[ClonePlan]
    _world_plan: ClassVar[ClonePlan]
    _copies_more: ClassVar[bool]

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls._validates_by_listing = cls._is_legal is State._is_legal
        cls._copies_more = cls._copy_into is not State._copy_into
        scalars = ("num_players", "options", "seed", "table_key")  # options: never mutated
        rng = ("rng", vars(Rng)["state"])  # the slot's member descriptor
        log = ("events", vars(EventLog)["entries"])
        cls._clone_plan = cls.fields.plan(cls, scalars, ("history",), (rng, log))
        # A world shares the log and history for the moment `determinize` takes to
        # replace them with what its seat knows.
        cls._world_plan = cls.fields.plan(cls, (*scalars, "history", "events"), (), (rng,))

    def __init__(self, num_players: int, options: dict[str, Any], seed: int) -> None:
        """Start a new game. Use `gamenight.make`, which validates the arguments."""
        self.num_players = num_players
        self.options = options
        self.seed = seed
        self.table_key = table_key(seed)
        self.rng = Rng(seed)
        self.events = EventLog()
        self.history = AppendLog()
        self._setup()

    # ----- the public contract -------------------------------------------------------

    @abstractmethod
    def actors(self) -> tuple[int, ...]:
        """Seats that may act now; empty iff the game is over."""

    def legal_actions(self, seat: int) -> list[Action]:
        """Every action `seat` may take now; ``[]`` for a seat not in `actors`."""
        if type(seat) is not int or seat not in self.actors():
            return []
        legal = self._legal(seat)
        if self._validates_by_listing:
            # Kept (as a tuple: the caller may change the list) so that `apply` knows an
            # action taken from it is legal without listing the actions again.
            self._offered = (seat, len(self.history), tuple(legal))
        return legal

    def apply(self, seat: int, action: Action) -> None:
        """Apply `seat`'s action. An illegal one raises `IllegalAction` and changes nothing.

        An action object taken from the latest `legal_actions` list of `seat`, with no
        action applied since, is known to be legal; any other is checked in full (a game
        with its own `_is_legal` checks every action with it)."""
        offered = self._offered
        # Identity, not equality: ``Equip(1.0)`` equals ``Equip(1)`` yet is no action of
        # the game's, and an equal action built elsewhere is checked in full.
        if not (
            offered is not None
            and type(seat) is int
            and offered[0] == seat
            and offered[1] == len(self.history)
            and any(map(is_, offered[2], repeat(action)))
        ):
            if not isinstance(action, Action):
                raise IllegalAction(f"expected an action, got {quote(action)}")
            if type(seat) is not int or seat not in self.actors():
                raise self._not_your_turn(seat)
            if not self._is_legal(seat, action):
                raise IllegalAction(
                    N_("{action} is not legal for seat {seat} now"), action=action, seat=seat
                )
        self._offered = None
        self.history.append((seat, action))
        try:
            self._apply(seat, action)
        except Exception as exc:  # a bug in the game's code: never lose the game to it
            self.history.pop()
            restored = self._restore()
            exc.add_note(
                f"{self.game_id}: raised while seat {seat} played {action} (seed {self.seed}); "
                + ("the game is as it was before" if restored else "the game could not be restored")
            )
            raise

    @abstractmethod
    def is_over(self) -> bool:
        """Whether the game has ended."""

    @abstractmethod
    def outcome(self) -> Outcome:
        """Winners and rank-defining scores; only for a finished game."""

    @abstractmethod
    def view(self, seat: int | None) -> Mapping[str, Any]:
        """A JSON-ready dict of exactly what `seat` may know (``None`` = spectator).

        Each game types its view (a `TypedDict`); to the kernel it is a read-only mapping."""

    def clone(self) -> State:
        """An independent copy: the declared `fields` are copied by the kernel, a game's
        other fields by its `_copy_into`."""
        # In C when it is built, and no other Python call: search bots clone millions of
        # times.
        new: State = copy_state(self, self._clone_plan)
        if self._copies_more:
            self._copy_into(new)
        return new

    def determinize(self, seat: int | None, seed: int) -> State:
        """A full state consistent with ``view(seat)``, hidden information resampled.

        It carries no truth beyond what `seat` knows: two states with equal ``view(seat)``
        and ``events_for(seat)`` give the same world for the same `seed`, byte for byte.
        Its events are those `seat` may see; the other seats' actions in its history are
        `HIDDEN`; its seed is `seed` and its future chance is drawn from `seed`, so a search
        never learns the real game's seed, deal or coming shuffles. Each game redraws its
        hidden cards from a canonical order (`_resample_hidden`). The world plays on, but
        its record does not replay and its snapshot does not load.
        """
        self.check_seat(seat)
        new: State = copy_state(self, self._world_plan)
        if self._copies_more:
            self._copy_into(new)
        new.seed = seed
        # One shared hidden entry per seat, and in C when it is built: a search
        # determinizes often.
        seen, told = seen_by(
            self.events.entries, self.history, seat, _hidden_entries(self.num_players)
        )
        new.events = EventLog.of(seen)
        new.history = told
        rng = Rng(seed)
        new._resample_hidden(seat, rng)
        new.rng = Rng(state=rng.next64())
        return new

    def stats(self) -> dict[str, float | list[float]]:
        """Game-specific figures of a finished game for simulations (e.g. ``rounds``).

        Values are numbers, or lists with one number per seat.
        """
        return {}

    def timeout_action(self, seat: int) -> Action:
        """The action a missed deadline applies for an acting `seat` (for servers).

        In a window it is `PASS`; elsewhere each game declares its default
        (`_default_action`), a move that never hurts the rules (end the turn, stop).
        """
        legal = self.legal_actions(seat)
        if not legal:
            raise self._not_your_turn(seat)
        if PASS in legal:
            return PASS
        return self._default_action(seat, legal)

    def events_for(self, seat: int | None) -> list[Event]:
        """The events `seat` may see (``None`` = spectator: public events only), as copies
        that the caller may change freely."""
        self.check_seat(seat)
        return [
            Event(kind, json_copy(data), to)
            for kind, data, to in self.events.entries
            if to is None or (seat is not None and seat in to)
        ]

    def record(self) -> GameRecord:
        """The game record ``(game_id, options, seed, actions)`` that replays this game."""
        return GameRecord(
            self.game_id,
            self.num_players,
            dict(self.options),
            self.seed,
            tuple((seat, action.to_json()) for seat, action in self.history),
        )

    def to_json(self) -> str:
        """The whole state as canonical JSON; `gamenight.load` restores it exactly."""
        snapshot = {
            "format": SNAPSHOT_FORMAT,
            "game": self.game_id,
            "players": self.num_players,
            "options": self.options,
            "seed": self.seed,
            "rng": self.rng.state,
            "history": [[seat, action.to_json()] for seat, action in self.history],
            "events": [
                {"kind": kind, "data": data, "to": None if to is None else list(to)}
                for kind, data, to in self.events.entries
            ],
            "state": self._dump(),
        }
        return json.dumps(snapshot, sort_keys=True, separators=(",", ":"))

    @classmethod
    def from_snapshot(cls, snapshot: dict[str, Any]) -> State:
        """Rebuild a state from the dict `to_json` wrote (use `gamenight.load`)."""
        check_envelope(cls, snapshot)
        new = object.__new__(cls)
        new.num_players = snapshot["players"]
        new.options = snapshot["options"]
        new.seed = snapshot["seed"]
        new.table_key = table_key(new.seed)
        new.rng = Rng(state=snapshot["rng"])
        new.history = AppendLog((seat, cls.codec.from_json(a)) for seat, a in snapshot["history"])
        new.events = EventLog(map(Event.from_json, snapshot["events"]))
        if not isinstance(snapshot["state"], dict):
            raise TypeError(f"'state' must be an object, got {quote(snapshot['state'])}")
        new._load(snapshot["state"])
        return new

    def __repr__(self) -> str:
        status = "over" if self.is_over() else f"actors={self.actors()}"
        return f"<{type(self).__name__} {self.game_id} players={self.num_players} {status}>"

    def _restore(self) -> bool:
        """Put the state back as its record says (after a failed `_apply`): replayed from
        the seed, so the happy path never pays for a copy. False for a state whose record
        does not replay (a rigged position, a determinized world)."""
        from .registry import replay  # the registry builds states: imported late

        try:
            rebuilt = replay(self.record())
        except Exception:
            return False
        self.__dict__.clear()
        self.__dict__.update(rebuilt.__dict__)
        for name in self._clone_plan.names:
            setattr(self, name, getattr(rebuilt, name))
        return True

    # ----- helpers for games -----------------------------------------------------------

    def check_seat(self, seat: int | None) -> None:
        """Refuse a seat that is neither a seat of the table nor ``None`` (a spectator).

        Views, events and determinize call it: ``True`` or ``1.0`` equal seat 1, and a
        seat out of range would be taken for a spectator or index another seat's cards.
        """
        if seat is not None and (type(seat) is not int or not 0 <= seat < self.num_players):
            raise ValueError(
                f"there is no seat {quote(seat)} (seats are 0..{self.num_players - 1})"
            )

    def log(self, kind: str, to: tuple[int, ...] | None = None, **data: Any) -> None:
        """Append an event (public unless `to` names the seats that may see it).

        A list or dict value is copied (one level: games log flat data), so that a list
        of the state's own logged here keeps the value it had, and an event never changes
        once logged; `events_for` copies again what it hands out.
        """
        for key, value in data.items():
            if type(value) is list or type(value) is dict:
                data[key] = value.copy()
        self.events.entries.append((kind, data, to))

    def _not_your_turn(self, seat: int) -> IllegalAction:
        if self.is_over():
            return IllegalAction(N_("the game is over"))
        if type(seat) is not int or not 0 <= seat < self.num_players:
            return IllegalAction(
                N_("there is no seat {seat} (seats are 0..{last})"),
                seat=quote(seat),
                last=self.num_players - 1,
            )
        waiting = ", ".join(str(s) for s in self.actors())
        return IllegalAction(
            N_("seat {seat} may not act now; waiting for seat {waiting}"),
            seat=seat,
            waiting=waiting,
        )

    # ----- hooks each game implements ------------------------------------------------

    @abstractmethod
    def _setup(self) -> None:
        """Build the opening position with ``self.rng``."""

    @abstractmethod
    def _legal(self, seat: int) -> list[Action]:
        """Legal actions of a seat known to be in `actors`."""

    def _is_legal(self, seat: int, action: Action) -> bool:
        """Whether an action of an acting seat is legal: listed by `_legal` (which hands out
        the codec's canonical actions), with fields of the right types. Games whose actions carry free values (a reaction time in ms)
        accept more than the finite `legal_actions` list."""
        legal = self._legal(seat)
        if any(map(is_, legal, repeat(action))):  # one of the instances the game hands out
            return True
        return action in legal and self.codec.is_canonical(action)

    @abstractmethod
    def _apply(self, seat: int, action: Action) -> None:
        """Carry out a legal action."""

    def _default_action(self, seat: int, legal: list[Action]) -> Action:
        """The move a missed deadline makes for `seat` outside a window (one of `legal`)."""
        raise NotImplementedError(f"{self.game_id} declares no move for a missed deadline")

    def _copy_into(self, new: State) -> None:  # noqa: B027 (a hook most games leave alone)
        """Copy the game's fields that `fields` does not declare into `new` (the declared
        ones are copied already; shared card data stays shared). A clone carries no other
        value of the original's, so a cache starts empty."""

    @abstractmethod
    def _resample_hidden(self, seat: int | None, rng: Rng) -> None:
        """Reshuffle what `seat` cannot see, consistently with everything it has seen."""

    def _dump(self) -> dict[str, Any]:
        """The game's own fields as JSON-ready data (the declared `fields`)."""
        return self.fields.dump(self)

    def _load(self, data: dict[str, Any]) -> None:
        """Restore the game's own fields from `_dump`'s output (the declared `fields`)."""
        self.fields.load(self, data, self.num_players)
