"""Meow, Dark Lord! observations for reinforcement learning, built from ``view(seat)`` only.

The RL adapters (``gamenight.envs``) call `encode_state` (the floats of `encode` of the
seat's view, written straight from the state into their float32 buffer, in one C call
where `_observe.c` is built): a fixed-length list of floats, the `pieces` one after the
other, each flattened row by row (the layout names each float and bounds it:
``card.hand[c][i]``); `text` is the short form OpenSpiel shows as the observation string.
Seats are absolute and cards are instance ids ``0..C-1`` (C = 60), as in the action codec,
so row ``c`` of a ``card.*`` piece describes the card that ``Hire(c)``, ``Search(c)``...
name. ``n`` is the player count, ``K = 6`` the kinds of choice a pending step may wait for
(`CHOICES`).

A card's rows say where the observer knows it is. Other seats' hands show only the
cards seen going into them from the Graveyard (their sizes are in ``seat.hand``); the
Tower shows only its size. A card in neither a known hand, a dungeon nor the Graveyard
(in the Tower or an unseen hand) is all zeros.

==================  ======  ===========================================================
piece               shape   meaning
==================  ======  ===========================================================
``me``              n       one-hot: the observing seat (zeros: spectator)
``to_act``          n       seats that may act now
``turn``            n       one-hot: whose turn it is
``turn_number``     1       as in the view
``coin_target``     1       as in the view
``phase``           5       one-hot: hire1, dungeon, hire2, sacrifice, over
``pending``         K       one-hot: the choice the top step waits for (wound, heal,
                            raise, attack, sacrifice, steal)
``pending.card``    C       one-hot: that step's source card
``pending.amount``  1       its amount (hearts, coins), 0 if none
``treasury``        1       coins left in the treasury
``tower``           1       cards in the Tower
``tower_safe_top``  1       the Tower's top cards known to hold no Rigor Mortis
``rigor_mortis``    1       Rigor Mortis cards revealed
``end``             3       one-hot: why the game ended (coin_target, rigor_mortis,
                            turn_limit)
``seat.coins``      n       each seat's coins
``seat.hand``       n       cards in each seat's hand
``seat.cats``       n       cats in each seat's dungeon
``seat.hearts``     n       heart tokens on them
``winner``          n       one-hot: the game's winner
``card.hand``       C × n   the card is in seat i's hand, as the observer knows
``card.dungeon``    C × n   the card is in seat i's dungeon
``card.graveyard``  C       the card is in the Graveyard
``card.hearts``     C       heart tokens on it (0 outside the dungeons)
``card.acted``      C       it has taken its dungeon action this turn
==================  ======  ===========================================================
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping, MutableSequence
from typing import Any

from gamenight.kernel.observation import Observation, Piece, Pieces, one_hot
from gamenight.kernel.options import resolve_options

from .abilities import CHOICES, is_choice
from .actions import MAX_SEATS
from .content import (
    CATS,
    HEARTS,
    MAX_DICE,
    NUM_CARDS,
    NUM_CATS,
    RIGOR,
    TOTAL_COINS,
    Ability,
    Effect,
    Trigger,
)
from .model import EndReason, MeowModel, Phase
from .state import MeowState
from .turn import DUNGEON_LIMIT
from .views import MeowView

try:
    from . import _observe

    NATIVE = True  # the whole of `encode_state` in C, for float32 buffers
except ImportError:  # not built (a plain source tree): the Python code writes the same floats
    NATIVE = False

PHASES = tuple(Phase)
PENDING = tuple(CHOICES)  # wound, heal, raise, attack, sacrifice, steal
END_REASONS = tuple(EndReason)
# outcome().scores: the number of seats a seat ranks above, 0 (last) to n - 1 (the winner).
SCORES = (0.0, float(MAX_SEATS - 1))

# A player has at most 3 cats at the start of their turn and hires at most 2 during it.
_MOST_CATS = DUNGEON_LIMIT + 2
_ABILITIES = [a for cat in CATS for a in (cat.activation, cat.hire, cat.last_wish) if a]
# A pending step's amount: an ability's amount, or the coins a Steal cat has still to take.
_MOST_AMOUNT = max([MAX_DICE, *(a.amount for a in _ABILITIES)])
_PHASE_INDEX = {phase: j for j, phase in enumerate(PHASES)}
_PENDING_INDEX = {kind: j for j, kind in enumerate(PENDING)}
_END_INDEX = {reason: j for j, reason in enumerate(END_REASONS)}


def pieces(players: int, options: Mapping[str, Any]) -> Pieces:
    """The observation's named pieces, with their shapes and bounds, in order."""
    n = players
    return Pieces(
        [
            Piece("me", (n,), 0, 1),
            Piece("to_act", (n,), 0, 1),
            Piece("turn", (n,), 0, 1),
            Piece("turn_number", (), 0, options["max_turns"]),
            Piece("coin_target", (), 0, TOTAL_COINS),
            Piece("phase", (len(PHASES),), 0, 1),
            Piece("pending", (len(PENDING),), 0, 1),
            Piece("pending.card", (NUM_CATS,), 0, 1),
            Piece("pending.amount", (), 0, _MOST_AMOUNT),
            Piece("treasury", (), 0, TOTAL_COINS),
            Piece("tower", (), 0, NUM_CARDS),
            Piece("tower_safe_top", (), 0, NUM_CATS),
            Piece("rigor_mortis", (), 0, len(RIGOR)),
            Piece("end", (len(END_REASONS),), 0, 1),
            Piece("seat.coins", (n,), 0, TOTAL_COINS),
            Piece("seat.hand", (n,), 0, NUM_CATS),
            Piece("seat.cats", (n,), 0, _MOST_CATS),
            Piece("seat.hearts", (n,), 0, _MOST_CATS * max(HEARTS)),
            Piece("winner", (n,), 0, 1),
            Piece("card.hand", (NUM_CATS, n), 0, 1),
            Piece("card.dungeon", (NUM_CATS, n), 0, 1),
            Piece("card.graveyard", (NUM_CATS,), 0, 1),
            Piece("card.hearts", (NUM_CATS,), 0, max(HEARTS)),
            Piece("card.acted", (NUM_CATS,), 0, 1),
        ]
    )


