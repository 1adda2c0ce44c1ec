"""Properties of 320 games of random players, 80 each at 3, 4, 5 and 6 seats, for each
card set (the base game and Munchkin Fu).

Most games are cut short by a small ``max_turns``; one in 21 (of every player count in
turn) plays on to its end, a kill to level 10 or the 300 turns. The games are played once, every step checked, and each test
below reports one property over the whole run, naming the first games that break it:
no crash; every card in exactly one place (decks, discard piles, hands, play and the
cards of the moment: the fight, a body, a haul, a card being played); levels within
1..10, and 10 reached only by a kill; views that never show another hand or a face-down
draw; replays and JSON snapshots that give the same game byte for byte; and every action
type of the codec and every card design used somewhere in the run.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pytest

import gamenight
from gamenight.games.munchkin import SETS, MunchkinState
from gamenight.games.munchkin.actions import Play, Use
from gamenight.kernel import Event, Rng

from .test_random_games import zones

GAMES = 320
FULL_EVERY = 21  # one game in 21 runs to its end (21 is 1 modulo the 4 player counts)
LOAD_EVERY = 8  # one game in eight is also loaded from its snapshot
VIEW_EVERY = 23  # steps between two checks of every seat's view
PRIVATE = {"drawn": ("seat",), "gift_card": ("seat", "receiver")}  # who may see them
USED_BY = ("monster", "cursed", "enhance")  # events naming a card used without a Play
# The full games that reach the top level by a kill, at least. Random players of Fu, with
# start hands of 2 + 2 and a Double Trouble copy's own Bad Stuff when they run, rarely do
# within 300 turns (5 of the first 60 full games; none of these 16): Fu's games of bots
# reach it (`munchkin_fu/test_bots.py`), and every Fu step here is still checked.
TOP_REACHED = {"munchkin": 5, "munchkin-fu": 0}


def plan(index: int) -> tuple[int, int]:
    """(players, max_turns) of the run's game `index` (its seed)."""
    players = 3 + index % 4
    return players, 300 if index % FULL_EVERY == 0 else 3 + index % 13


@dataclass
class Run:
    """What the run found: the first few breaches of each property, and what was used."""

    game: str
    breaches: dict[str, list[str]] = field(default_factory=dict)
    action_types: set[str] = field(default_factory=set)
    designs: set[str] = field(default_factory=set)
    won: int = 0

    def breach(self, prop: str, where: str, what: str) -> None:
        found = self.breaches.setdefault(prop, [])
        if len(found) < 5:
            found.append(f"{where}: {what}")


@pytest.fixture(scope="module", params=sorted(SETS))
def run(request: pytest.FixtureRequest) -> Run:
    found = Run(request.param)
    for index in range(GAMES):
        play_one(index, found)
    return found


def play_one(index: int, run: Run) -> None:
    players, max_turns = plan(index)
    state = gamenight.make(run.game, players, seed=index, max_turns=max_turns)
    rng = Rng(index)
    seen: list[set[int]] = [set() for _ in range(players)]  # cards named to each seat
    steps = 0
    try:
        note(state, state.events, seen, run, f"game {index} set-up")
        while not state.is_over():
            seat = rng.choice(state.actors())
            action = rng.choice(state.legal_actions(seat))
            before, count = list(state.level), len(state.events)
            state.apply(seat, action)
            steps += 1
            where = f"game {index} ({players} seats) step {steps}"
            run.action_types.add(type(action).__name__)
            if type(action) in (Play, Use):
                run.designs.add(state.CS.keys[action.card])
            new = state.events[count:]
            note(state, new, seen, run, where)
            check_step(state, before, new, run, where)
            if steps % VIEW_EVERY == 0:
                check_views(state, seen, run, where)
    except Exception as error:  # a crash is a breach of its own
        run.breach("crash", f"game {index} step {steps}", f"{type(error).__name__}: {error}")
        return
    check_views(state, seen, run, f"game {index} end")
    check_snapshot(state, run, f"game {index} end", load=index % LOAD_EVERY == 0)
    run.won += not state.outcome().truncated


