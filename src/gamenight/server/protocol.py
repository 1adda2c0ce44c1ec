"""Every message between the server and a browser.

In (a browser to the server, over the table's websocket), pydantic models: `Hello` first,
then `Act`, `Ready`, `Back` or `Ping`. Each is validated whole: an unknown type, a missing
or extra field, a string too long, a message past `MAX_MESSAGE_CHARS` or one sent faster
than the rate limit gets an `Error` and changes nothing.

Out (the server to one browser), JSON text of typed dicts: `Welcome`, `Update` and
`Error`. An `Update` is built for one receiver only, from ``view(seat)`` and
``events_for(seat)`` (a spectator's from ``view(None)`` and the public events): the legal
actions it lists are that seat's own, and a seat token is never part of any message but
the answer to the request that made it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter
from pydantic_core import to_json
from typing_extensions import TypedDict  # pydantic reads this one's fields before 3.12

MAX_MESSAGE_CHARS = 4096
"""The longest message a browser may send (an action is a few dozen characters)."""
TOKEN_CHARS = 64
"""The longest seat token accepted (`secrets.token_urlsafe(24)` gives 32 characters)."""
RATE_PER_SECOND = 20.0
"""Messages a connection may send per second on average; `RATE_BURST` at once."""
RATE_BURST = 40
MAX_REFUSED = 200
"""Messages refused for the rate in a row before the server closes the connection."""


Status = Literal["open", "running", "finished"]
SeatKind = Literal["human", "bot"]


class Incoming(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Hello(Incoming):
    """The first message: who is there (a seat's token, or none for a spectator)."""

    type: Literal["hello"]
    token: Annotated[str, Field(max_length=TOKEN_CHARS)] | None = None
    lang: Annotated[str, Field(pattern=r"^[a-z]{2}$")] = "en"


class Act(Incoming):
    """The seat's action, in the game's JSON form (``{"type": "Equip", "count": 2}``).

    In a real-time game a timed action comes without its ``ms``: the server stamps it
    with the time it received it."""

    type: Literal["act"]
    action: dict[str, Any]


class Ready(Incoming):
    """A real-time game: ready for the next step (the dice may be shown)."""

    type: Literal["ready"]


class Back(Incoming):
    """The seat's owner is back: the bot standing in for them leaves the seat."""

    type: Literal["back"]


class Ping(Incoming):
    type: Literal["ping"]


Message = Annotated[Hello | Act | Ready | Back | Ping, Field(discriminator="type")]
MESSAGE = TypeAdapter(Message)


class Outgoing(BaseModel):
    """An answer of the lobby's API (FastAPI serializes it)."""

    model_config = ConfigDict(extra="forbid")


# The websocket's messages out are plain dicts, typed here and built by the server itself
# (nothing to validate): one is built for every receiver of every change, and pydantic's
# model building was a large share of the server's work per action.


class SeatInfo(TypedDict):
    """A seat as everybody sees it."""

    seat: int
    kind: SeatKind
    bot: str  # the bot's name, or the stand-in's for a person
    name: str
    claimed: bool
    connected: bool
    standin: bool  # a bot plays the seat until its owner is back


class TableInfo(Outgoing):
    """A table as the lobby and every seat see it."""

    id: str
    game: str
    title: str
    players: int
    options: dict[str, Any]
    name: str
    status: Status
    turn_seconds: int
    window_seconds: int
    max_missed: int
    seats: list[SeatInfo]
    web: bool  # the game has its own drawing (else the generic table)
    real_time: bool


class Welcome(TypedDict):
    type: Literal["welcome"]
    table: dict[str, Any]  # `TableInfo`'s fields
    seat: int | None  # None: a spectator


class EventOut(TypedDict):
    kind: str
    data: dict[str, Any]


class Choice(TypedDict):
    """One of the receiver's legal actions and its words (a real-time game's timed actions
    come without their ``ms``)."""

    action: dict[str, Any]
    label: str


class Update(TypedDict):
    """What one receiver sees now.

    `events` continue those sent before from index `first` of the receiver's own events
    (0 after a (re)connection: the whole log); `log` has their words, one line each.
    `deadlines` gives, for each seat with a deadline, the ms left. In a real-time game,
    `step` tells whether the step runs (`step_ms`: ms since it began), and between steps
    the next step's information is held back until it begins for everybody at once.
    """

    type: Literal["update"]
    status: Status
    view: Mapping[str, Any] | None
    first: int
    events: list[EventOut]
    log: list[str]
    legal: list[Choice]
    deadlines: dict[int, int]
    seats: list[SeatInfo]
    step: Literal["running", "between"] | None
    step_ms: int | None
    ready: list[int]
    outcome: dict[str, Any] | None


class Error(TypedDict):
    type: Literal["error"]
    message: str


def encode(message: Welcome | Update | Error) -> str:
    """A message as the JSON text sent (written at once: later changes of the state
    never reach a message already built). pydantic's serializer of plain data is about
    three times as fast as `json.dumps`."""
    return to_json(message).decode()


def welcome_message(table: TableInfo, seat: int | None) -> str:
    """The first message to a connection: its table, and its seat (None: a spectator)."""
    return encode(Welcome(type="welcome", table=table.model_dump(), seat=seat))


def error_message(message: str) -> str:
    """Why a message or a connection was refused, in words."""
    return encode(Error(type="error", message=message))


# ----- the lobby's requests ---------------------------------------------------------------


class SeatRequest(BaseModel):
    model_config = ConfigDict(extra="forbid")

    kind: SeatKind
    bot: Annotated[str, Field(max_length=32)] | None = None  # None: the game's default


class CreateTable(BaseModel):
    """A new table: the game, its options and every seat (a person or a bot)."""

    model_config = ConfigDict(extra="forbid")

    game: Annotated[str, Field(max_length=64)]
    options: Annotated[dict[str, int | bool | str], Field(max_length=32)] = {}
    seats: Annotated[list[SeatRequest], Field(min_length=1, max_length=16)]
    name: Annotated[str, Field(max_length=80)] = ""
    seed: Annotated[int, Field(ge=0, lt=2**63)] | None = None
    turn_seconds: Annotated[int, Field(ge=0, le=3600)] = 60
    window_seconds: Annotated[int, Field(ge=0, le=600)] = 20
    max_missed: Annotated[int, Field(ge=1, le=100)] = 3
    bot_delay_ms: Annotated[int, Field(ge=0, le=10_000)] = 600


class Invite(Outgoing):
    seat: int
    token: str
    link: str  # the page's path with the token in its fragment, never sent to a server


class Created(Outgoing):
    id: str
    invites: list[Invite]


class Claim(BaseModel):
    """Take the seat of an invitation (or leave it, or start the game)."""

    model_config = ConfigDict(extra="forbid")

    token: Annotated[str, Field(min_length=1, max_length=TOKEN_CHARS)]
    name: Annotated[str, Field(max_length=40)] = ""


class Join(BaseModel):
    """Take any free seat of an open table."""

    model_config = ConfigDict(extra="forbid")

    name: Annotated[str, Field(max_length=40)] = ""


class Joined(Outgoing):
    seat: int
    token: str
    link: str
