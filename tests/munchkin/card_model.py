"""What a card's data says should happen, computed from the data alone.

The card tests rig a position, let a card act, and compare the result with what this
module predicts from the card's declared data (``CardData`` of the set file): which
conditions hold for whom, and what a list of operations does to the players. It reads
nothing of the engine but the positions it is given, so a card whose data and
behaviour disagree makes the comparison fail.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from gamenight.games.munchkin import MunchkinState
from gamenight.games.munchkin.content import CardData, ModifierData, OpData, WhenData

from .card_sets import S

DECKS = ("door", "treasure")
NO_TRAIT = {"class": "none", "race": "human"}


# ----- who a condition is about -----------------------------------------------------------


@dataclass(frozen=True)
class Character:
    """A player to rig: level, sex (0 male, 1 female) and class and race cards in play."""

    level: int = 3
    sex: int = 0
    traits: tuple[str, ...] = ()

    def has(self, kind: str, name: str) -> bool:
        """Whether the character has this class or race (``none`` / ``human``: none)."""
        mine = [S.data[key].trait for key in self.traits if S.data[key].kind == kind]
        return not mine if name == NO_TRAIT[kind] else name in mine

    def fits(self, when: WhenData) -> bool:
        """Whether the character meets a condition's player fields."""
        if when.klass is not None and not self.has("class", when.klass):
            return False
        if when.race is not None and not self.has("race", when.race):
            return False
        if when.sex is not None and ("male", "female")[self.sex] != when.sex:
            return False
        return (when.level_min or 0) <= self.level <= (when.level_max or 99)


@dataclass(frozen=True)
class Fight:
    """The fight a player's card is judged in: the monsters' tags, the player's side
    (``fighter``, ``helper`` or ``None`` outside a fight) and whether there is a helper."""

    tags: frozenset[str] = frozenset()
    side: str | None = None
    helped: bool = False


def meeting(*conditions: WhenData | None, level: int = 3) -> tuple[Character, Fight]:
    """A character and a fight in which every condition given holds."""
    traits: list[str] = []
    sex, tags, side, helped = 0, frozenset[str](), None, False
    for when in conditions:
        if when is None:
            continue
        for kind, name in (("class", when.klass), ("race", when.race)):
            if name is not None and name != NO_TRAIT[kind]:
                traits.append(S.trait_card[kind, name])
        sex = 1 if when.sex == "female" else sex
        level = when.level_min or when.level_max or level
        if when.tag is not None:
            tags = tags | {when.tag}
        side = when.side or side
        helped = helped or bool(when.helped)
    if tags and side is None:
        side = "fighter"
    if side == "helper":
        helped = True
    return Character(level, sex, tuple(traits)), Fight(tags, side, helped)


def holds_for_player(when: WhenData | None, who: Character, fight: Fight) -> bool:
    """A condition on a player's card: the player, the fight's monsters, its side."""
    if when is None:
        return True
    if not who.fits(when):
        return False
    if when.tag is not None and when.tag not in fight.tags:
        return False
    if when.side is not None and when.side != fight.side:
        return False
    return when.helped is None or when.helped == fight.helped


def holds_for_monster(
    when: WhenData | None, monster: CardData, players: list[Character], helped: bool
) -> bool:
    """A condition on a monster or an enhancer: the monster's tags, and any player of
    the fight for the player fields."""
    if when is None:
        return True
    if when.tag is not None and when.tag not in monster.tags:
        return False
    if when.helped is not None and when.helped != helped:
        return False
    return any(p.fits(when) for p in players)


def player_modifier(mod: ModifierData, who: Character, fight: Fight) -> int:
    """What a modifier of a player's card adds for `who` in `fight`."""
    if not holds_for_player(mod.when, who, fight):
        return 0
    if mod.unless is not None and holds_for_player(mod.unless, who, fight):
        return 0
    return mod.amount


def player_stat(card: CardData, stat: str, who: Character, fight: Fight) -> int:
    """The sum of a player's card's `stat` modifiers that hold."""
    return sum(player_modifier(m, who, fight) for m in card.modifiers if m.stat == stat)


def monster_stat(
    cards: list[CardData], stat: str, monster: CardData, players: list[Character], helped: bool
) -> int:
    """The sum of the `stat` modifiers of a monster (and enhancers on it) that hold."""
    total = 0
    for card in cards:
        for m in card.modifiers:
            if m.stat != stat or not holds_for_monster(m.when, monster, players, helped):
                continue
            if m.unless is not None and holds_for_monster(m.unless, monster, players, helped):
                continue
            total += m.amount
    return total


def allowed(item: CardData, who: Character) -> bool:
    """Whether `who` may use an item (its ``only`` and ``barred`` restrictions)."""
    if item.only is not None and not who.fits(item.only):
        return False
    return item.barred is None or not who.fits(item.barred)


# ----- what operations do to the players --------------------------------------------------


# Cards drawn into a hand, not known one by one: by the deck they come from.
DRAWN = (-1, -2)  # a Door, a Treasure


def deck_of(card: int) -> int:
    """0 for a Door card, 1 for a Treasure (a card of the set, or one of `DRAWN`)."""
    return S.cs.deck[card] if card >= 0 else DRAWN.index(card)


@dataclass
class Seat:
    """What the operations of the vocabulary change about one player."""

    level: int
    sex: int
    hand: list[int]  # in hand order; `DRAWN` for cards drawn since
    items: list[int]  # in play, in table order
    classes: list[int]
    races: list[int]
    dead: bool
    shuffled: bool = False  # a random discard: which cards are left is not known

    def character(self) -> Character:
        """The player as a condition sees them."""
        return Character(
            self.level, self.sex, tuple(S.cs.keys[c] for c in self.classes + self.races)
        )