def cards_named(event: Event) -> list[int]:
    data = event.data
    named = [data["card"]] if isinstance(data.get("card"), int) else []
    return named + (data["cards"] if isinstance(data.get("cards"), list) else [])


def note(
    state: MunchkinState, new: list[Event], seen: list[set[int]], run: Run, where: str
) -> None:
    """Record the cards each seat was told of; a private event goes to its seats only."""
    for event in new:
        if event.kind in USED_BY:
            run.designs.add(state.CS.keys[event.data["card"]])
        if event.to is not None:
            allowed = PRIVATE.get(event.kind)
            if allowed is None or event.to != tuple(event.data[k] for k in allowed):
                run.breach("views", where, f"a private {event.kind} event to {event.to}")
        for viewer in range(state.num_players) if event.to is None else event.to:
            seen[viewer].update(cards_named(event))


def check_step(
    state: MunchkinState, before: list[int], new: list[Event], run: Run, where: str
) -> None:
    if zones(state) != list(range(state.CS.size)):
        run.breach("cards", where, "a card is missing or in two places")
    top = state.CS.rules.max_level
    if not all(1 <= level <= top for level in state.level):
        run.breach("levels", where, f"levels {state.level}")
    wins = [e.data for e in new if e.kind == "win"]
    killers = {p for w in wins for p in (w["seat"], w["helper"]) if p >= 0}
    for seat, level in enumerate(state.level):
        if level == top and before[seat] < top and seat not in killers:
            run.breach("levels", where, f"seat {seat} reached {top} without a kill")
    if max(state.level) == top and not state.is_over():
        run.breach("levels", where, "a player at the top level and the game goes on")


def check_views(state: MunchkinState, seen: list[set[int]], run: Run, where: str) -> None:
    """A seat sees its own hand, and of the others' hands only cards it was told of."""
    for viewer in range(state.num_players):
        view = state.view(viewer)
        if view["hand"] != list(state.hands[viewer]):
            run.breach("views", where, f"seat {viewer} is not shown its own hand")
        for other, shown in enumerate(view["seats"]):
            known = set(shown["known_hand"])
            if other != viewer and not known <= seen[viewer] & set(state.hands[other]):
                run.breach("views", where, f"seat {viewer} is shown cards of seat {other}")


def check_snapshot(state: MunchkinState, run: Run, where: str, load: bool) -> None:
    """The game's record replays to the same state; its snapshot loads (`load`) to it."""
    text = state.to_json()
    if gamenight.replay(state.record()).to_json() != text:
        run.breach("replay", where, "the replay differs")
    if load and gamenight.load(text).to_json() != text:
        run.breach("replay", where, "a loaded snapshot differs")


def no_breach(run: Run, prop: str) -> None:
    assert not run.breaches.get(prop), "\n".join(run.breaches[prop])


def test_no_game_crashes(run):
    no_breach(run, "crash")


def test_every_card_is_in_exactly_one_place(run):
    no_breach(run, "cards")


def test_levels_stay_within_bounds_and_the_top_is_reached_only_by_a_kill(run):
    no_breach(run, "levels")
    assert run.won >= TOP_REACHED[run.game]  # the top is reached in several games, each by a kill


def test_views_show_no_other_hand_and_no_face_down_draw(run):
    no_breach(run, "views")


def test_replays_and_snapshots_are_exact(run):
    no_breach(run, "replay")


def test_every_action_type_of_the_codec_is_used(run):
    types = {type(a).__name__ for a in gamenight.kernel.game_class(run.game).codec.actions}
    assert not types - run.action_types, f"never used: {sorted(types - run.action_types)}"


def test_every_card_design_is_used(run):
    unused = set(SETS[run.game].CS.designs) - run.designs
    assert not unused, f"never used: {sorted(unused)}"


def test_the_run_covers_every_player_count():
    assert {plan(i)[0] for i in range(GAMES)} == {3, 4, 5, 6}
    assert GAMES >= 300 and sum(plan(i)[0] == 6 for i in range(GAMES)) == GAMES // 4
