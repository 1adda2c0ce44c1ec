"""The heuristic bot's decision in C (`_judge.seat_decision` from the state,
`view_decision` from a view, and its optimal stopping `_judge.stopping`) gives what its
Python code gives, floats exactly (==): the same choices with or without the extension."""

from __future__ import annotations

import json
import random

import pytest

import gamenight
from gamenight import agents
from gamenight.games.boss_quest import bots
from gamenight.games.boss_quest.actions import VISIT_MAGE
from gamenight.games.boss_quest.state import BossQuestState
from gamenight.kernel import Action
from gamenight.play.table import play
from tests.kernel.test_recorded_games import RECORDS, bot_games

judge_c = pytest.importorskip("gamenight.games.boss_quest._judge")


def play_bot_games(player_counts: tuple[int, ...], games: int, first_seed: int) -> None:
    """Play `games` games of heuristic bots for each count of players, seeds from
    `first_seed` on (the bots' seeds from the game's number)."""
    for players in player_counts:
        for game in range(games):
            state = gamenight.make("boss-quest", players, seed=first_seed + game)
            play(state, [agents.make("heuristic", "boss-quest", game + s) for s in range(players)])


def turn_kind(table: bots.Table) -> str:
    """How `_take_turn` weighs drawing against visiting the Mage on `table`."""
    if table.phase == "last_call":
        return "last call"
    if table.last_equipper:
        return "last equip"
    return "no bust" if bots._no_card_busts(table) else "equip"


def python_decision(state: BossQuestState, seat: int, legal: list[Action], monkeypatch):
    """The list a Python bot's `_take_turn` hands to `_best`, or for a spell's target the
    uses `_choose_target` chooses among, from a Python Judge of `seat`'s view."""
    with monkeypatch.context() as patch:
        patch.setattr(bots, "NATIVE", False)
        table = bots.read_table(state.view(seat))
        twin = bots.Judge(table)
    if table.pending is not None:
        uses = bots._uses(table, table.settled, table.pending)
        valued = [(a, twin.expected(outcomes)) for a, outcomes in uses]
        return table, [(a, value) for a, value in valued if a is not None and a in legal]
    handed: list[bots.Valued] = []
    python_bot = bots.HeuristicBot(0)

    def keep(values: bots.Valued) -> Action:  # the Python turn's list, no draw made
        handed.append(values)
        return values[0][0]

    python_bot._best = keep  # type: ignore[method-assign]
    python_bot._take_turn(table, twin, legal)
    return table, handed.pop()


def test_every_decision_of_bot_games_is_valued_as_python_values_it(monkeypatch):
    """In games of 2 to 6 players, every decision taken in C (`seat_decision`, and
    `view_decision` from the seat's view) against the list a Python Judge's `_take_turn`
    hands to `_best`, or the targets `_choose_target` chooses among: the same actions, in
    the same order, with the same floats; every way a turn ends among them."""
    assert bots.NATIVE
    original = bots.seat_decision
    seen: dict[str, int] = {}

    def both(state: BossQuestState, seat: int, legal: list[Action]) -> bots.Valued | None:
        native = original(state, seat, legal)
        assert native is not None
        assert judge_c.view_decision(state.view(seat), legal) == native
        table, valued = python_decision(state, seat, legal, monkeypatch)
        assert native == valued
        if table.pending is not None:
            key = f"target of {bots.SPELL_BY_KEY[table.pending].effect.name}"
        else:
            drawn = type(native[0][0]) is bots.Equip
            key = f"{turn_kind(table)}, {'draws' if drawn else 'visits'}"
            seen["blind"] = seen.get("blind", 0) + any(
                type(a) is bots.Activate and table.available[a.slot] is None for a, _ in native
            )
            # A condition taken at the Mage changes no rival's drawing, only its chance of
            # meeting it: C lends such a rival's part the final attacks of one without it.
            drawing = not all(table.settled.settled)
            conditions = {bots.Effect.REQUIRE_COLOUR, bots.Effect.REQUIRE_PAIR}
            seen["condition, rivals drawing"] = seen.get("condition, rivals drawing", 0) + (
                drawing
                and any(
                    k and bots.SPELL_BY_KEY[k].effect in conditions
                    for k in table.available.values()
                )
            )
        seen[key] = seen.get(key, 0) + 1
        return native

    monkeypatch.setattr(bots, "seat_decision", both)
    play_bot_games((2, 3, 4, 5, 6), 3, first_seed=700)
    assert sum(seen.values()) > 1000, seen
    ways = ("last call", "last equip", "equip")
    assert all(seen.get(f"{way}, {end}") for way in ways for end in ("draws", "visits")), seen
    assert seen.get("no bust, draws") and seen.get("blind"), seen
    assert seen["condition, rivals drawing"] > 20, seen
    targets = ("ATTACK", "SWAP", "CANCEL", "EXCHANGE")
    assert all(seen.get(f"target of {effect}") for effect in targets), seen


