"""What each seat may see, and determinization for search.

Hidden: each hand (its owner sees it; the others see how many Door and Treasure cards it
holds, by their backs, and the cards they know are in it: those everybody saw go there,
and the charity gifts they gave) and the decks' order. Everything else is public: levels,
sexes, the cards in play, the discard piles (face up), the combat, the run, the bodies
being looted, the offers (a table hears every bribe and trade).
"""

from __future__ import annotations

from typing import Any, TypedDict

from gamenight.kernel import Frame
from gamenight.kernel.rng import Rng

from . import character, combat
from .content import SEXES, Sex
from .model import DRAW_PILES, FrameKind, MunchkinModel, Phase, Setup, WindowKind, ints

GIVE, SELL = FrameKind.GIVE, FrameKind.SELL
PRIVATE_FRAMES = (GIVE, SELL)  # frames whose cards (from a hand) only their seat may see


class CardView(TypedDict):
    """A card: its instance id and its design's key."""

    card: int
    key: str


class TableCardView(CardView):
    """A card in play in front of a seat."""

    equipped: bool  # an item turned sideways is not


class SeatView(TypedDict):
    """A seat as everybody sees it (`known_hand`: the cards of its hand the viewer
    knows; all of them for the seat itself)."""

    seat: int
    level: int
    sex: Sex
    dead: bool
    ready: bool
    hand_doors: int
    hand_treasures: int
    hand_limit: int
    known_hand: list[int]
    table: list[TableCardView]
    strength: int
    asked: list[int]  # the seats it has begun a trade with this turn (dropped ones too)


class DecidingView(TypedDict):
    """The top frame of the decision stack: its kind (a `FrameKind` or a hook's frame),
    its seat, and its args (``None`` when they name cards of a hand the viewer may not
    see)."""

    kind: str
    seat: int
    args: list[int] | None


class WindowView(TypedDict):
    """The open window and the seats still to answer, in order."""

    kind: WindowKind
    waiting: list[int]


class MonsterView(CardView):
    """A monster in the fight."""

    strength: int
    treasures: int
    enhancers: list[int]


class FightView(TypedDict):
    """The combat: its sides and their strengths (`bonuses` and `run_bonuses` are the
    state's flat ``cmods`` and ``rbonus``)."""

    number: int
    fighter: int
    helper: int | None
    monsters: list[MonsterView]
    bonuses: list[int]
    run_bonuses: list[int]
    players_strength: int
    monsters_strength: int
    winning: bool
    defeated_treasures: int


class RunView(TypedDict):
    """The run away: the monsters left, the runners, and the roll on the table."""

    left: list[int]
    monster: int | None
    runners: list[int]
    escaped: list[int]
    roll: int | None
    roll_seat: int | None
    total: int | None


class MunchkinView(TypedDict):
    """What a seat sees (``seat`` is ``None`` for a spectator, who has no ``hand``)."""

    game: str
    seat: int | None
    players: int
    turn: int
    turn_number: int
    max_turns: int
    phase: Phase
    to_act: list[int]
    window: WindowView | None
    deciding: DecidingView | None
    hand: list[int] | None
    seats: list[SeatView]
    door_deck: int  # cards left in the deck
    treasure_deck: int
    door_discard: list[int]
    treasure_discard: list[int]
    door_card: int | None
    limbo: list[int]
    combat: FightView | None
    run: RunView | None
    body: list[int]
    haul: list[int]
    offers: list[dict[str, Any]]  # the kernel's `Offer.to_json` of those the seat sees
    winners: list[int]
    truncated: bool


def known_in_hands(s: MunchkinModel, seat: int | None) -> set[int]:
    """Cards in other hands that `seat` knows (None: a spectator)."""
    known = set(s.public_hand)
    if seat is not None:
        seen = s.seen
        known.update(seen[i + 1] for i in range(0, len(seen), 2) if seen[i] == seat)
    return known


