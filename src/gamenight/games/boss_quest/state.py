"""Boss Quest: the state, the round set-up and the turn order.

Spell effects live in `spells.py`, the battle and the end of the game in `battle.py`,
views and determinization in `views.py`. Every field is a plain int, bool or list, so
cloning copies a few short lists and `to_json` writes them as they are.

Seats are numbered clockwise; "the player on the left" of seat ``s`` is ``s + 1``.
"""

from __future__ import annotations

from typing import Any

from gamenight.kernel import Action, DecisionStack, Option, Outcome, State
from gamenight.kernel.rng import Rng

from . import battle, spells, views
from .actions import (
    ACTIVATE,
    CODEC,
    DISCARD,
    EQUIPS,
    MAX_EQUIP,
    MAX_SLOTS,
    VISIT_MAGE,
    Activate,
    Discard,
    Equip,
)
from .content import BOSS_HP, SPELLS, VALUES, WEAPON_VALUE

# Slot statuses of the spells laid out beside the Mage.
AVAILABLE, ACTIVE, DISCARDED, USED, CANCELLED = (
    "available",
    "active",
    "discarded",
    "used",
    "cancelled",
)

# Phases of a round.
EQUIP, LAST_CALL, OVER = "equip", "last_call", "over"

# The game's own mutable fields: copied by clone, written by to_json.
_SCALARS = (
    "round",
    "armorer",
    "turn",
    "phase",
    "last_equip_done",
    "boss",
    "mystery",
    "top_known",
)
_LISTS = (
    "last_call_queue",
    "boss_deck",
    "boss_discard",
    "weapon_deck",
    "hidden",
    "known",
    "hidden_lo",
    "hidden_hi",
    "hearts",
    "keys",
    "visited",
    "bust",
    "spell_deck",
    "spell_discard",
    "spell_discard_unseen",
    "slots",
    "slot_status",
    "slot_target",
    "perfect_hits",
    "round_wins",
    "winners",
    "losers",
)


def _default_key_target(players: int) -> int:
    return 4 if players >= 5 else 5


