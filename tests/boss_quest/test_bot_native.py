"""The heuristic bot's parts in C beyond the Judge's valuation (`_judge.read_weapons`,
`_judge.stopping`, `_judge.Valuer.draw_values`, `_judge.Valuer.visit_values` and
`use_values`, and the whole decision of `_judge.seat_decision` and `view_decision`) give
what its Python code gives, floats exactly (==): the same choices with or without the
extension."""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import pytest

import gamenight
from gamenight import agents
from gamenight.games.boss_quest import bots
from gamenight.games.boss_quest.content import VALUES, WEAPON_COLOUR, WEAPON_VALUE
from gamenight.games.boss_quest.state import BossQuestState
from gamenight.kernel import Action
from gamenight.play.table import play
from tests.boss_quest.helpers import decide_in_python

judge_c = pytest.importorskip("gamenight.games.boss_quest._judge")


def play_bot_games(player_counts: tuple[int, ...], games: int, first_seed: int) -> None:
    """Play `games` games of heuristic bots for each count of players, seeds from
    `first_seed` on (the bots' seeds from the game's number)."""
    for players in player_counts:
        for game in range(games):
            state = gamenight.make("boss-quest", players, seed=first_seed + game)
            play(state, [agents.make("heuristic", "boss-quest", game + s) for s in range(players)])


def test_every_stopping_decision_of_bot_games_is_valued_as_python_does(monkeypatch):
    """In games of 2 to 5 players: each decision's values of drawing (one C call: the values
    settled over a range of attacks, then the stopping) against a Python Judge's settled
    one by one and `bots._stopping` over them, and the attacks both Judges keep."""
    assert bots.NATIVE
    seen = {"ranges": 0}
    original = bots.Judge.draw_values

    def draw_values(judge: bots.Judge, *args: Any) -> list[float] | None:
        first, last, start, hp, hopeless, top, spells, shifts, continuing, counts, top_card = args
        kept_before = dict(judge._settled_at)
        values = original(judge, *args)
        with monkeypatch.context() as patch:
            patch.setattr(bots, "NATIVE", False)
            twin = bots.Judge(judge.table)
        assert original(twin, *args) is None  # no Valuer: the Python loops
        twin._settled_at.update(kept_before)
        settled = twin.settled_over(first, last)
        assert values == bots._stopping(
            settled,
            first,
            start,
            hp,
            hopeless,
            top,
            spells,
            shifts,
            judge.table.card,
            continuing,
            counts,
            top_card,
            bots.TEMPO,
        )
        assert list(judge._settled_at.items()) == list(twin._settled_at.items())
        seen["ranges"] += 1
        return values

    monkeypatch.setattr(bots.Judge, "draw_values", draw_values)
    decide_in_python(monkeypatch)
    play_bot_games((2, 3, 4, 5), 2, first_seed=300)
    assert seen["ranges"] > 200


def test_draws_valued_after_a_visit_are_valued_as_by_a_fresh_judge(monkeypatch):
    """A decision values its visits, then its draws, from the same settled round: the
    draws' floats are those of a Judge that valued nothing before."""
    asked: list[tuple[bots.Table, list[Any], tuple[Any, ...]]] = []
    visited: dict[int, list[Any]] = {}
    visit_values, draw_values = bots.Judge.visit_values, bots.Judge.draw_values

    def visit(judge: bots.Judge, visits: list[Any]) -> list[float] | None:
        visited[id(judge)] = visits
        return visit_values(judge, visits)

    def draw(judge: bots.Judge, *args: Any) -> list[float] | None:
        if id(judge) in visited and len(asked) < 40:
            asked.append((judge.table, visited[id(judge)], args))
        return draw_values(judge, *args)

    monkeypatch.setattr(bots.Judge, "visit_values", visit)
    monkeypatch.setattr(bots.Judge, "draw_values", draw)
    decide_in_python(monkeypatch)
    state = gamenight.make("boss-quest", 4, seed=310)
    play(state, [agents.make("heuristic", "boss-quest", s) for s in range(4)])
    monkeypatch.undo()
    assert len(asked) == 40
    for table, visits, args in asked:
        after_visit = bots.Judge(table)
        after_visit.visit_values(visits)
        assert after_visit.draw_values(*args) == bots.Judge(table).draw_values(*args)


