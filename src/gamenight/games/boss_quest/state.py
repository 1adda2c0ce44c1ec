"""Boss Quest: the state, the round set-up and the turn order.

The fields and the queries every rules module shares are in `model.py`; spell effects in
`spells.py`, the battle and the end of the game in `battle.py`, views and determinization
in `views.py`.
"""

from __future__ import annotations

from gamenight.kernel import Action, DecisionStack, Option, Outcome
from gamenight.kernel.errors import N_
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
from .content import BOSS_HP, SPELLS, VALUES, WEAPON_VALUE, Effect
from .model import BossQuestModel, EndReason, EventKind, Phase, SlotStatus
from .views import BossQuestView

# Bound once: the turn flow runs on every action, and looking a member up on its enum
# class costs more than the rest of a step (CPython 3.11 goes through its metaclass).
_AVAILABLE, _DISCARDED, _ACTIVE = SlotStatus.AVAILABLE, SlotStatus.DISCARDED, SlotStatus.ACTIVE
_BOSS_HP_EFFECT, _ATTACK_EFFECT = Effect.BOSS_HP, Effect.ATTACK
_EQUIP, _LAST_CALL, _OVER = Phase.EQUIP, Phase.LAST_CALL, Phase.OVER
_LOG_ROUND, _LOG_HIDDEN_WEAPON = EventKind.ROUND, EventKind.HIDDEN_WEAPON
_LOG_EQUIP, _LOG_DISCARD, _LOG_VISIT, _LOG_BUST = (
    EventKind.EQUIP,
    EventKind.DISCARD,
    EventKind.VISIT,
    EventKind.BUST,
)

# Per spell: whether it may always be activated (only Cancel and Exchange may lack
# something to act on), so that listing the legal actions asks `can_activate` for those only.
_ALWAYS_ACTIVE = tuple(spell.effect not in spells.CONDITIONAL_EFFECTS for spell in SPELLS)


def _default_key_target(players: int) -> int:
    return 4 if players >= 5 else 5


