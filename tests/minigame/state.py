"""The mini game: bid to attack, ask for help, play a card, choose its target, answer blocks.

2-4 players. Each seat is dealt 3 of 12 cards (attack cards of power 1-3, block cards),
holds 3 coins and two gem slots (2 and 3 gems), and keeps stolen gems in a safe vault.
Each round:

1. Bids (an ``EACH_SEAT_ONCE`` window, from the seat after the round's leader, the leader
   last): each seat bids 1-2 coins or passes. The highest bid attacks (ties: the first
   in that order; no bid: the leader) and pays its bid.
2. The attacker may ask other seats for help (+1 power) for a price (an offer: the price
   is seen by the two parties only; each seat asked once a round): it accepts, declines, or
   counters with its own price, which the attacker accepts or declines. At most one
   helper a round. Then the attacker ends the turn, or plays an attack card, chooses a
   seat with gems, then one of its slots (the decision stack).
3. Response window (``RESET_ON_PLAY``, every seat, the attacker last): a seat plays a
   block card, which flips whether the attack is blocked (others may block an unblocked
   attack, the attacker may unblock a blocked one), or passes.
   When all have passed since the last block, an unblocked attack steals its power from
   the slot into the attacker's vault and the help is paid; a blocked one voids it.

The game ends at the start of a round when no hand holds an attack card, or after
``max_rounds`` rounds (a safety limit: truncated). Either way the most gems (slots and
vault) win; scores are the gem counts.
"""

from __future__ import annotations

from typing import Any

from gamenight.kernel import PASS, Action, Option, Outcome, State
from gamenight.kernel.decisions import DecisionStack, Frame
from gamenight.kernel.offers import Offers, OfferStatus
from gamenight.kernel.rng import Rng
from gamenight.kernel.windows import EACH_SEAT_ONCE, RESET_ON_PLAY, Window

from .actions import (
    ACCEPT,
    ASK,
    BIDS,
    BLOCKS,
    CHOOSE_SEAT,
    CHOOSE_SLOT,
    CODEC,
    COUNTER,
    DECLINE,
    END_TURN,
    HAND,
    MAX_PLAYERS,
    MAX_PRICE,
    NUM_CARDS,
    PLAY,
    POWER,
    SLOTS,
    Accept,
    Ask,
    Bid,
    ChooseSeat,
    ChooseSlot,
    CounterOffer,
    Decline,
    Play,
)

BID, ATTACK, RESPOND, OVER = "bid", "attack", "respond", "over"
TARGET, SLOT, ANSWER = "target", "slot", "answer"  # decision frames
START_COINS = 3
START_GEMS = (2, 3)

_SCALARS = (
    "round",
    "phase",
    "attacker",
    "attack_card",
    "attack_target",
    "attack_slot",
    "blocked",
    "truncated",
)
_LISTS = ("coins", "vault", "bids", "unused", "discard")
_NESTED = ("hands", "gems")