@functools.cache
def _places(players: int) -> Pieces:
    """Where each piece lies for `players` seats. The options move only the bounds, never
    a piece, so `encode`, which sees a view and not the options, takes the defaults'."""
    defaults = resolve_options(MeowState.game_id, MeowState.options_spec, players, {})
    return pieces(players, defaults)


def encode(view: MeowView) -> list[float]:
    """The floats of `pieces`, from a view (a seat's or a spectator's)."""
    n = view["players"]
    seats = view["seats"]
    obs = Observation(_places(n))
    obs["me"] = one_hot(view["seat"], n)
    to_act = view["to_act"]
    obs["to_act"] = [1.0 if i in to_act else 0.0 for i in range(n)]
    obs["turn"] = one_hot(view["turn"], n)
    obs["turn_number"] = view["turn_number"]
    obs["coin_target"] = view["coin_target"]
    obs["phase"] = one_hot(_PHASE_INDEX[view["phase"]], len(PHASES))
    pending = view["pending"]
    if pending is not None:
        obs["pending"] = one_hot(_PENDING_INDEX[pending["step"]], len(PENDING))
        obs["pending.card"] = one_hot(pending["card"], NUM_CATS)
        obs["pending.amount"] = pending["amount"]
    obs["treasury"] = view["treasury"]
    obs["tower"] = view["tower"]
    obs["tower_safe_top"] = view["tower_safe_top"]
    obs["rigor_mortis"] = view["rigor_mortis"]
    reason = view["end_reason"]
    obs["end"] = one_hot(None if reason is None else _END_INDEX[reason], len(END_REASONS))
    obs["seat.coins"] = [player["coins"] for player in seats]
    obs["seat.hand"] = [player["hand_size"] for player in seats]
    obs["seat.cats"] = [len(player["dungeon"]) for player in seats]
    obs["seat.hearts"] = [sum(cat["hearts"] for cat in player["dungeon"]) for player in seats]
    obs["winner"] = one_hot(view["winner"], n)

    in_hand = [0.0] * (NUM_CATS * n)
    in_dungeon = [0.0] * (NUM_CATS * n)
    hearts = [0.0] * NUM_CATS
    acted = [0.0] * NUM_CATS
    for player in seats:
        i = player["seat"]
        hand = player["hand"]
        for card in player["known_hand"] if hand is None else hand:
            in_hand[card["card"] * n + i] = 1.0
        for cat in player["dungeon"]:
            c = cat["card"]
            in_dungeon[c * n + i] = 1.0
            hearts[c] = cat["hearts"]
            if cat["acted"]:
                acted[c] = 1.0
    graveyard = [0.0] * NUM_CATS
    for card in view["graveyard"]:
        graveyard[card["card"]] = 1.0
    obs["card.hand"] = in_hand
    obs["card.dungeon"] = in_dungeon
    obs["card.graveyard"] = graveyard
    obs["card.hearts"] = hearts
    obs["card.acted"] = acted
    return obs.values


