"""The kernel's `DecisionStack`: frames, the deciding seat, copies, JSON and its validation."""

from __future__ import annotations

import doctest
import json

import pytest

from gamenight.kernel import decisions
from gamenight.kernel.decisions import DecisionStack, Frame


def test_the_top_frame_decides():
    stack = DecisionStack()
    assert not stack and len(stack) == 0
    stack.push(Frame("target", 1, (7,)))
    stack.push(Frame("slot", 1, (7, 2)))
    assert stack and len(stack) == 2
    assert stack.top == Frame("slot", 1, (7, 2)) and stack.actor == 1
    assert stack.pop().kind == "slot"
    assert stack.actor == 1 and list(stack) == [Frame("target", 1, (7,))]


def test_a_trigger_asks_another_seat_then_the_one_below_resumes():
    stack = DecisionStack([Frame("target", 0, (3,))])
    stack.push(Frame("answer", 2, (11,)))
    assert stack.actor == 2
    stack.pop()
    assert stack.actor == 0


def test_an_empty_stack_has_no_top_or_actor():
    stack = DecisionStack()
    for read in (stack.pop, lambda: stack.top, lambda: stack.actor):
        with pytest.raises(IndexError, match="the decision stack is empty"):
            read()


def test_a_copy_is_independent_and_shares_the_immutable_frames():
    stack = DecisionStack([Frame("target", 0, (3,))])
    copy = stack.copy()
    assert copy == stack
    copy.push(Frame("slot", 0, (3, 1)))
    assert len(stack) == 1 and copy != stack
    copy.clear()
    assert not copy and len(stack) == 1


def test_json_is_flat_and_round_trips():
    stack = DecisionStack([Frame("target", 0, (3,)), Frame("answer", 2, ("help", 4))])
    data = json.loads(json.dumps(stack.to_json()))
    assert data == [["target", 0, 3], ["answer", 2, "help", 4]]
    assert DecisionStack.from_json(data, players=3) == stack


def test_boss_quests_pending_target_and_meows_steps_fit_without_loss():
    """Boss Quest's ``pending`` slot and Meow's ``(kind, seat, card, amount)`` steps are
    frames; a Meow stack keeps its JSON form ``[kind, seat, card, amount]`` exactly."""
    boss_quest = DecisionStack([Frame("spell_target", 3, (4,))])  # seat 3 chooses for slot 4
    assert boss_quest.to_json() == [["spell_target", 3, 4]]
    meow_steps = [("next_phase", 0, -1, 0), ("sacrifice", 1, 17, 0), ("wound", 1, 17, 2)]
    meow = DecisionStack(Frame(kind, seat, (card, n)) for kind, seat, card, n in meow_steps)
    assert meow.to_json() == [list(step) for step in meow_steps]
    assert [(f.kind, f.seat, *f.args) for f in DecisionStack.from_json(meow.to_json())] == (
        meow_steps
    )


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"kind": "target"}, "a decision stack is a list of frames"),
        ([["target"]], r"a frame is a list \[kind, seat, \*args\]"),
        (["target"], "a frame is a list"),
        ([[3, 0]], "a frame's kind must be a string"),
        ([["target", True]], "frame 'target': seat must be a seat"),
        ([["target", -1]], "frame 'target': seat must be a seat"),
        ([["target", 4]], "frame 'target': seat must be a seat"),
        ([["target", 0, 1.5]], "frame 'target': args must be integers or strings"),
        ([["target", 0, [1]]], "args must be integers or strings"),
        ([["target", 0, None]], "args must be integers or strings"),
    ],
)
def test_a_malformed_stack_is_refused_naming_the_bad_part(data, message):
    with pytest.raises(ValueError, match=message):
        DecisionStack.from_json(data, players=4)


def test_the_module_docstring_example_runs():
    assert doctest.testmod(decisions).failed == 0