def test_every_visit_to_the_mage_in_bot_games_is_valued_as_python_does(monkeypatch):
    """In games of 2 to 5 players, every visit valued in C against a Python Judge's values,
    in the same order; every kind of spell, the blind Mystery and a rival's Last call among
    them."""
    assert bots.NATIVE
    original = bots.HeuristicBot._visit_values
    effects: dict[str, int] = {}
    seen = {"visits": 0, "blind": 0}

    def both(bot: bots.HeuristicBot, table: bots.Table, judge: bots.Judge, visits):
        native = original(bot, table, judge, visits)
        with monkeypatch.context() as patch:
            patch.setattr(bots, "NATIVE", False)
            twin = bots.Judge(table)
        assert judge.visit_values(visits) is not None and twin.visit_values(visits) is None
        assert native == original(bot, table, twin, visits)
        settled = table.position.settle(table.me)
        for key in {*table.available.values(), *table.unseen_spells} - {None}:
            uses = bots._uses(table, settled, key)  # a target chosen: each use's value
            assert judge.use_values(key) == [twin.expected(outcomes) for _, outcomes in uses]
        seen["visits"] += 1
        seen["blind"] += None in table.available.values() and table.my_attack > (
            table.position.hp()
        )
        for key in table.available.values():
            if key is not None:
                effect = bots.SPELL_BY_KEY[key].effect
                effects[effect] = effects.get(effect, 0) + 1
        return native

    monkeypatch.setattr(bots.HeuristicBot, "_visit_values", both)
    decide_in_python(monkeypatch)
    play_bot_games((2, 3, 4, 5), 4, first_seed=500)
    assert seen["visits"] > 300 and seen["blind"], seen
    assert set(effects) == set(bots.Effect), effects


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
        seen[key] = seen.get(key, 0) + 1
        return native

    monkeypatch.setattr(bots, "seat_decision", both)
    play_bot_games((2, 3, 4, 5, 6), 3, first_seed=700)
    assert sum(seen.values()) > 1000, seen
    ways = ("last call", "last equip", "equip")
    assert all(seen.get(f"{way}, {end}") for way in ways for end in ("draws", "visits")), seen
    assert seen.get("no bust, draws") and seen.get("blind"), seen
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
    with pytest.raises(Exception, match="seat"):
        judge_c.seat_decision(state, 7, legal)
    with pytest.raises(TypeError, match="not a list"):
        judge_c.seat_decision(state, seat, tuple(legal))


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


def test_the_weapons_every_seat_sees_are_read_as_python_reads_them():
    """Every seat's view at every step of bot games of 2 to 5 players, an Exchange's known
    top card and narrowed hidden ranges among them."""
    seen = {"views": 0, "deck_top": 0, "narrowed": 0}

    def read_all(state: gamenight.State, seat: int, action: object) -> None:
        for viewer in range(state.num_players):
            view = state.view(viewer)
            native = judge_c.read_weapons(view, WEAPON_VALUE, WEAPON_COLOUR, VALUES)
            assert native == bots._read_weapons(view)
            seen["views"] += 1
            seen["deck_top"] += native[2] is not None
            seen["narrowed"] += any(s["hidden_range"] != [1, 7] for s in view["seats"])

    for players in (2, 3, 4, 5):
        for seed in range(2):
            state = gamenight.make("boss-quest", players, seed=400 + seed)
            seats = [agents.make("heuristic", "boss-quest", seed + s) for s in range(players)]
            play(state, seats, observer=read_all)
    assert seen["views"] > 1000 and seen["deck_top"] and seen["narrowed"], seen


def test_read_weapons_names_what_is_wrong_with_a_view():
    view = gamenight.make("boss-quest", 3, seed=1).view(0)
    tables = (WEAPON_VALUE, WEAPON_COLOUR, VALUES)
    with pytest.raises(KeyError, match="seats"):
        judge_c.read_weapons({}, *tables)
    broken = {**view, "seats": [{**view["seats"][0], "visible": [{"id": 99}]}]}
    with pytest.raises(ValueError, match="weapon id 99 out of range"):
        judge_c.read_weapons(broken, *tables)
    with pytest.raises(TypeError, match="at most 64 weapons"):
        judge_c.read_weapons(view, WEAPON_VALUE, WEAPON_COLOUR[:-1], VALUES)