def _encode_state(state: MeowModel, seat: int | None, values: MutableSequence[float]) -> None:
    """Write `encode(view(seat))` into `values` (all zeros, as long as the observation),
    read from the state's own fields without building the view: the same floats, so
    exactly what the view allows (a test compares the two).

    This is `encode_state` in Python, the reference: where `_observe` is built,
    `encode_state` is its C function, which writes a float32 buffer (the adapters'
    float32 NumPy array) in one call and hands anything else to this one."""
    state.check_seat(seat)
    n = state.num_players
    at = _places(n).starts
    if seat is not None:
        values[at["me"] + seat] = 1.0
    for s in state.actors():
        values[at["to_act"] + s] = 1.0
    values[at["turn"] + state.turn] = 1.0
    values[at["turn_number"]] = state.turn_number
    values[at["coin_target"]] = state.options["coin_target"]
    values[at["phase"] + _PHASE_INDEX[state.phase]] = 1.0
    if state.stack and is_choice(state.stack.top):
        kind, _, (card, amount) = state.stack.top
        assert type(card) is int and type(amount) is int  # a step's args (`abilities.py`)
        values[at["pending"] + _PENDING_INDEX[kind]] = 1.0
        values[at["pending.card"] + card] = 1.0
        values[at["pending.amount"]] = amount
    values[at["treasury"]] = state.treasury
    values[at["tower"]] = len(state.tower)
    values[at["tower_safe_top"]] = state.safe_top
    values[at["rigor_mortis"]] = len(state.track)
    if state.end_reason:
        values[at["end"] + _END_INDEX[state.end_reason]] = 1.0
    if state.winner >= 0:
        values[at["winner"] + state.winner] = 1.0

    revealed, acted, hearts = state.revealed, state.acted, state.hearts
    coins_at, hand_at, cats_at, seat_hearts = (
        at["seat.coins"],
        at["seat.hand"],
        at["seat.cats"],
        at["seat.hearts"],
    )
    in_hand, in_dungeon = at["card.hand"], at["card.dungeon"]
    card_hearts, card_acted = at["card.hearts"], at["card.acted"]
    for s in range(n):
        hand, dungeon = state.hands[s], state.dungeons[s]
        values[coins_at + s] = state.coins[s]
        values[hand_at + s] = len(hand)
        values[cats_at + s] = len(dungeon)
        for card in hand:
            if s == seat or card in revealed:
                values[in_hand + card * n + s] = 1.0
        total = 0
        for card in dungeon:
            total += hearts[card]
            values[in_dungeon + card * n + s] = 1.0
            values[card_hearts + card] = hearts[card]
            if card in acted:
                values[card_acted + card] = 1.0
        values[seat_hearts + s] = total
    for card in state.graveyard:
        values[at["card.graveyard"] + card] = 1.0


# The pieces in the order `_observe` takes their starts (it checks each one's size).
_NATIVE_PIECES = (
    "me",
    "to_act",
    "turn",
    "turn_number",
    "coin_target",
    "phase",
    "pending",
    "pending.card",
    "pending.amount",
    "treasury",
    "tower",
    "tower_safe_top",
    "rigor_mortis",
    "end",
    "seat.coins",
    "seat.hand",
    "seat.cats",
    "seat.hearts",
    "winner",
    "card.hand",
    "card.dungeon",
    "card.graveyard",
    "card.hearts",
    "card.acted",
)


def _native_layout(players: int) -> tuple[tuple[int, int] | int, ...]:
    """Each of `_NATIVE_PIECES`' start and size for `players` seats, then the length."""
    places = _places(players)
    sizes = {piece.name: piece.size for piece in places.pieces}
    return (*((places.starts[name], sizes[name]) for name in _NATIVE_PIECES), places.size)