def test_every_decision_of_random_games_is_valued_as_python_values_it(monkeypatch):
    """Positions bots rarely reach (random players bust, swap and cancel freely): at every
    decision of random games of 2 to 6 players, C's decision for the seat to act against
    the Python Judge's."""
    decided = 0
    for players in (2, 3, 4, 5, 6):
        for game in range(3):
            state = gamenight.make("boss-quest", players, seed=900 + game)
            agent = agents.make("random", "boss-quest", seed=game)
            while not state.is_over():
                seat = state.actors()[0]
                legal = state.legal_actions(seat)
                if len(legal) > 1:
                    native = judge_c.seat_decision(state, seat, legal)
                    assert native == python_decision(state, seat, legal, monkeypatch)[1]
                    decided += 1
                state.apply(seat, agent.act(state.view(seat), legal))
    assert decided > 500


def test_a_decision_with_an_action_it_does_not_know_is_left_to_python():
    state = gamenight.make("boss-quest", 3, seed=1)
    seat = state.actors()[0]
    legal = state.legal_actions(seat)
    assert judge_c.seat_decision(state, seat, legal) is not None
    assert judge_c.seat_decision(state, seat, [*legal, bots.ChoosePlayer(0)]) is None
    assert judge_c.view_decision(state.view(seat), [*legal, bots.ChoosePlayer(0)]) is None


def test_a_decision_refuses_a_spectator_a_seat_not_at_the_table_and_a_legal_tuple():
    state = gamenight.make("boss-quest", 3, seed=1)
    seat = state.actors()[0]
    legal = state.legal_actions(seat)
    with pytest.raises(ValueError, match="spectator"):
        judge_c.seat_decision(state, None, legal)
    with pytest.raises(ValueError, match="spectator"):
        judge_c.view_decision(state.view(None), legal)
    with pytest.raises(TypeError, match="not a list"):
        judge_c.seat_decision(state, seat, tuple(legal))