def seats(state: MunchkinState) -> list[Seat]:
    """Every player as the operations see them."""
    kinds = S.cs.kind
    out = []
    for p in range(state.num_players):
        table = state.table[p]
        out.append(
            Seat(
                level=state.level[p],
                sex=state.sex[p],
                hand=list(state.hands[p]),
                items=[c for c in table if kinds[c] == "item"],
                classes=[c for c in table if kinds[c] == "class"],
                races=[c for c in table if kinds[c] == "race"],
                dead=bool(state.dead[p]),
            )
        )
    return out


# Operations that this model does not predict: the card tests check them one by one.
UNMODELLED = frozenset(
    {
        "add_monster",
        "remove_monster",
        "defeat_monster",
        "escape",
        "cancel_curse",
        "set_roll",
        "reroll",
        "combat_bonus",
        "run_bonus",
        "hook",
    }
)


def predict(
    ops: tuple[OpData, ...] | list[OpData], players: list[Seat], subject: int, kill: bool = False
) -> list[Seat]:
    """The players after `ops` act with `subject` as their subject. A choice (which
    item, which card) goes to the first candidate in table or hand order, as the tests
    answer them. `kill`: the operations come from a kill, so a level gained may be the
    winning one."""
    after = [
        replace(
            p, hand=list(p.hand), items=list(p.items), classes=list(p.classes), races=list(p.races)
        )
        for p in players
    ]
    for op in ops:
        if op.op in UNMODELLED:
            raise AssertionError(f"the model does not predict {op.op!r}: check it on its own")
        for target in _targets(op, after, subject):
            who = after[target].character()
            if op.when is not None and not who.fits(op.when):
                continue
            if op.unless is not None and who.fits(op.unless):
                continue
            _apply(op, after[target], kill)
    return after


def _targets(op: OpData, players: list[Seat], subject: int) -> list[int]:
    living = [p for p, seat in enumerate(players) if not seat.dead]
    if op.to == "subject":
        return [subject]
    if op.to == "others":
        return [p for p in living if p != subject]
    if op.to == "all":
        return living
    raise AssertionError(f"the model does not aim at {op.to!r}")


def _apply(op: OpData, seat: Seat, kill: bool) -> None:
    name = op.op
    if name == "gain_level":
        cap = S.top if kill else S.top - 1
        seat.level = max(seat.level, min(cap, seat.level + op.amount))
    elif name == "lose_level":
        seat.level = max(1, seat.level - op.amount)
    elif name == "draw":
        seat.hand += [DRAWN[DECKS.index(op.deck or "")]] * op.amount
    elif name == "discard":
        count = len(seat.hand) if op.amount <= 0 else min(op.amount, len(seat.hand))
        seat.shuffled = seat.shuffled or (op.pick == "random" and count < len(seat.hand))
        del seat.hand[:count]
    elif name == "lose_item":
        found = item_candidates(seat.items, op.slot or "any")
        if op.pick == "random" and op.slot != "all" and len(found) > op.amount:
            raise AssertionError("the model does not predict which item a random loss takes")
        lost = found if op.slot == "all" else found[: op.amount]
        seat.items = [c for c in seat.items if c not in lost]
    elif name in ("lose_class", "lose_race"):
        kept = seat.classes if name == "lose_class" else seat.races
        if kept:
            kept.pop(0)
    elif name == "change_sex":
        seat.sex = 1 - seat.sex
    elif name == "die":
        seat.dead, seat.items, seat.hand = True, [], []
    else:
        raise AssertionError(f"no prediction for {name!r}")


def item_candidates(items: list[int], slot: str) -> list[int]:
    """The items a loss of `slot` may take, in table order (``best``: the highest bonus,
    which the tests' positions make unique)."""
    cards = S.cs.cards
    if slot in ("any", "all"):
        return list(items)
    if slot == "best":
        if not items:
            return []
        best = max(cards[c].bonus for c in items)
        top = [c for c in items if cards[c].bonus == best]
        assert len(top) == 1, "the position must make the best item unique"
        return top
    if slot == "big":
        return [c for c in items if cards[c].big]
    if slot == "hand":
        return [c for c in items if cards[c].slot in ("hand1", "hand2")]
    return [c for c in items if cards[c].slot == slot]


def summary(players: list[Seat], like: list[Seat] | None = None) -> list[dict[str, Any]]:
    """The players as comparable dicts (for readable assertion failures): a hand as the
    decks of its cards in order, or only their number for a seat `like` has shuffled."""
    out = []
    for p, seat in enumerate(players):
        hand = [deck_of(c) for c in seat.hand]
        shuffled = seat.shuffled or (like is not None and like[p].shuffled)
        out.append(
            {
                "level": seat.level,
                "sex": seat.sex,
                "hand": len(hand) if shuffled else hand,
                "items": [S.cs.keys[c] for c in seat.items],
                "classes": [S.cs.keys[c] for c in seat.classes],
                "races": [S.cs.keys[c] for c in seat.races],
                "dead": seat.dead,
            }
        )
    return out


def assert_players(state: MunchkinState, expected: list[Seat], only: int | None = None) -> None:
    """The players of `state` are as `expected` (`only`: that seat alone)."""
    actual, want = summary(seats(state), expected), summary(expected)
    if only is not None:
        actual, want = actual[only], want[only]
    assert actual == want