# `encode_state`: the C function where it is built (it hands any target but a float32
# buffer to `_encode_state`), so that the adapters' call runs no Python code; else the
# Python code.
encode_state: Callable[[MeowModel, int | None, MutableSequence[float]], None]
if NATIVE:
    _observe.configure(
        {n: _native_layout(n) for n in range(MeowState.min_players, MeowState.max_players + 1)},
        PHASES,
        PHASES.index(Phase.OVER),
        PENDING,
        END_REASONS,
        NUM_CATS,
        MeowState.actors,  # which it follows in C (a class with its own is asked)
        _encode_state,
    )
    encode_state = _observe.encode_state
else:
    encode_state = _encode_state


def text(view: MeowView) -> str:
    """A short readable form of a view, one line per part (OpenSpiel's observation string).

    Cards read ``key#id``; a dungeon cat shows its hearts over its printed hearts, and
    ``*`` once it has acted this turn.
    """
    seat, pending = view["seat"], view["pending"]
    choosing = ""
    if pending:
        amount = f" x{pending['amount']}" if pending["amount"] else ""
        choosing = f" | choosing {pending['step']} for {_card(pending['card'])}{amount}"
    lines = [
        f"seat {'spectator' if seat is None else seat} | turn {view['turn_number']}"
        f" of seat {view['turn']}, {view['phase']} | to act {view['to_act']}{choosing}",
        f"treasury {view['treasury']} | target {view['coin_target']} | tower {view['tower']}"
        f" (safe top {view['tower_safe_top']}) | rigor mortis {view['rigor_mortis']}"
        f"/{view['rigor_mortis_total']}",
        "graveyard " + (" ".join(_card(card["card"]) for card in view["graveyard"]) or "-"),
    ]
    for player in view["seats"]:
        hand = player["hand"]
        if hand is None:
            known = " ".join(_card(card["card"]) for card in player["known_hand"])
            shown = f"{player['hand_size']} cards" + (f" (seen: {known})" if known else "")
        else:
            shown = " ".join(_card(card["card"]) for card in hand) or "-"
        dungeon = " ".join(
            f"{_card(cat['card'])} {cat['hearts']}/{HEARTS[cat['card']]}"
            + ("*" if cat["acted"] else "")
            for cat in player["dungeon"]
        )
        lines.append(
            f"seat {player['seat']}: coins {player['coins']} | hand {shown}"
            f" | dungeon {dungeon or '-'}"
        )
    if view["winner"] is not None:
        lines.append(f"winner seat {view['winner']} ({view['end_reason']})")
    return "\n".join(lines)


def max_actions(players: int, options: Mapping[str, Any]) -> int:
    """An upper bound on the actions of one game (OpenSpiel's ``max_game_length``).

    A game lasts at most ``max_turns`` turns. In one turn the player takes at most 10
    phase actions: 2 hires or draws, one action for each of at most 5 cats, `EndDungeon`,
    and 2 sacrifices down to 3 cats. Choices follow: at most 2 after a cat's action (a
    Sacrifice cost, then a target or a victim), 1 after a hire's ability and 1 after each
    Last Wish; at most ``3n + 2`` cats die (3 per dungeon at the start of the turn, and
    the 2 hired). Discards: hands are dealt below the limit of 10, so each discard is of a
    card that entered a hand since, and the cards entering hands in a turn are bounded
    the same way (a draw or a hire's ability, a cat's action, each Last Wish).
    """
    max_turns: int = options["max_turns"]
    deaths = 3 * players + 2
    phase = 2 + _MOST_CATS + 1 + 2
    choices = 2 * _MOST_CATS + 2 + deaths
    gained = (
        2 * max(1, _most_gained(Trigger.HIRE))
        + _MOST_CATS * _most_gained(Trigger.ACTIVATION)
        + deaths * _most_gained(Trigger.LAST_WISH)
    )
    return max_turns * (phase + choices + gained)


def _most_gained(trigger: Trigger) -> int:
    """The most cards one ability on `trigger` puts into a hand."""
    return max([0, *(_gained(cat.ability(trigger)) for cat in CATS)])


def _gained(ability: Ability | None) -> int:
    if ability is None:
        return 0
    if ability.effect == Effect.DRAW:
        return ability.amount
    return 1 if ability.effect in (Effect.RAISE, Effect.RETURN_SELF) else 0


def _card(card: int) -> str:
    """A card id as ``key#id`` (the id names it in actions)."""
    return f"{CATS[card].key}#{card}"