def test_every_seat_decides_from_the_state_as_from_its_view():
    """After every action of bot and random games of 2 to 6 players, every seat's decision
    read from the state equals the one read from its view (over the legal actions of the
    seat to act; for another seat, over its visits to the Mage, no draw): the rivals' hidden weapons it does not know, the face-down Mystery and an
    unknown top card read from neither. Swaps (a rival's hidden weapon known), an
    Exchange's known top card, the Mystery face down beside the Mage and narrowed hidden
    ranges are among them."""
    seen = {"decisions": 0, "known": 0, "deck_top": 0, "mystery": 0, "narrowed": 0}

    def decide_all(state: gamenight.State, seat: int, action: object) -> None:
        assert isinstance(state, BossQuestState)
        if state.is_over():
            return
        actor = state.actors()[0]
        legal = state.legal_actions(actor)
        visits = [a for a in legal if type(a) is not bots.Equip] or [VISIT_MAGE]
        for viewer in range(state.num_players):
            view = state.view(viewer)
            asked = legal if viewer == actor else visits
            decided = judge_c.seat_decision(state, viewer, asked)
            assert decided == judge_c.view_decision(view, asked)
            seen["decisions"] += 1
            seen["known"] += sum(s["hidden"] is not None for s in view["seats"]) > 1
            seen["deck_top"] += view["deck_top"] is not None
            seen["mystery"] += state.mystery >= 0
            seen["narrowed"] += any(s["hidden_range"] != [1, 7] for s in view["seats"])

    for players in (2, 3, 4, 5, 6):
        for kind in ("heuristic", "random"):
            state = gamenight.make("boss-quest", players, seed=600 + players)
            seats = [agents.make(kind, "boss-quest", players + s) for s in range(players)]
            play(state, seats, observer=decide_all)
    assert seen["decisions"] > 2000 and all(seen.values()), seen


def test_a_view_decision_names_what_is_wrong_with_the_view():
    state = gamenight.make("boss-quest", 3, seed=1)
    view, legal = state.view(0), state.legal_actions(state.actors()[0])
    with pytest.raises(KeyError, match="seats"):
        judge_c.view_decision({}, legal)
    with pytest.raises(KeyError, match="seats"):
        judge_c.view_decision({"seat": 0}, legal)
    broken = {**view, "seats": [{**view["seats"][0], "visible": [{"id": 99}]}]}
    with pytest.raises(ValueError, match="weapon id 99 out of range"):
        judge_c.view_decision(broken, legal)
    for seat in (3, -1, "0"):
        with pytest.raises(Exception, match="seat") as refused:
            judge_c.seat_decision(state, seat, legal)
        assert not isinstance(refused.value, SystemError)
    with pytest.raises(TypeError, match="3 arguments"):
        judge_c.seat_decision(state, 0)


def test_stopping_values_over_random_tables_are_the_python_ones():
    rng = random.Random(5)
    for _ in range(2000):
        hp = rng.randint(5, 25)
        start = rng.randint(0, hp + 3)
        shifts = rng.sample([-2, -1, 1, 2, 3], rng.randint(0, 3))
        hopeless = hp + 1 + max([0, *(-shift for shift in shifts)])
        top = hp + 1 + 4 * 7
        spells = rng.choice([0.0, 1.0, rng.random()])
        first = min(start, hp + 1) + min([0, *shifts])
        last = hopeless + max([0, *shifts])
        settled = [rng.choice([-1.5, 0.0, rng.uniform(-3, 3)]) for _ in range(first, last + 1)]
        values = sorted(rng.sample(range(1, 8), rng.randint(0, 7)))
        card = tuple((v, rng.random()) for v in values)
        deck_top = rng.choice([None, rng.randint(1, 7)])
        most = (top - start - 7) // 7  # the most cards whose total stays on the table
        counts = list(range(1, rng.randint(1, max(1, min(4, most))) + 1))
        args = (settled, first, start, hp, hopeless, top, spells, shifts, card)
        for continuing in (False, True):
            rest = (continuing, counts, deck_top, bots.TEMPO)
            assert judge_c.stopping(*args, *rest) == bots._stopping(*args, *rest)