def test_read_weapons_spreads_every_kind_of_hidden_range_as_python_does():
    """Ranges holding every unseen weapon, none, some (the same range at several seats,
    or different ones), each against `bots._read_weapons`; the blind draw (its fifth
    part) is the spread of every unseen weapon."""
    rng = random.Random(9)
    tables = (WEAPON_VALUE, WEAPON_COLOUR, VALUES)
    checked = 0
    for seed in range(30):
        state = gamenight.make("boss-quest", rng.randint(2, 6), seed=seed)
        view = state.view(0)
        for _ in range(20):
            seats = []
            for seat in view["seats"]:
                low = rng.choice([0, 1, 2, 4, 7, 9])
                high = rng.choice([low, low + 1, 3, 7, 12])
                hidden = seat["hidden"] if seat["seat"] == 0 else None
                seats.append({**seat, "hidden": hidden, "hidden_range": [low, high]})
            changed = {**view, "seats": seats}
            native = judge_c.read_weapons(changed, *tables)
            assert native == bots._read_weapons(changed)
            assert native[4] == bots._spread(bots._kinds(native[0]))
            checked += 1
    assert checked == 600


def assert_same(native: Any, python: Any, where: str = "table") -> None:
    """`native` is `python`'s twin: the same types throughout, the same fields, dicts' keys
    in the same order (the bot walks them), floats equal."""
    assert type(native) is type(python), where
    if dataclasses.is_dataclass(python):
        for part in dataclasses.fields(python):
            assert_same(getattr(native, part.name), getattr(python, part.name), part.name)
    elif isinstance(python, dict):
        assert list(native) == list(python), where
        for key in python:
            assert_same(native[key], python[key], f"{where}[{key!r}]")
    elif isinstance(python, list | tuple):
        assert len(native) == len(python), where
        for i, (a, b) in enumerate(zip(native, python, strict=True)):
            assert_same(a, b, f"{where}[{i}]")
    else:
        assert native == python, where


def test_every_table_of_bot_games_is_read_as_python_reads_it(monkeypatch):
    """Every decision's table in bot games of 2 to 6 players, read from the state in C
    (what the bots read), from the seat's view in C and in Python: the same table, field
    by field; a Last call's queue and a pending target among them."""
    assert bots.NATIVE
    seen = {"tables": 0, "last_call": 0, "pending": 0}
    original = bots.read_seat_table

    def read(state: BossQuestState, seat: int) -> bots.Table:
        table = original(state, seat)
        view = state.view(seat)
        assert_same(table, judge_c.read_table(view))
        with monkeypatch.context() as patch:
            patch.setattr(bots, "NATIVE", False)
            assert_same(table, bots.read_table(view))
        seen["tables"] += 1
        seen["last_call"] += table.phase == "last_call"
        seen["pending"] += table.pending is not None
        return table

    monkeypatch.setattr(bots, "read_seat_table", read)
    decide_in_python(monkeypatch)
    play_bot_games((2, 3, 4, 5, 6), 2, first_seed=500)
    assert seen["tables"] > 500 and seen["last_call"] and seen["pending"], seen


def test_every_seat_reads_from_the_state_what_its_view_shows():
    """After every action of bot and random games of 2 to 6 players, every seat's table
    read from the state equals the one read from its view: the rivals' hidden weapons it
    does not know, the face-down Mystery and an unknown top card read from neither. Swaps
    (a rival's hidden weapon known), an Exchange's known top card, the Mystery face down
    beside the Mage and narrowed hidden ranges are among them."""
    seen = {"tables": 0, "known": 0, "deck_top": 0, "mystery": 0, "narrowed": 0}

    def read_all(state: gamenight.State, seat: int, action: object) -> None:
        assert isinstance(state, BossQuestState)
        if state.is_over():
            return
        for viewer in range(state.num_players):
            view = state.view(viewer)
            table = judge_c.read_seat_table(state, viewer)
            assert_same(table, judge_c.read_table(view))
            seen["tables"] += 1
            seen["known"] += sum(s["hidden"] is not None for s in view["seats"]) > 1
            seen["deck_top"] += table.deck_top is not None
            seen["mystery"] += state.mystery >= 0 and None in table.available.values()
            seen["narrowed"] += any(s["hidden_range"] != [1, 7] for s in view["seats"])

    for players in (2, 3, 4, 5, 6):
        for kind in ("heuristic", "random"):
            state = gamenight.make("boss-quest", players, seed=600 + players)
            seats = [agents.make(kind, "boss-quest", players + s) for s in range(players)]
            play(state, seats, observer=read_all)
    assert seen["tables"] > 2000 and all(seen.values()), seen


