"""The kernel's seeded generator: deterministic, in range, independent clones."""

from __future__ import annotations

import pytest

from gamenight.kernel import Rng
from gamenight.kernel import rng as rng_module


def stream(rng, count=20):
    return [rng.next64() for _ in range(count)]


def test_the_same_seed_gives_the_same_stream():
    assert stream(Rng(42)) == stream(Rng(42))


def test_nearby_seeds_give_unrelated_streams():
    streams = [tuple(stream(Rng(seed), 4)) for seed in range(50)]
    assert len(set(streams)) == 50
    assert len({s[0] for s in streams}) == 50


def test_values_are_64_bit():
    assert all(0 <= value < 1 << 64 for value in stream(Rng(1), 1000))


@pytest.mark.parametrize("n", [1, 2, 3, 7, 35, 1000])
def test_below_stays_in_range_and_reaches_every_value(n):
    rng = Rng(n)
    draws = [rng.below(n) for _ in range(max(200, 30 * n))]
    assert min(draws) >= 0 and max(draws) < n
    assert set(draws) == set(range(n))


def test_random_is_in_the_unit_interval():
    rng = Rng(3)
    values = [rng.random() for _ in range(1000)]
    assert all(0.0 <= v < 1.0 for v in values)
    assert 0.4 < sum(values) / len(values) < 0.6


def test_choice_picks_an_element():
    rng = Rng(5)
    items = ["a", "b", "c"]
    assert {rng.choice(items) for _ in range(100)} == set(items)


def test_shuffle_is_a_deterministic_permutation():
    first, second = list(range(35)), list(range(35))
    Rng(9).shuffle(first)
    Rng(9).shuffle(second)
    assert first == second
    assert sorted(first) == list(range(35))
    assert first != list(range(35))
    other = list(range(35))
    Rng(10).shuffle(other)
    assert other != first


def test_shuffle_reaches_every_order_of_a_small_list():
    rng = Rng(0)
    orders = set()
    for _ in range(300):
        items = [0, 1, 2]
        rng.shuffle(items)
        orders.add(tuple(items))
    assert len(orders) == 6


def test_a_clone_continues_the_stream_independently():
    rng = Rng(8)
    rng.next64()
    twin = rng.clone()
    assert stream(twin, 5) == stream(rng, 5)
    twin.next64()
    assert stream(twin, 1) != stream(rng, 1)


def test_the_state_round_trips():
    rng = Rng(11)
    rng.below(10)
    again = Rng(state=rng.state)
    assert stream(again) == stream(rng)


def draws(rng):
    """A mixed sequence of every kind of draw, and the state it ends in."""
    out = [rng.next64(), rng.below(1), rng.below(35), rng.below(1 << 63), rng.below(1 << 70)]
    items = list(range(40))
    rng.shuffle(items)
    out += items
    single: list[int] = [5]
    rng.shuffle(single)
    out.append(rng.random())
    return out, rng.state


@pytest.mark.parametrize("seed", [0, 1, 7, 2**63 - 1])
def test_native_and_python_draws_are_the_same(seed, monkeypatch):

    native = draws(Rng(seed))
    monkeypatch.setattr(rng_module, "NATIVE", False)
    assert draws(Rng(seed)) == native