def test_stopping_refuses_attacks_it_was_not_given():
    card = ((7, 1.0),)
    with pytest.raises(ValueError, match="not settled"):
        judge_c.stopping([0.0], 3, 3, 5, 6, 10, 0.0, [], card, True, [1], None, 0.02)
    with pytest.raises(ValueError, match="out of order"):
        judge_c.stopping([0.0] * 9, 4, 3, 5, 6, 10, 0.0, [], card, True, [1], None, 0.02)
    with pytest.raises(ValueError, match="beyond the attacks"):
        judge_c.stopping([0.0] * 4, 3, 3, 5, 6, 10, 0.0, [], card, False, [2], None, 0.02)
    with pytest.raises(ValueError, match="an Equip of 1 to 15 cards"):
        judge_c.stopping([0.0] * 4, 3, 3, 5, 6, 10, 0.0, [], card, False, [0], None, 0.02)
    with pytest.raises(ValueError, match="out of order"):  # an attack below zero
        judge_c.stopping([0.0] * 9, -4, -4, 5, 6, 10, 0.0, [], card, True, [1], None, 0.02)
    with pytest.raises(ValueError, match="a card value out of range"):
        judge_c.stopping([0.0] * 4, 3, 3, 5, 6, 10, 0.0, [], card, False, [1], -1, 0.02)


def test_the_tuples_the_c_code_reads_directly_are_read_as_pyarg_reads_any_other():
    """A card of (int, float) pairs is read directly; one of ints where floats go, or of a
    tuple subclass, as PyArg_ParseTuple reads it: the same values; a pair that is not one,
    or an int out of range, refused with PyArg_ParseTuple's error."""
    args = ([0.0, 0.5, 1.0, -1.0], 3, 3, 5, 6, 10, 0.0, [])
    rest = (False, [1], None, 0.02)
    plain = judge_c.stopping(*args, ((1, 0.5), (2, 0.5)), *rest)
    assert plain == bots._stopping(*args, ((1, 0.5), (2, 0.5)), *rest)

    class Pair(tuple):  # a tuple subclass, as a caller might hand over
        pass

    assert judge_c.stopping(*args, (Pair((1, 0.5)), (2, 0.5)), *rest) == plain
    assert judge_c.stopping(*args, ((1, 1),), *rest) == judge_c.stopping(*args, ((1, 1.0),), *rest)
    with pytest.raises(TypeError, match="takes exactly 2 arguments"):
        judge_c.stopping(*args, ((1,),), *rest)
    with pytest.raises(OverflowError):
        judge_c.stopping(*args, ((2**70, 0.5),), *rest)


def test_the_recorded_bot_games_replay_with_the_python_judge(monkeypatch):
    monkeypatch.setattr(bots, "NATIVE", False)
    kept = json.loads((RECORDS / "boss-quest-heuristic.json").read_text())
    assert bot_games("boss-quest") == kept


def corrupted(view: object, rng: random.Random) -> object:
    """A copy of `view` with one field somewhere in it deleted or replaced by a value of
    another type or out of range."""
    copy = json.loads(json.dumps(view))
    node = copy
    while True:
        keys = list(node) if isinstance(node, dict) else list(range(len(node)))
        if not keys:
            return copy
        key = rng.choice(keys)
        if isinstance(node[key], (dict, list)) and node[key] and rng.random() < 0.6:
            node = node[key]
            continue
        if isinstance(node, dict) and rng.random() < 0.2:
            del node[key]
        else:
            node[key] = rng.choice([None, -1, 99, 10**30, "x", [], {}, 1.5])
        return copy


def test_a_corrupted_view_is_decided_or_refused_with_an_error_never_a_crash():
    """Thousands of views of random games, each with one field broken: the decision in C
    either reads what it needs or raises an ordinary error naming the problem (never a
    SystemError, and the process survives)."""
    rng = random.Random(1)
    refused = 0
    for game in range(12):
        state = gamenight.make("boss-quest", 2 + game % 5, seed=game)
        agent = agents.make("random", "boss-quest", seed=game)
        while not state.is_over():
            seat = state.actors()[0]
            legal, view = state.legal_actions(seat), state.view(seat)
            for _ in range(3):
                try:
                    judge_c.view_decision(corrupted(view, rng), legal)
                except (KeyError, TypeError, ValueError, IndexError, OverflowError) as error:
                    assert str(error), error
                    refused += 1
            state.apply(seat, agent.act(view, legal))
    assert refused > 300