class BossQuestState(State):
    """A game of Boss Quest (Christophe Lauras, 2019) for 2-5 players, 6 as a variant."""

    game_id = "boss-quest"
    title = "Boss Quest"
    min_players = 2
    max_players = 6
    codec = CODEC
    options_spec = (
        Option(
            "key_target",
            "keys that win at once (default 5 with 2-4 players, 4 with 5-6)",
            _default_key_target,
            min=1,
            max=20,
        ),
        Option("hearts", "hearts each player starts with", 3, min=1, max=10),
        Option(
            "spells_per_round",
            f"spells laid out beside the Mage each round (default players + 1, at most {MAX_SLOTS})",
            lambda players: players + 1,
            min=1,
            max=MAX_SLOTS,
        ),
        Option(
            "mystery", "lay one of the round's spells face down (the Mystery spell)", True, bool
        ),
        Option(
            "max_rounds",
            "safety limit: after this many rounds the most keys (then hearts) wins",
            100,
            min=1,
            max=10_000,
        ),
    )

    # Declared for type checkers; every one is set in _setup or _load.
    round: int
    armorer: int
    turn: int
    phase: str
    decisions: DecisionStack  # a spell activated, its target still to choose (`spells.py`)
    last_equip_done: bool  # the last equipper has taken their one last equip
    boss: int  # index into BOSS_HP, or -1 before the first round
    mystery: int  # slot of the unrevealed Mystery spell, or -1
    last_call_queue: list[int]
    boss_deck: list[int]
    boss_discard: list[int]
    weapon_deck: list[int]  # the top card is the last element
    top_known: int  # bit mask of the seats that know the deck's top card (Exchange put it)
    hidden: list[int]  # each seat's face-down weapon
    visible: list[list[int]]  # each seat's face-up weapons
    known: list[int]  # bit mask of seats that know each seat's hidden weapon
    hidden_lo: list[int]  # public bounds on each hidden weapon's value, from bust
    hidden_hi: list[int]  # announcements (and their absence)
    hearts: list[int]
    keys: list[int]
    visited: list[bool]  # visited the Mage this round
    bust: list[bool]  # announced: attack exceeds the boss's HP
    spell_deck: list[int]
    spell_discard: list[int]  # face up
    spell_discard_unseen: list[int]  # Mystery spells discarded face down
    slots: list[int]  # the round's spells beside the Mage
    slot_status: list[str]
    slot_target: list[int]  # seat of a dark spell, slot cancelled by Cancel, or -1
    perfect_hits: list[int]
    round_wins: list[int]
    winners: list[int]
    losers: list[int]

    # ----- set-up -----------------------------------------------------------------------

    def _setup(self) -> None:
        n = self.num_players
        self.round = 0
        self.armorer = self.rng.below(n) - 1  # _start_round moves it one seat on
        self.boss = -1
        self.boss_deck = list(range(len(BOSS_HP)))
        self.rng.shuffle(self.boss_deck)
        self.boss_discard = []
        self.spell_deck = list(range(len(SPELLS)))
        self.rng.shuffle(self.spell_deck)
        self.spell_discard = []
        self.spell_discard_unseen = []
        self.slots, self.slot_status, self.slot_target = [], [], []
        self.mystery = -1
        self.hearts = [self.options["hearts"]] * n
        self.keys = [0] * n
        self.perfect_hits = [0] * n
        self.round_wins = [0] * n
        self.winners, self.losers = [], []
        self._start_round()

    def _start_round(self) -> None:
        n, rng = self.num_players, self.rng
        self.round += 1
        self.armorer = (self.armorer + 1) % n
        if self.boss >= 0:
            self.boss_discard.append(self.boss)
        self.boss = self._draw_boss()

        for slot, spell in enumerate(self.slots):
            unseen = slot == self.mystery
            (self.spell_discard_unseen if unseen else self.spell_discard).append(spell)
        self.slots = [self._draw_spell() for _ in range(self.options["spells_per_round"])]
        count = len(self.slots)
        self.slot_status = [AVAILABLE] * count
        self.slot_target = [-1] * count
        self.mystery = count - 1 if self.options["mystery"] else -1

        # The Armorer gathers every weapon, shuffles, and deals from the seat on the left:
        # one face down to each player, then one face up.
        self.weapon_deck = deck = list(range(len(WEAPON_VALUE)))
        rng.shuffle(deck)
        order = [(self.armorer + 1 + i) % n for i in range(n)]
        self.hidden = [0] * n
        self.visible = [[] for _ in range(n)]
        for seat in order:
            self.hidden[seat] = deck.pop()
        for seat in order:
            self.visible[seat].append(deck.pop())
        self.known = [1 << seat for seat in range(n)]
        self.top_known = 0
        self.hidden_lo = [VALUES[0]] * n
        self.hidden_hi = [VALUES[-1]] * n
        self.visited = [False] * n
        self.bust = [False] * n
        self.phase = EQUIP
        self.decisions = DecisionStack()
        self.last_equip_done = False
        self.last_call_queue = []
        self.turn = order[0]

        self.log(
            "round",
            round=self.round,
            armorer=self.armorer,
            boss_hp=BOSS_HP[self.boss],
            spells=[SPELLS[s].key if i != self.mystery else None for i, s in enumerate(self.slots)],
            visible=[v[0] for v in self.visible],
        )
        for seat in range(n):
            self.log("hidden_weapon", (seat,), seat=seat, weapon=self.hidden[seat])
        self.announce_busts()

    # «If at any time the boss or spell deck runs out, the discards are gathered and
    # shuffled into a new deck»: at the moment its last card is drawn, so the card now in
    # play is not in the new deck. A deck found empty (a rigged position, or one saved
    # before this rule) is rebuilt before the draw.

    def _draw_boss(self) -> int:
        if not self.boss_deck:
            self._rebuild_boss_deck()
        boss = self.boss_deck.pop()
        if not self.boss_deck:
            self._rebuild_boss_deck()
        return boss

    def _rebuild_boss_deck(self) -> None:
        self.boss_deck, self.boss_discard = self.boss_discard, []
        self.rng.shuffle(self.boss_deck)

    def _draw_spell(self) -> int:
        if not self.spell_deck:
            self._rebuild_spell_deck()
        spell = self.spell_deck.pop()
        if not self.spell_deck:
            self._rebuild_spell_deck()
        return spell

    def _rebuild_spell_deck(self) -> None:
        self.spell_deck = self.spell_discard + self.spell_discard_unseen
        self.spell_discard, self.spell_discard_unseen = [], []
        self.rng.shuffle(self.spell_deck)

    # ----- the contract -----------------------------------------------------------------

    def actors(self) -> tuple[int, ...]:
        if self.phase == OVER:
            return ()
        return (self.decisions[-1].seat,) if self.decisions else (self.turn,)

    def is_over(self) -> bool:
        return self.phase == OVER

    def outcome(self) -> Outcome:
        if self.phase != OVER:
            raise ValueError("the game is not over")
        scores = tuple(
            1.0 if s in self.winners else -1.0 if s in self.losers else 0.0
            for s in range(self.num_players)
        )
        reason = next(
            (e.data["reason"] for e in reversed(self.events) if e.kind == "game_over"), None
        )
        return Outcome(tuple(self.winners), scores, reason == "round_limit")

    def _default_action(self, seat: int, legal: list[Action]) -> Action:
        """A missed deadline ends the seat's round without risk: it visits the Mage and
        discards the first spell there (no weapon drawn, so no bust), else the first choice."""
        return next((a for a in legal if a == VISIT_MAGE or type(a) is Discard), legal[0])

    def view(self, seat: int | None) -> dict[str, Any]:
        return views.view(self, seat)

    def stats(self) -> dict[str, float | list[float]]:
        """Rounds played, and per seat the rounds won and the perfect hits."""
        return {
            "rounds": float(self.round),
            "round_wins": [float(w) for w in self.round_wins],
            "perfect_hits": [float(p) for p in self.perfect_hits],
        }

    def _legal(self, seat: int) -> list[Action]:
        if self.decisions:
            return spells.target_choices(self, seat, spells.target_slot(self.decisions.top))
        actions: list[Action] = []
        if not self.bust[seat]:
            if self.phase == LAST_CALL:
                most = 1
            elif self.last_equip_done:
                most = 0
            else:
                most = MAX_EQUIP
            actions.extend(EQUIPS[1 : min(most, len(self.weapon_deck)) + 1])
        for slot, status in enumerate(self.slot_status):
            if status == AVAILABLE:
                if slot == self.mystery or spells.can_activate(self, SPELLS[self.slots[slot]]):
                    actions.append(ACTIVATE[slot])
                actions.append(DISCARD[slot])
        if AVAILABLE not in self.slot_status:
            actions.append(VISIT_MAGE)
        return actions

    def _apply(self, seat: int, action: Action) -> None:
        if self.decisions:
            spells.resolve(self, seat, spells.target_slot(self.decisions.pop()), action)
            self.finish_visit(seat)
        elif type(action) is Equip:
            self._equip(seat, action.count)
        elif type(action) is Activate:
            if spells.activate(self, seat, action.slot):
                self.finish_visit(seat)
        elif type(action) is Discard:
            self.slot_status[action.slot] = DISCARDED
            spell = None if action.slot == self.mystery else SPELLS[self.slots[action.slot]].key
            self.log("discard", seat=seat, slot=action.slot, spell=spell)
            self.finish_visit(seat)
        else:  # VisitMage
            self.log("visit", seat=seat)
            self.finish_visit(seat)

    # ----- turn flow --------------------------------------------------------------------

    def _equip(self, seat: int, count: int) -> None:
        deck = self.weapon_deck
        taken = [deck.pop() for _ in range(count)]
        self.top_known = 0  # a weapon Exchange put on top is drawn first
        self.visible[seat].extend(taken)
        self.log("equip", seat=seat, weapons=taken)
        self.announce_busts()
        if self.phase == LAST_CALL:
            self._next_last_call()
        elif self.visited.count(False) == 1:
            # The last player still equipping equips once more, then must visit the Mage.
            self.last_equip_done = True
        else:
            self._next_turn()

    def finish_visit(self, seat: int) -> None:
        """`seat` has visited the Mage: move on to the next turn, last action or battle."""
        self.visited[seat] = True
        self.announce_busts()
        if self.phase == LAST_CALL:
            self._next_last_call()
        elif self.last_call_queue:
            self.phase = LAST_CALL
            self.turn = self.last_call_queue[0]
        else:
            self._next_turn()

    def start_last_call(self, seat: int) -> None:
        """Everyone after `seat` who has not visited the Mage gets one last action."""
        if self.phase == LAST_CALL:
            return  # already in the last actions: they go on as they are
        n = self.num_players
        queue = [(seat + i) % n for i in range(1, n)]
        self.last_call_queue = [s for s in queue if not self.visited[s]]

    def end_last_call(self) -> None:
        """Last call was cancelled: the last actions end and the normal turns resume (the
        acting seat's visit then passes the turn on as usual)."""
        self.phase = EQUIP
        self.last_call_queue = []

    def _next_last_call(self) -> None:
        self.last_call_queue.pop(0)
        if self.last_call_queue:
            self.turn = self.last_call_queue[0]
        else:
            self._battle()

    def _next_turn(self) -> None:
        n = self.num_players
        for step in range(1, n + 1):
            seat = (self.turn + step) % n
            if not self.visited[seat]:
                self.turn = seat
                self.last_equip_done = False
                return
        self._battle()

    def _battle(self) -> None:
        battle.fight(self)
        if not battle.check_end(self):
            self._start_round()

    # ----- derived values ---------------------------------------------------------------

    def boss_hp(self) -> int:
        """The boss's current HP, with active light spells."""
        hp = BOSS_HP[self.boss]
        for slot, status in enumerate(self.slot_status):
            if status == ACTIVE:
                spell = SPELLS[self.slots[slot]]
                if spell.effect == "boss_hp":
                    hp += spell.amount
        return hp

    def attack_bonuses(self) -> list[int]:
        """Per seat, the sum of active attack spells placed in front of it."""
        bonuses = [0] * self.num_players
        for slot, status in enumerate(self.slot_status):
            if status == ACTIVE:
                spell = SPELLS[self.slots[slot]]
                if spell.effect == "attack":
                    bonuses[self.slot_target[slot]] += spell.amount
        return bonuses

    def attack_bonus(self, seat: int) -> int:
        """The sum of active attack spells placed in front of `seat`."""
        return self.attack_bonuses()[seat]

    def attacks(self) -> list[int]:
        """Every seat's current attack: every weapon plus active attack spells.

        All seats in one pass over the spells: the engine needs them after every action.
        """
        attacks = self.attack_bonuses()
        for seat, weapons in enumerate(self.visible):
            total = WEAPON_VALUE[self.hidden[seat]]
            for weapon in weapons:
                total += WEAPON_VALUE[weapon]
            attacks[seat] += total
        return attacks

    def attack(self, seat: int) -> int:
        """`seat`'s current attack: every weapon plus active attack spells."""
        return self.attacks()[seat]

    def active_effects(self) -> list[str]:
        """Effects of the active spells (with repeats)."""
        return [
            SPELLS[self.slots[slot]].effect
            for slot, status in enumerate(self.slot_status)
            if status == ACTIVE
        ]

    def announce_busts(self) -> None:
        """Announce every change of bust status, and narrow the public hidden-value bounds.

        A player must announce when their attack exceeds the HP, so both an announcement
        and its absence tell everybody something about the hidden weapon's value.
        """
        hp = self.boss_hp()
        hidden, lo, hi, bust = self.hidden, self.hidden_lo, self.hidden_hi, self.bust
        for seat, attack in enumerate(self.attacks()):
            limit = hp - attack + WEAPON_VALUE[hidden[seat]]  # the most the hidden one may be
            is_bust = attack > hp
            if is_bust:
                if lo[seat] <= limit:
                    lo[seat] = limit + 1
            elif hi[seat] > limit:
                hi[seat] = limit
            if is_bust != bust[seat]:
                bust[seat] = is_bust
                self.log("bust", seat=seat, bust=is_bust)

    # ----- copying and persistence ------------------------------------------------------

    def _copy_into(self, new: State) -> None:
        # Straight through the instance dicts: about half the time of getattr/setattr.
        mine, theirs = self.__dict__, new.__dict__
        for name in _SCALARS:
            theirs[name] = mine[name]
        for name in _LISTS:
            theirs[name] = mine[name].copy()
        new.visible = [weapons.copy() for weapons in self.visible]
        new.decisions = self.decisions.copy()

    def _resample_hidden(self, seat: int | None, rng: Rng) -> None:
        views.resample_hidden(self, seat, rng)

    def _dump(self) -> dict[str, Any]:
        data = {name: getattr(self, name) for name in _SCALARS + _LISTS}
        data["visible"] = self.visible
        data["decisions"] = self.decisions.to_json()
        return data

    def _load(self, data: dict[str, Any]) -> None:
        for name in (*_SCALARS, *_LISTS, "visible"):
            setattr(self, name, data[name])
        self.decisions = DecisionStack.from_json(data["decisions"], self.num_players)