def test_read_seat_table_refuses_a_spectator_and_a_seat_not_at_the_table():
    state = gamenight.make("boss-quest", 3, seed=1)
    with pytest.raises(ValueError, match="spectator"):
        judge_c.read_seat_table(state, None)
    for seat in (3, -1, "0"):
        with pytest.raises(Exception, match="seat") as refused:
            judge_c.read_seat_table(state, seat)
        assert not isinstance(refused.value, SystemError)
    with pytest.raises(TypeError, match="2 arguments"):
        judge_c.read_seat_table(state)


def test_read_table_refuses_a_spectators_view():
    view = gamenight.make("boss-quest", 3, seed=1).view(None)
    with pytest.raises(ValueError, match="spectator"):
        judge_c.read_table(view)
    with pytest.raises(KeyError, match="seats"):
        judge_c.read_table({"seat": 0})


def test_read_weapons_shares_its_kind_tuples_between_reads():
    """A hidden weapon's (value, colour, probability) tuples are made once for their
    numbers and shared by every read (a tuple is never changed): equal to Python's."""
    view = gamenight.make("boss-quest", 4, seed=3).view(1)
    tables = (WEAPON_VALUE, WEAPON_COLOUR, VALUES)
    first, again = judge_c.read_weapons(view, *tables), judge_c.read_weapons(view, *tables)
    assert first == again == bots._read_weapons(view)
    assert all(a is b for a, b in zip(first[4], again[4], strict=True))  # the kinds
    assert all(a is b for a, b in zip(first[1], again[1], strict=True))  # the card's pairs


def test_read_table_counts_the_unseen_spells_as_python_does(monkeypatch):
    """The spells a view shows, counted off the game's in C by each key's place: the same
    dict as Python's (in the content's order, only those still unseen), and the same
    KeyError for a key that is no spell's."""
    view = gamenight.make("boss-quest", 3, seed=1).view(0)
    for discard in ([], [key for key in bots.SPELL_COUNTS for _ in range(2)]):
        seen = {**view, "spell_discard": discard}
        native = judge_c.read_table(seen).unseen_spells
        with monkeypatch.context() as patch:
            patch.setattr(bots, "NATIVE", False)
            plain = bots.read_table(seen).unseen_spells
        assert list(native.items()) == list(plain.items())
    unknown = {**view, "spell_discard": ["no such spell"]}
    with pytest.raises(KeyError, match="no such spell"):
        judge_c.read_table(unknown)
    with monkeypatch.context() as patch:
        patch.setattr(bots, "NATIVE", False)
        with pytest.raises(KeyError, match="no such spell"):
            bots.read_table(unknown)


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


def test_a_valuer_reads_its_card_directly_as_pyarg_reads_any_other():
    """A Valuer's card of (int, float) pairs is read directly; of a tuple subclass or of
    ints where floats go, as PyArg_ParseTuple reads it (the same values); an int beyond a
    C int's range, or a pair that is not one, refused with its error."""
    position = bots.Position(
        10,
        (),
        (bots.Hand(5, (0,), ((2, 0, 1.0),), 2), bots.Hand(4, (1,), ((3, 1, 1.0),), 2)),
        (True, False),
        bots.MAX_DRAWS,
    )
    rules = bots.Rules.of(position)

    def value(card: Any) -> float:
        valuer = judge_c.Valuer(0, [0.3, 0.3], [5, 5], 3.0, 0.4, [0.0, 0.1], card, 3)
        return valuer.value_of(position, rules, {})

    class Pair(tuple):
        pass

    plain = value(((1, 0.5), (2, 0.5)))
    assert value((Pair((1, 0.5)), (2, 0.5))) == plain
    assert value(((1, 1),)) == value(((1, 1.0),))
    with pytest.raises(OverflowError):
        value(((2**40, 0.5),))
    with pytest.raises(TypeError):
        value(((1,),))