class MiniState(State):
    """A game of the mini game (see the module docstring)."""

    game_id = "minigame"
    title = "Mini Game"
    min_players = 2
    max_players = MAX_PLAYERS
    codec = CODEC
    options_spec = (
        Option("max_rounds", "safety limit: after this many rounds the most gems win", 8, min=1),
    )

    round: int
    phase: str
    attacker: int  # -1 during the bids
    attack_card: int  # -1 until an attack card is played
    attack_target: int  # -1 until the slot is chosen (the stack holds the choice till then)
    attack_slot: int
    blocked: bool
    truncated: bool
    coins: list[int]
    vault: list[int]
    bids: list[int]  # -1: not answered yet, 0: passed
    unused: list[int]  # cards dealt to nobody (hidden)
    discard: list[int]  # played cards (public)
    hands: list[list[int]]  # sorted
    gems: list[list[int]]
    window: Window | None
    stack: DecisionStack
    offers: Offers

    # ----- set-up and rounds ------------------------------------------------------------

    def _setup(self) -> None:
        n = self.num_players
        deck = list(range(NUM_CARDS))
        self.rng.shuffle(deck)
        self.hands = [sorted(deck[s * HAND : (s + 1) * HAND]) for s in range(n)]
        self.unused = sorted(deck[n * HAND :])
        self.discard = []
        self.coins = [START_COINS] * n
        self.vault = [0] * n
        self.gems = [list(START_GEMS) for _ in range(n)]
        self.stack = DecisionStack()
        self.offers = Offers(n)
        self.round, self.truncated = 0, False
        for seat in range(n):
            self.log("deal", (seat,), seat=seat, hand=self.hands[seat])
        self._start_round()

    def _start_round(self) -> None:
        self.attacker = self.attack_card = self.attack_target = self.attack_slot = -1
        self.blocked = False
        self.window = None
        if not any(card < len(POWER) for hand in self.hands for card in hand):
            self._end(truncated=False)
        elif self.round == self.options["max_rounds"]:
            self._end(truncated=True)
        else:
            self.round += 1
            self.phase = BID
            self.bids = [-1] * self.num_players
            self.window = Window(EACH_SEAT_ONCE, range(self.num_players), self.leader())
            self.log("round", round=self.round, leader=self.leader())

    def _end(self, truncated: bool) -> None:
        self.phase, self.truncated = OVER, truncated
        self.log("end", scores=self.scores(), truncated=truncated)

    def leader(self) -> int:
        """The seat that opens this round's bids (answers them last)."""
        return (self.round - 1) % self.num_players

    def scores(self) -> list[int]:
        """Every seat's gems: its slots and its vault."""
        return [sum(gems) + vault for gems, vault in zip(self.gems, self.vault, strict=True)]

    def help_offer(self) -> int:
        """The id of this round's accepted help offer, or -1."""
        return next((o.id for o in self.offers if o.status is OfferStatus.ACCEPTED), -1)

    # ----- the contract -----------------------------------------------------------------

    def actors(self) -> tuple[int, ...]:
        if self.stack:
            return (self.stack.actor,)
        if self.window is not None:
            return self.window.waiting
        return () if self.phase == OVER else (self.attacker,)

    def is_over(self) -> bool:
        return self.phase == OVER

    def outcome(self) -> Outcome:
        if self.phase != OVER:
            raise ValueError("the game is not over")
        scores = self.scores()
        best = max(scores)
        winners = tuple(s for s, score in enumerate(scores) if score == best)
        return Outcome(winners, tuple(float(s) for s in scores), self.truncated)

    def view(self, seat: int | None) -> dict[str, Any]:
        self.check_seat(seat)
        top = self.stack.top if self.stack else None
        return {
            "players": self.num_players,
            "seat": seat,
            "round": self.round,
            "phase": self.phase,
            "to_act": list(self.actors()),
            "leader": self.leader(),
            "attacker": None if self.attacker < 0 else self.attacker,
            "coins": list(self.coins),
            "vault": list(self.vault),
            "gems": [list(gems) for gems in self.gems],
            "bids": [None if b < 0 else b for b in self.bids],
            "hand": None if seat is None else list(self.hands[seat]),
            "hand_sizes": [len(hand) for hand in self.hands],
            "discard": list(self.discard),
            "deciding": None
            if top is None
            else {
                "kind": top.kind,
                "seat": top.seat,
                "card": top.args[0] if top.kind != ANSWER else None,
                "target": top.args[1] if top.kind == SLOT else None,
            },
            "attack": None
            if self.attack_target < 0
            else {
                "card": self.attack_card,
                "target": self.attack_target,
                "slot": self.attack_slot,
                "blocked": self.blocked,
            },
            "offers": [offer.to_json() for offer in self.offers.visible_to(seat)],
            "winners": list(self.outcome().winners) if self.phase == OVER else [],
            "truncated": self.truncated,
        }

    def stats(self) -> dict[str, float | list[float]]:
        """Rounds played."""
        return {"rounds": float(self.round)}

    # ----- legal actions ----------------------------------------------------------------

    def _legal(self, seat: int) -> list[Action]:
        if self.stack:
            return self._choices(self.stack.top)
        if self.phase == BID:
            return [PASS, *BIDS[: self.coins[seat]]]
        if self.phase == RESPOND:
            may_block = (seat == self.attacker) == self.blocked
            return [PASS, *(PLAY[c] for c in self.hands[seat] if may_block and c in BLOCKS)]
        actions: list[Action] = []
        if self._targets():
            actions += [PLAY[c] for c in self.hands[seat] if c < len(POWER)]
        if self.help_offer() < 0:
            for other in range(self.num_players):
                if other != seat and self.offers.can_ask(other, self.round):
                    actions += ASK[other][: self.coins[seat]]
        actions.append(END_TURN)
        return actions

    def _choices(self, frame: Frame) -> list[Action]:
        if frame.kind == TARGET:
            return [CHOOSE_SEAT[s] for s in self._targets()]
        if frame.kind == SLOT:
            gems = self.gems[int(frame.args[1])]
            return [CHOOSE_SLOT[k] for k in range(SLOTS) if gems[k]]
        offer = self.offers.get(int(frame.args[0]))
        if offer.counter_of is not None:
            return [ACCEPT, DECLINE]
        prices = COUNTER[: self.coins[self.attacker]]  # what the attacker can pay
        return [ACCEPT, DECLINE, *(c for c in prices if (c.price,) != offer.terms)]

    def _targets(self) -> list[int]:
        """The seats the attacker may hit: the others with gems in a slot."""
        return [s for s in range(self.num_players) if s != self.attacker and any(self.gems[s])]

    def _default_action(self, seat: int, legal: list[Action]) -> Action:
        """End the turn, decline an offer, else the first choice (a target, a slot)."""
        for action in (END_TURN, DECLINE):
            if action in legal:
                return action
        return legal[0]

    # ----- carrying out actions ---------------------------------------------------------

    def _apply(self, seat: int, action: Action) -> None:
        if self.stack:
            self._decide(seat, self.stack.pop(), action)
        elif self.phase == BID:
            self._bid(seat, action)
        elif self.phase == RESPOND:
            self._respond(seat, action)
        elif type(action) is Play:
            self.hands[seat].remove(action.card)
            self.attack_card = action.card
            self.log("attack", seat=seat, card=action.card)
            self.stack.push(Frame(TARGET, seat, (action.card,)))
        elif type(action) is Ask:
            offer = self.offers.propose(seat, action.seat, (action.price,), self.round)
            self.log("ask", seat=seat, helper=action.seat, offer=offer.id)
            self.log("terms", offer.visible, offer=offer.id, price=action.price)
            self.stack.push(Frame(ANSWER, action.seat, (offer.id,)))
        else:  # EndTurn
            self.log("end_turn", seat=seat)
            self._void_help()
            self._end_round()

    def _decide(self, seat: int, frame: Frame, action: Action) -> None:
        """Resolve the top frame (already popped) with `seat`'s choice."""
        if type(action) is ChooseSeat:
            self.stack.push(Frame(SLOT, seat, (*frame.args, action.seat)))
        elif type(action) is ChooseSlot:
            self.attack_target, self.attack_slot = int(frame.args[1]), action.slot
            self.log("target", seat=seat, target=self.attack_target, slot=action.slot)
            self.phase = RESPOND
            self.window = Window(RESET_ON_PLAY, range(self.num_players), seat)
        else:
            offer_id = int(frame.args[0])
            self.log("answer", seat=seat, offer=offer_id, answer=type(action).__name__)
            if type(action) is Accept:
                self.offers.accept(seat, offer_id)
            elif type(action) is Decline:
                self.offers.decline(seat, offer_id)
            else:
                assert type(action) is CounterOffer
                offer = self.offers.counter(seat, offer_id, (action.price,))
                self.log("terms", offer.visible, offer=offer.id, price=action.price)
                self.stack.push(Frame(ANSWER, offer.receiver, (offer.id,)))

    def _bid(self, seat: int, action: Action) -> None:
        assert self.window is not None
        amount = action.amount if type(action) is Bid else 0
        self.bids[seat] = amount
        self.log("bid", seat=seat, amount=amount)
        if amount:
            self.window.played(seat)
        else:
            self.window.passed(seat)
        if not self.window.closed:
            return
        n, leader, best = self.num_players, self.leader(), max(self.bids)
        order = [(leader + i) % n for i in range(1, n + 1)]
        self.attacker = next(s for s in order if self.bids[s] == best) if best else leader
        self.coins[self.attacker] -= best
        self.phase, self.window = ATTACK, None
        self.log("attacker", seat=self.attacker, paid=best)

    def _respond(self, seat: int, action: Action) -> None:
        assert self.window is not None
        if type(action) is Play:
            self.hands[seat].remove(action.card)
            self.discard.append(action.card)
            self.blocked = not self.blocked
            self.log("block", seat=seat, card=action.card, blocked=self.blocked)
            self.window.played(seat)
        else:
            self.window.passed(seat)
        if self.window.closed:
            self._resolve()

    def _resolve(self) -> None:
        """The window closed: the attack steals its power, or it was blocked."""
        self.discard.append(self.attack_card)
        if self.blocked:
            self.log("blocked", seat=self.attacker)
            self._void_help()
        else:
            help_id = self.help_offer()
            power = POWER[self.attack_card] + (help_id >= 0)
            gems = self.gems[self.attack_target]
            stolen = min(power, gems[self.attack_slot])
            gems[self.attack_slot] -= stolen
            self.vault[self.attacker] += stolen
            helper = -1
            if help_id >= 0:  # the helper is the party that is not the attacker
                offer = self.offers.settle(help_id)
                helper = offer.receiver if offer.sender == self.attacker else offer.sender
                self.coins[self.attacker] -= int(offer.terms[0])
                self.coins[helper] += int(offer.terms[0])
            self.log("stolen", seat=self.attacker, gems=stolen, helper=helper)
        self._end_round()

    def _void_help(self) -> None:
        help_id = self.help_offer()
        if help_id >= 0:
            self.offers.void(help_id)

    def _end_round(self) -> None:
        self.offers.clear(self.round)
        self._start_round()

    # ----- copying, hidden information, persistence -------------------------------------

    def _copy_into(self, new: State) -> None:
        assert isinstance(new, MiniState)
        mine, theirs = self.__dict__, new.__dict__
        for name in _SCALARS:
            theirs[name] = mine[name]
        for name in _LISTS:
            theirs[name] = mine[name].copy()
        for name in _NESTED:
            theirs[name] = [inner.copy() for inner in mine[name]]
        new.window = None if self.window is None else self.window.copy()
        new.stack = self.stack.copy()
        new.offers = self.offers.copy()

    def _resample_hidden(self, seat: int | None, rng: Rng) -> None:
        """Deal the cards `seat` cannot see anew (hand sizes kept), and redraw the price of
        every offer it cannot see (who asked whom and the answers are public)."""
        others = [s for s in range(self.num_players) if s != seat]
        pool = sorted(self.unused + [card for s in others for card in self.hands[s]])
        rng.shuffle(pool)
        for s in others:
            size = len(self.hands[s])
            self.hands[s], pool = sorted(pool[:size]), pool[size:]
        self.unused = sorted(pool)
        for offer in list(self.offers):
            if not offer.visible_to(seat):
                most = min(MAX_PRICE, self.coins[self.attacker])
                self.offers.rewrite(offer.id, (1 + rng.below(most),))

    def _dump(self) -> dict[str, Any]:
        data = {name: getattr(self, name) for name in _SCALARS + _LISTS + _NESTED}
        data["window"] = None if self.window is None else self.window.to_json()
        data["stack"] = self.stack.to_json()
        data["offers"] = self.offers.to_json()
        return data

    def _load(self, data: dict[str, Any]) -> None:
        for name in _SCALARS + _LISTS + _NESTED:
            setattr(self, name, data[name])
        n = self.num_players
        window = data["window"]
        self.window = None if window is None else Window.from_json(window, n)
        self.stack = DecisionStack.from_json(data["stack"], n)
        self.offers = Offers.from_json(data["offers"], n)
