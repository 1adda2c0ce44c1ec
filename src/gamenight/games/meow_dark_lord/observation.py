"""Meow, Dark Lord! observations for reinforcement learning, built from ``view(seat)`` only.

The RL adapters (``gamenight.envs``) call `encode` on a seat's view and get a fixed-length
list of floats; `layout` names each float and bounds it, `text` is the short form
OpenSpiel shows as the observation string. Seats are absolute and cards are instance ids
``0..C-1`` (C = 60), as in the action codec, so ``card[c]`` describes the card that
``Hire(c)``, ``Search(c)``... name. ``n`` is the player count, ``K = 6`` the kinds of
choice a pending step may wait for (`CHOICES`).

A card's block says where the observer knows it is. Other seats' hands show only the
cards seen going into them from the Graveyard (their sizes are in ``seat[i]``); the Tower
shows only its size. A card in neither a known hand, a dungeon nor the Graveyard (in the
Tower or an unseen hand) is all zeros.

=========================================  =====  ===========================================
features                                   count  meaning
=========================================  =====  ===========================================
``me[i]``                                  n      one-hot: the observing seat (zeros: spectator)
``to_act[i]``                              n      seats that may act now
``turn[i]``                                n      one-hot: whose turn it is
``turn_number``, ``coin_target``           2      as in the view
``phase.<phase>``                          5      hire1, dungeon, hire2, sacrifice, over
``pending.<kind>``                         K      one-hot: the choice the top step waits for
``pending.card[c]``                        C      one-hot: that step's source card
``pending.amount``                         1      its amount (hearts, coins), 0 if none
``treasury``                               1      coins left in the treasury
``tower``, ``tower_safe_top``              2      cards in the Tower; its top cards known to
                                                  hold no Rigor Mortis
``rigor_mortis``                           1      Rigor Mortis cards revealed
``end.<reason>``                           3      one-hot: coin_target, rigor_mortis, turn_limit
``seat[i].coins|hand|cats|hearts``         4·n    coins, cards in hand, cats in the dungeon
                                                  and heart tokens on them
``winner[i]``                              n      one-hot: the game's winner
``card[c].hand[i]``                        n·C    in seat i's hand, as the observer knows
``card[c].dungeon[i]``                     n·C    in seat i's dungeon
``card[c].graveyard``                      C      in the Graveyard
``card[c].hearts``                         C      heart tokens on it (0 outside the dungeons)
``card[c].acted``                          C      it has taken its dungeon action this turn
=========================================  =====  ===========================================
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from gamenight.kernel.observation import Layout, one_hot

from .abilities import CHOICES
from .actions import MAX_SEATS
from .content import CATS, HEARTS, MAX_DICE, NUM_CARDS, NUM_CATS, RIGOR, TOTAL_COINS, Ability
from .end import OVER
from .turn import DUNGEON, DUNGEON_LIMIT, HIRE1, HIRE2, SACRIFICE_PHASE

PHASES = (HIRE1, DUNGEON, HIRE2, SACRIFICE_PHASE, OVER)
PENDING = tuple(CHOICES)  # wound, heal, raise, attack, sacrifice, steal
END_REASONS = ("coin_target", "rigor_mortis", "turn_limit")
SEAT_FIELDS = ("coins", "hand", "cats", "hearts")
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


def layout(players: int, options: Mapping[str, Any]) -> list[tuple[str, float, float]]:
    """``(name, low, high)`` of every float `encode` returns, in order."""
    n = players
    seat_bounds = {
        "coins": TOTAL_COINS,
        "hand": NUM_CATS,
        "cats": _MOST_CATS,
        "hearts": _MOST_CATS * max(HEARTS),
    }
    out = Layout()
    add = out.add

    add("me", 0, 1, n)
    add("to_act", 0, 1, n)
    add("turn", 0, 1, n)
    add("turn_number", 0, options["max_turns"])
    add("coin_target", 0, TOTAL_COINS)
    for phase in PHASES:
        add(f"phase.{phase}", 0, 1)
    for kind in PENDING:
        add(f"pending.{kind}", 0, 1)
    add("pending.card", 0, 1, NUM_CATS)
    add("pending.amount", 0, _MOST_AMOUNT)
    add("treasury", 0, TOTAL_COINS)
    add("tower", 0, NUM_CARDS)
    add("tower_safe_top", 0, NUM_CATS)
    add("rigor_mortis", 0, len(RIGOR))
    for reason in END_REASONS:
        add(f"end.{reason}", 0, 1)
    for i in range(n):
        for field in SEAT_FIELDS:
            add(f"seat[{i}].{field}", 0, seat_bounds[field])
    add("winner", 0, 1, n)
    for c in range(NUM_CATS):
        add(f"card[{c}].hand", 0, 1, n)
        add(f"card[{c}].dungeon", 0, 1, n)
        add(f"card[{c}].graveyard", 0, 1)
        add(f"card[{c}].hearts", 0, HEARTS[c])
        add(f"card[{c}].acted", 0, 1)
    return out


def encode(view: dict[str, Any]) -> list[float]:
    """The floats `layout` describes, from a view (a seat's or a spectator's).

    The header is built as a list; the card blocks are written at fixed offsets into
    zeros, so a card no zone of the view names stays all zeros.
    """
    n = view["players"]
    to_act, pending, seats = view["to_act"], view["pending"], view["seats"]
    out = one_hot(view["seat"], n)
    out += [1.0 if i in to_act else 0.0 for i in range(n)]
    out += one_hot(view["turn"], n)
    out += [view["turn_number"], view["coin_target"]]
    out += one_hot(_PHASE_INDEX[view["phase"]], len(PHASES))
    if pending is None:
        out += [0.0] * (len(PENDING) + NUM_CATS + 1)
    else:
        out += one_hot(_PENDING_INDEX[pending["step"]], len(PENDING))
        out += one_hot(pending["card"], NUM_CATS)
        out.append(pending["amount"])
    out += [view["treasury"], view["tower"], view["tower_safe_top"], view["rigor_mortis"]]
    reason = view["end_reason"]
    out += one_hot(None if reason is None else _END_INDEX[reason], len(END_REASONS))
    for player in seats:
        dungeon = player["dungeon"]
        out += [
            player["coins"],
            player["hand_size"],
            len(dungeon),
            sum(cat["hearts"] for cat in dungeon),
        ]
    out += one_hot(view["winner"], n)

    cards_at = len(out)
    width = 2 * n + 3  # hand[n], dungeon[n], graveyard, hearts, acted
    out += [0.0] * (NUM_CATS * width)
    for player in seats:
        i = player["seat"]
        hand = player["hand"]
        for card in player["known_hand"] if hand is None else hand:
            out[cards_at + card["card"] * width + i] = 1.0
        for cat in player["dungeon"]:
            at = cards_at + cat["card"] * width
            out[at + n + i] = 1.0
            out[at + 2 * n + 1] = cat["hearts"]
            if cat["acted"]:
                out[at + 2 * n + 2] = 1.0
    for card in view["graveyard"]:
        out[cards_at + card["card"] * width + 2 * n] = 1.0
    return out


def text(view: dict[str, Any]) -> str:
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
    deaths = 3 * players + 2
    phase = 2 + _MOST_CATS + 1 + 2
    choices = 2 * _MOST_CATS + 2 + deaths
    gained = (
        2 * max(1, _most_gained("hire"))
        + _MOST_CATS * _most_gained("activation")
        + deaths * _most_gained("last_wish")
    )
    return options["max_turns"] * (phase + choices + gained)


def _most_gained(trigger: str) -> int:
    """The most cards one ability on `trigger` puts into a hand."""
    return max([0, *(_gained(getattr(cat, trigger)) for cat in CATS)])


def _gained(ability: Ability | None) -> int:
    if ability is None:
        return 0
    if ability.effect == "draw":
        return ability.amount
    return 1 if ability.effect in ("raise", "return_self") else 0


def _card(card: int) -> str:
    """A card id as ``key#id`` (the id names it in actions)."""
    return f"{CATS[card].key}#{card}"
