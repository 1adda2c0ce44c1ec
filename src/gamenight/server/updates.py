"""What one receiver is sent: an `Update` built from ``view(seat)`` and the seat's events.

Nothing else of the state goes into a message. The events are the tail of
``events_for(seat)`` from the receiver's cursor (what it was sent before); their words,
and the words of the seat's legal actions, are the game's own, from its terminal
renderer (`GameSpec.renderer`), in the receiver's language.

Between two steps of a real-time game, what the next step shows is held back until it
begins for everybody at once: the view's keys named by the game's web package in
``HOLD_VIEW`` and its events of the kinds in ``HOLD_EVENTS`` (a game that names none has
its whole view and every new event held back).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from types import ModuleType
from typing import Any, Literal

from gamenight.kernel import Action, Event, GameSpec, State

from .protocol import Choice, EventOut, SeatInfo, Status, Update

TIMED = "ms"  # the field of a real-time action that the server stamps on receipt
_TIME_WORDS = re.compile(r" at [\d,]+ ms\b")


@dataclass
class Cursor:
    """How far a receiver has been told: `raw` indexes the state's whole log (the next
    event to look at), `sent` counts the receiver's own events sent."""

    raw: int = 0
    sent: int = 0


@dataclass
class Moment:
    """What every receiver of one broadcast is told alike (`Update`'s fields of the same
    names). `held`: between two steps of a real-time game, the game's web package, which
    names what is held back (module docstring)."""

    status: Status
    seats: list[SeatInfo]
    deadlines: dict[int, int]
    step: Literal["running", "between"] | None = None
    step_ms: int | None = None
    ready: list[int] = field(default_factory=list)
    held: ModuleType | None = None


def build(
    state: State,
    spec: GameSpec,
    seat: int | None,
    lang: str,
    cursor: Cursor,
    moment: Moment,
    hold: Sequence[Action] = (),
) -> Update:
    """The update for `seat` (None: a spectator) at `moment`; advances its `cursor`.
    `hold`: the moves a key of the seat's would be held for now, offered while it has no
    legal action (`gamenight.play.live`)."""
    view = state.view(seat)
    between = moment.step == "between"
    hold_kinds = getattr(moment.held, "HOLD_EVENTS", None) if between else ()
    first = cursor.sent
    fresh: list[Event] = []
    for event in state.events[cursor.raw :]:
        if hold_kinds is None or event.kind in hold_kinds:
            break
        cursor.raw += 1
        if event.visible_to(seat):  # `events_for(seat)`'s own test
            fresh.append(event)  # its data is never changed, and the update is sent as text at once
    cursor.sent += len(fresh)
    legal = [] if between or seat is None else choices(state, spec, seat, view, lang, hold)
    shown: Mapping[str, Any] | None = view
    if between:
        keys = getattr(moment.held, "HOLD_VIEW", None)
        shown = None if keys is None else {k: None if k in keys else v for k, v in view.items()}
    return Update(
        type="update",
        status=moment.status,
        view=shown,
        first=first,
        events=[EventOut(kind=e.kind, data=e.data) for e in fresh],
        log=log_lines(spec, fresh, lang, seat),
        legal=legal,
        deadlines=moment.deadlines,
        seats=moment.seats,
        step=moment.step,
        step_ms=moment.step_ms,
        ready=moment.ready,
        outcome=outcome(state),
    )


def outcome(state: State) -> dict[str, Any] | None:
    """A finished game's winners and scores (None: it goes on)."""
    if not state.is_over():
        return None
    result = state.outcome()
    return {
        "winners": list(result.winners),
        "scores": list(result.scores),
        "truncated": result.truncated,
    }


def choices(
    state: State,
    spec: GameSpec,
    seat: int,
    view: Mapping[str, Any],
    lang: str,
    hold: Sequence[Action] = (),
) -> list[Choice]:
    """`seat`'s legal actions with their words, or without any the moves `hold` names (a
    key held while the seat's move waits); a real-time game's timed actions once each,
    without their time (the server stamps it)."""
    legal = state.legal_actions(seat) or list(hold)
    renderer = spec.part("renderer")
    if not state.real_time:
        return [Choice(action=a.to_json(), label=_words(renderer, view, a, lang)) for a in legal]
    wait = getattr(spec.part("web"), "WAIT", None)
    seen: list[dict[str, Any]] = []
    found = []
    for action in legal:
        data = action.to_json()
        if data == wait:
            continue  # the live table waits on a person's behalf
        template = {k: v for k, v in data.items() if k != TIMED}
        if template in seen:
            continue
        seen.append(template)
        words = _TIME_WORDS.sub("", _words(renderer, view, action, lang))
        found.append(Choice(action=template, label=words))
    return found


def live_template(
    state: State,
    spec: GameSpec,
    seat: int,
    data: dict[str, Any],
    moves: Sequence[Action] | None = None,
) -> bool | None:
    """Whether `data` (an action without its time) is one of `seat`'s moves now (or of
    `moves`): True for a timed one (the server stamps it), False for another, None for
    none of them."""
    template = {k: v for k, v in data.items() if k != TIMED}
    wait = getattr(spec.part("web"), "WAIT", None)
    for action in state.legal_actions(seat) if moves is None else moves:
        found = action.to_json()
        if found == wait:
            continue
        timed = TIMED in found
        if timed:
            del found[TIMED]
        if found == template:
            return timed
    return None


def label(spec: GameSpec, view: Mapping[str, Any], action: Action, lang: str) -> str:
    """An action in the game's words (its renderer's), as plain text."""
    return _words(spec.part("renderer"), view, action, lang)


def _words(renderer: ModuleType | None, view: Mapping[str, Any], action: Action, lang: str) -> str:
    # Not cached: a game's words for an action may depend on the view (a card's name).
    if renderer is None:
        return str(action)
    return plain(renderer.choice(view, action, lang))


def log_lines(spec: GameSpec, events: Sequence[Event], lang: str, seat: int | None) -> list[str]:
    """Events in the game's words (its renderer's), one plain line each."""
    if not events:
        return []
    renderer = spec.part("renderer")
    if renderer is None:
        return [f"{event.kind}: {event.data}" for event in events]
    return [plain(line) for line in renderer.events(events, lang, me=seat)]


# A tag of Rich's markup, after any backslashes (an odd number escapes it): Rich's own
# pattern (`rich.markup.RE_TAGS`).
_TAG = re.compile(r"((\\*)\[([a-z#/@][^[]*?)])")


@lru_cache(maxsize=4096)
def plain(markup: str) -> str:
    """Rich markup as plain text: ``Text.from_markup(markup, emoji=False).plain``, without
    building the styled text (the words of every update go through here)."""
    if "[" not in markup:
        return markup
    parts = []
    position = 0
    for match in _TAG.finditer(markup):
        start, end = match.span()
        parts.append(markup[position:start].replace("\\[", "["))
        escapes = match.group(2)
        backslashes, escaped = divmod(len(escapes), 2)
        parts.append("\\" * backslashes)
        if escaped:  # not a tag: the text itself
            parts.append(match.group(1)[len(escapes) :])
        position = end
    parts.append(markup[position:].replace("\\[", "["))
    return "".join(parts)