def view(s: MunchkinModel, seat: int | None) -> MunchkinView:
    """Exactly what `seat` may know (``None``: a spectator)."""
    s.check_seat(seat)
    cs = s.CS
    deck, keys = cs.deck, cs.keys
    known = known_in_hands(s, seat)
    unequipped = s.unequipped
    # Beginning a trade is said aloud (its frame is public), so whom each seat has asked
    # is public; each seat may begin one with each other seat a turn.
    asked: list[list[int]] = [[] for _ in range(s.num_players)]
    trades = s.trades
    for i in range(0, len(trades), 2):
        asked[trades[i]].append(trades[i + 1])
    seats: list[SeatView] = []
    for p in range(s.num_players):
        hand = s.hands[p]
        doors = sum(1 for c in hand if deck[c] == 0)
        seats.append(
            {
                "seat": p,
                "level": s.level[p],
                "sex": SEXES[s.sex[p]],
                "dead": bool(s.dead[p]),
                "ready": s.ready[p] == Setup.READY,
                "hand_doors": doors,
                "hand_treasures": len(hand) - doors,
                "hand_limit": character.hand_limit(s, p),
                "known_hand": [c for c in hand if c in known or p == seat],
                "table": [
                    {"card": c, "key": keys[c], "equipped": c not in unequipped} for c in s.table[p]
                ],
                "strength": character.player_strength(s, p),
                "asked": asked[p],
            }
        )
    deciding: DecidingView | None = None
    if s.stack:
        top = s.stack.top
        private = top.kind in PRIVATE_FRAMES and seat != top.seat
        deciding = {
            "kind": top.kind,
            "seat": top.seat,
            "args": None if private else list(ints(top)),
        }
    fight: FightView | None = None
    if s.monsters:
        players, monsters = character.sides(s)
        enh = s.enh
        fight = {
            "number": s.combat_no,
            "fighter": s.turn,
            "helper": None if s.helper < 0 else s.helper,
            "monsters": [
                {
                    "card": m,
                    "key": keys[m],
                    "strength": character.monster_strength(s, m),
                    "treasures": combat.treasures(s, m),
                    "enhancers": [enh[i] for i in range(0, len(enh), 2) if enh[i + 1] == m],
                }
                for m in s.monsters
            ],
            "bonuses": list(s.cmods),
            "run_bonuses": list(s.rbonus),
            "players_strength": players,
            "monsters_strength": monsters,
            "winning": character.wins(s, players, monsters),
            "defeated_treasures": s.charmed,
        }
    run: RunView | None = None
    if s.phase == Phase.RUN:
        run = {
            "left": list(s.run_left),
            "monster": None if s.run_mon < 0 else s.run_mon,
            "runners": list(s.runners),
            "escaped": list(s.escaped),
            "roll": None if s.roll < 0 else s.roll,
            "roll_seat": None if s.roll_seat < 0 else s.roll_seat,
            "total": None if s.roll < 0 else combat.run_total(s, s.roll_seat),
        }
    window = s.window
    return {
        "game": s.game_id,
        "seat": seat,
        "players": s.num_players,
        "turn": s.turn,
        "turn_number": s.turn_number,
        "max_turns": s.options["max_turns"],
        "phase": s.phase,
        "to_act": list(s.actors()),
        "window": None
        if window is None
        else {"kind": s.window_kind, "waiting": list(window.waiting)},
        "deciding": deciding,
        "hand": None if seat is None else list(s.hands[seat]),
        "seats": seats,
        "door_deck": len(s.door_deck),
        "treasure_deck": len(s.treasure_deck),
        "door_discard": list(s.door_discard),
        "treasure_discard": list(s.treasure_discard),
        "door_card": None if s.door_card < 0 else s.door_card,
        "limbo": list(s.limbo),
        "combat": fight,
        "run": run,
        "body": list(s.body),
        "haul": list(s.haul),
        "offers": [o.to_json() for o in s.offers.visible_to(seat)],
        "winners": list(s.winners),
        "truncated": s.truncated,
    }


def resample_hidden(s: MunchkinModel, seat: int | None, rng: Rng) -> None:
    """Redeal everything `seat` cannot see, keeping all it has seen.

    The cards of each deck that `seat` cannot place (the deck itself, and the cards of
    that kind in other hands that it does not know) are put in canonical (sorted) order,
    shuffled, and dealt back: each other hand becomes its known cards, in the order the
    view shows them, then as many unknown Door and then Treasure cards as it held. A gift
    being chosen by another seat names that hand's last card, and a sale being built
    keeps only its cards from play. Other seats' private knowledge and the forced dice of
    a rigged game are dropped: the world carries nothing `seat` does not know.
    """
    deck = s.CS.deck
    known = known_in_hands(s, seat)
    others = [p for p in range(s.num_players) if p != seat]
    counts = {
        p: [sum(1 for c in s.hands[p] if deck[c] == kind and c not in known) for kind in (0, 1)]
        for p in others
    }
    dealt: dict[int, list[int]] = {p: [c for c in s.hands[p] if c in known] for p in others}
    for kind in (0, 1):
        pool = [c for p in others for c in s.hands[p] if deck[c] == kind and c not in known]
        pool += getattr(s, DRAW_PILES[kind])
        pool.sort()
        rng.shuffle(pool)
        for p in others:
            for _ in range(counts[p][kind]):
                dealt[p].append(pool.pop())
        setattr(s, DRAW_PILES[kind], tuple(pool))
    s.hands = tuple(tuple(dealt[p]) if p in dealt else s.hands[p] for p in range(s.num_players))
    if any(frame.kind in PRIVATE_FRAMES and frame.seat != seat for frame in s.stack):
        frames = [_redrawn(s, f) if f.seat != seat else f for f in s.stack]
        s.stack.clear()
        for frame in frames:
            s.stack.push(frame)
    seen = s.seen
    s.seen = tuple(x for i in range(0, len(seen), 2) if seen[i] == seat for x in seen[i : i + 2])
    s.forced = ()


def _redrawn(s: MunchkinModel, frame: Frame) -> Frame:
    """Another seat's private frame, as the redealt world can have it."""
    if frame.kind == GIVE:
        return Frame(GIVE, frame.seat, (s.hands[frame.seat][-1],))
    if frame.kind == SELL:
        table = s.table[frame.seat]
        return Frame(SELL, frame.seat, tuple(c for c in ints(frame) if c in table))
    return frame