class BossQuestState(BossQuestModel):
    """A game of Boss Quest (Christophe Lauras, 2019) for 2-5 players, 6 as a variant."""

    game_id = "boss-quest"
    title = "Boss Quest"
    min_players = 2
    max_players = 6
    codec = CODEC
    options_spec = (
        Option(
            "key_target",
            N_("keys that win at once (default 5 with 2-4 players, 4 with 5-6)"),
            _default_key_target,
            min=1,
            max=20,
        ),
        Option("hearts", N_("hearts each player starts with"), 3, min=1, max=10),
        Option(
            "spells_per_round",
            N_("spells laid out beside the Mage each round (default players + 1, at most {most})"),
            lambda players: players + 1,
            min=1,
            max=MAX_SLOTS,
            help_fields=(("most", MAX_SLOTS),),
        ),
        Option(
            "mystery",
            N_("lay one of the round's spells face down (the Mystery spell)"),
            True,
            bool,
        ),
        Option(
            "max_rounds",
            N_("safety limit: after this many rounds the most keys (then hearts) wins"),
            100,
            min=1,
            max=10_000,
        ),
    )

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
        self.slot_status = [_AVAILABLE] * count
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
        self.phase = _EQUIP
        self.decisions = DecisionStack()
        self.last_equip_done = False
        self.last_call_queue = []
        self.turn = order[0]

        self.log(
            _LOG_ROUND,
            round=self.round,
            armorer=self.armorer,
            boss_hp=BOSS_HP[self.boss],
            spells=[SPELLS[s].key if i != self.mystery else None for i, s in enumerate(self.slots)],
            visible=[v[0] for v in self.visible],
        )
        for seat in range(n):
            self.log(_LOG_HIDDEN_WEAPON, (seat,), seat=seat, weapon=self.hidden[seat])
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
        if self.phase == _OVER:
            return ()
        return (self.decisions[-1].seat,) if self.decisions else (self.turn,)

    def is_over(self) -> bool:
        return self.phase == _OVER

    def outcome(self) -> Outcome:
        if self.phase != _OVER:
            raise ValueError("the game is not over")
        scores = tuple(
            1.0 if s in self.winners else -1.0 if s in self.losers else 0.0
            for s in range(self.num_players)
        )
        reason = next(
            (e.data["reason"] for e in reversed(self.events) if e.kind == EventKind.GAME_OVER),
            None,
        )
        return Outcome(tuple(self.winners), scores, reason == EndReason.ROUND_LIMIT)

    def _default_action(self, seat: int, legal: list[Action]) -> Action:
        """A missed deadline ends the seat's round without risk: it visits the Mage and
        discards the first spell there (no weapon drawn, so no bust), else the first choice."""
        return next((a for a in legal if a == VISIT_MAGE or type(a) is Discard), legal[0])

    def view(self, seat: int | None) -> BossQuestView:
        """Exactly what `seat` may know (``None``: a spectator)."""
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
            if self.phase == _LAST_CALL:
                most = 1
            elif self.last_equip_done:
                most = 0
            else:
                most = MAX_EQUIP
            actions.extend(EQUIPS[: min(most, len(self.weapon_deck))])
        spell_left = False
        slots, mystery = self.slots, self.mystery
        for slot, status in enumerate(self.slot_status):
            if status == _AVAILABLE:
                spell_left = True
                spell = slots[slot]
                if (
                    _ALWAYS_ACTIVE[spell]
                    or slot == mystery
                    or spells.can_activate(self, SPELLS[spell])
                ):
                    actions.append(ACTIVATE[slot])
                actions.append(DISCARD[slot])
        if not spell_left:
            actions.append(VISIT_MAGE)
        return actions

    def _apply(self, seat: int, action: Action) -> None:
        if self.decisions:
            spells.resolve(self, seat, spells.target_slot(self.decisions.pop()), action)
            self._finish_visit(seat)
        elif type(action) is Equip:
            self._equip(seat, action.count)
        elif type(action) is Activate:
            if spells.activate(self, seat, action.slot):
                self._finish_visit(seat)
        elif type(action) is Discard:
            self.slot_status[action.slot] = _DISCARDED
            spell = None if action.slot == self.mystery else SPELLS[self.slots[action.slot]].key
            self.log(_LOG_DISCARD, seat=seat, slot=action.slot, spell=spell)
            self._finish_visit(seat, changed=False)
        else:  # VisitMage
            self.log(_LOG_VISIT, seat=seat)
            self._finish_visit(seat, changed=False)

    # ----- turn flow --------------------------------------------------------------------

    def _equip(self, seat: int, count: int) -> None:
        deck = self.weapon_deck
        taken = [deck.pop() for _ in range(count)]
        self.top_known = 0  # a weapon Exchange put on top is drawn first
        self.visible[seat].extend(taken)
        self.log(_LOG_EQUIP, seat=seat, weapons=taken)
        self.announce_busts()
        if self.phase == _LAST_CALL:
            self._next_last_call()
        elif self.visited.count(False) == 1:
            # The last player still equipping equips once more, then must visit the Mage.
            self.last_equip_done = True
        else:
            self._next_turn()

    def _finish_visit(self, seat: int, changed: bool = True) -> None:
        """`seat` has visited the Mage: move on to the next turn, last action or battle.

        `changed`: the visit may have changed an attack or the HP (a spell took effect), so
        busts are announced again; a discard or a bare visit changes neither."""
        self.visited[seat] = True
        if changed:
            self.announce_busts()
        if self.phase == _LAST_CALL:
            self._next_last_call()
        elif self.last_call_queue:
            self.phase = _LAST_CALL
            self.turn = self.last_call_queue[0]
        else:
            self._next_turn()

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

    def announce_busts(self) -> None:
        """Announce every change of bust status, and narrow the public hidden-value bounds.

        A player must announce when their attack exceeds the HP, so both an announcement
        and its absence tell everybody something about the hidden weapon's value.
        """
        # `boss_hp` and `attacks` in one pass over the spells: this runs after every action.
        hp = BOSS_HP[self.boss]
        attacks = [0] * self.num_players
        slots, targets = self.slots, self.slot_target
        for slot, status in enumerate(self.slot_status):
            if status == _ACTIVE:
                spell = SPELLS[slots[slot]]
                if spell.effect is _BOSS_HP_EFFECT:
                    hp += spell.amount
                elif spell.effect is _ATTACK_EFFECT:
                    attacks[targets[slot]] += spell.amount
        hidden, lo, hi, bust = self.hidden, self.hidden_lo, self.hidden_hi, self.bust
        for seat, weapons in enumerate(self.visible):
            shown = attacks[seat]
            for weapon in weapons:
                shown += WEAPON_VALUE[weapon]
            limit = hp - shown  # the most the hidden weapon may be
            is_bust = WEAPON_VALUE[hidden[seat]] > limit
            if is_bust:
                if lo[seat] <= limit:
                    lo[seat] = limit + 1
            elif hi[seat] > limit:
                hi[seat] = limit
            if is_bust != bust[seat]:
                bust[seat] = is_bust
                self.log(_LOG_BUST, seat=seat, bust=is_bust)

    def _resample_hidden(self, seat: int | None, rng: Rng) -> None:
        views.resample_hidden(self, seat, rng)
