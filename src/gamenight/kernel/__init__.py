"""The game-agnostic kernel: the State protocol, actions, RNG, events, options, content,
and the interaction helpers (windows, the decision stack, offers)."""

from .actions import HIDDEN, PASS, Action, ActionCodec, Hidden, Pass
from .agent import Agent, Bot, Clock
from .decisions import DecisionStack, Frame
from .errors import ContentError, GamenightError, IllegalAction
from .events import Event
from .fields import Fields, Part
from .offers import Offer, Offers, OfferStatus
from .options import Option
from .registry import game_class, games, load, make, register, replay, spec
from .rng import Rng
from .spec import GameSpec
from .state import GameRecord, Outcome, State
from .windows import EACH_SEAT_ONCE, RESET_ON_PLAY, Window, WindowMode

__all__ = [
    "EACH_SEAT_ONCE",
    "HIDDEN",
    "PASS",
    "RESET_ON_PLAY",
    "Action",
    "ActionCodec",
    "Agent",
    "Bot",
    "Clock",
    "ContentError",
    "DecisionStack",
    "Event",
    "Fields",
    "Frame",
    "GameRecord",
    "GameSpec",
    "GamenightError",
    "Hidden",
    "IllegalAction",
    "Offer",
    "OfferStatus",
    "Offers",
    "Option",
    "Outcome",
    "Part",
    "Pass",
    "Rng",
    "State",
    "Window",
    "WindowMode",
    "game_class",
    "games",
    "load",
    "make",
    "register",
    "replay",
    "spec",
]