def test_a_condition_taken_at_the_mage_is_valued_as_python_does_with_rivals_still_drawing(
    monkeypatch,
):
    """A condition spell (Colour or Pair required) taken at the Mage changes no rival's
    drawing, only its chance of meeting the condition: C makes such a rival's part from the
    final attacks of one it made without the condition. Every such visit in bot games of 3
    to 6 players, and each use of the condition, against a Python Judge's values."""
    assert bots.NATIVE
    conditions = {bots.Effect.REQUIRE_COLOUR, bots.Effect.REQUIRE_PAIR}
    original = bots.HeuristicBot._visit_values
    seen = {"visits": 0}

    def both(bot: bots.HeuristicBot, table: bots.Table, judge: bots.Judge, visits):
        native = original(bot, table, judge, visits)
        settled = table.settled
        drawing = any(not done for seat, done in enumerate(settled.settled) if seat != table.me)
        keys = [
            k for k in table.available.values() if k and bots.SPELL_BY_KEY[k].effect in conditions
        ]
        if drawing and keys:
            with monkeypatch.context() as patch:
                patch.setattr(bots, "NATIVE", False)
                twin = bots.Judge(table)
            assert native == original(bot, table, twin, visits)
            for key in keys:
                uses = bots._uses(table, settled, key)
                assert judge.use_values(key) == [twin.expected(outcomes) for _, outcomes in uses]
            seen["visits"] += 1
        return native

    monkeypatch.setattr(bots.HeuristicBot, "_visit_values", both)
    decide_in_python(monkeypatch)
    play_bot_games((3, 4, 5, 6), 3, first_seed=900)
    assert seen["visits"] > 20, seen


def test_a_hidden_weapon_read_again_gives_the_same_values(monkeypatch):
    """The hidden weapons C read lately are kept by their tuple: a tuple read again (two
    seats holding one, the same tuple in the next call) values as an equal new one does and
    as Python values it; one holding a float subclass is read as PyArg reads it."""

    class Probability(float):  # a float subclass, as a caller might hand over
        pass

    spread = ((2, 0, 0.5), (5, 1, 0.25), (7, 2, 0.25))
    equal = tuple(tuple(kind) for kind in spread)  # another object
    odd = tuple((v, c, Probability(p)) for v, c, p in spread)
    table = bots.read_table(gamenight.make("boss-quest", 3, seed=1).view(0))
    native = bots.Judge(table)
    with monkeypatch.context() as patch:
        patch.setattr(bots, "NATIVE", False)
        python = bots.Judge(table)
    assert native._valuer is not None and table.me == 0
    mine = table.position.hands[0]
    values = []
    for hidden in (spread, spread, equal, odd):
        hands = (mine, bots.Hand(4, (1,), hidden, 2), bots.Hand(6, (2,), hidden, 2))
        position = bots.Position(14, (), hands, (True, False, False), bots.MAX_DRAWS)
        value = native._valuer.value_of(position, python._rules_of(position), {})
        assert value == python._value(position)
        values.append(value)
    assert values[0] == values[1] == values[2] == values[3]


def test_read_table_shares_a_spread_between_reads_of_the_same_weapons(monkeypatch):
    """A hidden weapon spread over the unseen ones is kept by the weapons seen and the
    range: a view read again holds the same spread tuples, and reads as Python reads it."""
    view = gamenight.make("boss-quest", 4, seed=3).view(1)
    first, again = judge_c.read_table(view), judge_c.read_table(view)
    with monkeypatch.context() as patch:
        patch.setattr(bots, "NATIVE", False)
        assert_same(again, bots.read_table(view))
    assert first.fresh is again.fresh
    for mine, theirs in zip(first.position.hands, again.position.hands, strict=True):
        if len(mine.hidden) > 1:
            assert mine.hidden is theirs.hidden
