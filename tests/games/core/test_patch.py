"""Reverse patches: apply(after, diff(after, before)) is before, exactly, for any JSON."""

import copy
import json
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.core.patch import PatchError, apply, diff, same

# Small key and scalar sets on purpose: random pairs then share keys and values often, so
# the dict recursion and the list trimming are exercised, not only whole replacements.
keys = st.sampled_from(["a", "b", "c", "places", "library", "vault", "0", ""]) | st.text(max_size=3)
scalars = (
    st.none()
    | st.booleans()
    | st.integers(min_value=-2, max_value=2)
    | st.integers()
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.sampled_from([0.0, -0.0, 1.0, 0, 1, True, False])
    | st.text(max_size=4)
)
json_values = st.recursive(
    scalars,
    lambda children: st.lists(children, max_size=6) | st.dictionaries(keys, children, max_size=6),
    max_leaves=40,
)


def exact(value):
    """A rendering that tells apart everything ``==`` lets through: types and key order."""
    return json.dumps(value, allow_nan=False) + "|" + repr(value)


def assert_round_trip(after, before, *, ordered=True):
    after_copy, before_copy = copy.deepcopy(after), copy.deepcopy(before)
    patch = diff(after, before, ordered=ordered)
    # A patch is stored as JSON: it must survive a trip through the text unchanged.
    patch = json.loads(json.dumps(patch, allow_nan=False))
    rebuilt = apply(after, patch)
    if ordered:
        assert exact(rebuilt) == exact(before)
    else:
        assert rebuilt == before and same(rebuilt, before, ordered=False)
    # Neither input was changed on the way.
    assert exact(after) == exact(after_copy) and exact(before) == exact(before_copy)
    return patch


@settings(max_examples=600)
@given(json_values, json_values)
def test_any_two_json_values_round_trip_exactly(after, before):
    assert_round_trip(after, before)


@settings(max_examples=300)
@given(json_values, json_values)
def test_unordered_diffs_round_trip_up_to_key_order(after, before):
    assert_round_trip(after, before, ordered=False)


@settings(max_examples=300)
@given(st.dictionaries(keys, json_values, max_size=6), st.data())
def test_small_edits_of_a_big_value_round_trip_and_stay_small(before, data):
    # The shape of a move: most of the state kept, one corner changed.
    after = copy.deepcopy(before)
    key = data.draw(keys)
    after[key] = data.draw(json_values)
    patch = assert_round_trip(after, before)
    assert set(patch.get("{", {})) <= {key}


def test_identical_values_give_the_empty_patch():
    state = {"a": [1, 2, {"b": None}], "c": 1.5}
    assert diff(state, copy.deepcopy(state)) == {}
    assert apply(state, {}) is state


@pytest.mark.parametrize(
    ("after", "before"),
    [
        (1, True),
        (True, 1),
        (0, False),
        (1.0, 1),
        (1, 1.0),
        (0.0, -0.0),
        (-0.0, 0.0),
        ({"a": 1}, {"a": True}),
        ([1, 2], [True, 2]),
        ([1.0], [1]),
        ({"a": None}, {}),
        ({}, {"a": None}),
        ({"a": [0.0]}, {"a": [-0.0]}),
        ({"a": 1, "b": 2}, {"b": 2, "a": 1}),  # key order only
        ({"a": 1, "b": 2}, {"b": 2, "c": 3, "a": 1}),
        ({"x": {"a": 1, "b": 2}}, {"x": {"b": 2, "a": 1}}),
        ([], [[]]),
        ([[]], []),
        ({}, []),
        (None, {}),
        ("1", 1),
        (10**20, 1e20),
        (2**70, float(2**70)),
    ],
)
def test_worst_cases_equal_under_double_equals_still_differ(after, before):
    assert_round_trip(after, before)
    assert_round_trip(before, after)


@settings(max_examples=600)
@given(json_values, json_values)
def test_same_is_exact_equality(a, b):
    # same() is True exactly when the values are equal, of the same types everywhere and with
    # their dict keys in the same order: what json + repr render identically.
    assert same(a, b) == (exact(a) == exact(b))
    assert same(a, copy.deepcopy(a))
    # A copy made through JSON text (other str objects, none interned) is the same value.
    assert same(a, json.loads(json.dumps(a)))


@pytest.mark.parametrize(
    ("a", "b"),
    [
        (True, 1),
        (False, 0),
        (1, 1.0),
        (0.0, -0.0),
        ([True], [1]),
        ([1], [1.0]),
        ([0.0], [-0.0]),
        ({"a": {"b": [False]}}, {"a": {"b": [0]}}),
        ({"a": 1, "b": 2}, {"b": 2, "a": 1}),
        ({"x": [{"a": 1, "b": 2}]}, {"x": [{"b": 2, "a": 1}]}),
        ([2**70], [float(2**70)]),
    ],
)
def test_same_tells_apart_what_double_equals_lets_through(a, b):
    assert a == b
    assert not same(a, b) and not same(b, a)
    assert same(a, copy.deepcopy(a)) and same(b, copy.deepcopy(b))


def test_same_ignores_key_order_only_when_unordered():
    a, b = {"x": [{"a": 1, "b": 2}]}, {"x": [{"b": 2, "a": 1}]}
    assert not same(a, b) and same(a, b, ordered=False)
    assert not same({"a": True}, {"a": 1}, ordered=False)


def test_same_does_not_depend_on_str_interning_or_sharing():
    word = "".join(["lib", "rary"])  # built at run time: not interned
    assert word is not sys.intern("library")
    shared = [1, 2]
    assert same({"k": [word, word]}, {"k": [sys.intern("library"), "library"]})
    assert same({word: 1}, {"library": 1})
    assert same([shared, shared], [[1, 2], [1, 2]])
    assert not same([word], ["librarY"])


def test_same_falls_back_for_values_marshal_cannot_write():
    class Name(str):
        pass

    assert same([Name("a")], [Name("a")])
    assert not same([Name("a")], [Name("b")])


def test_a_card_moving_between_trays_costs_a_few_bytes():
    library = list(range(400))
    before = {"places": {"library": library, "vault": [7, 9]}, "round": 3}
    after = {"places": {"library": library[:150] + library[151:], "vault": [7, 9, 150]}}
    after["round"] = 3
    patch = assert_round_trip(after, before)
    assert len(json.dumps(patch)) < 100  # the tray alone is 1.9 KB
    assert patch == {
        "{": {"places": {"{": {"library": {"[": [150, 249, [150]]}, "vault": {"[": [2, 0, []]}}}}
    }


def test_a_growing_list_keeps_only_its_length():
    before = {"log": [f"line {i}" for i in range(300)]}
    after = {"log": [*before["log"], "line 300"]}
    assert diff(after, before) == {"{": {"log": {"[": [300, 0, []]}}}


def test_removed_and_added_keys_come_back_in_their_place():
    before = {"a": 1, "b": None, "c": 3}
    after = {"a": 1, "c": 3, "d": 4}
    patch = assert_round_trip(after, before)
    assert patch == {"{": {"b": {"=": None}}, "-": ["d"], "o": ["a", "b", "c"]}
    assert list(apply(after, patch)) == ["a", "b", "c"]


def test_the_result_shares_unchanged_parts_instead_of_copying():
    big = {"cards": list(range(1000))}
    after = {"big": big, "turn": 2}
    patch = diff(after, {"big": big, "turn": 1})
    assert apply(after, patch)["big"] is big


@pytest.mark.parametrize(
    ("value", "patch", "problem"),
    [
        ({"a": 1}, [], "must be a JSON object"),
        ({"a": 1}, {"?": 1}, "unknown patch keys"),
        ({"a": 1}, {"=": 1, "x": 2}, "unexpected patch keys"),
        ([1], {"{": {}}, "changes an object"),
        ({"a": 1}, {"{": {"b": {"{": {}}}}, "missing"),
        ({"a": 1}, {"{": {}, "-": ["b"]}, "keys to drop"),
        ({"a": 1}, {"{": {"a": {"=": 2}}, "-": ["a"]}, "keys to drop"),
        ({"a": 1}, {"{": {}, "o": ["a", "b"]}, "key order"),
        ({"a": 1}, {"{": {}, "o": [["a"]]}, "key order"),
        ({"a": 1}, {"{": {}, "-": [["a"]]}, "list of keys"),
        ({"a": 1}, {"{": {}, "-": "a"}, "list of keys"),
        (
            {"a": {"b": [1]}},
            {"{": {"a": {"{": {"b": {"[": [1, 1, []]}}}}},
            "at /a/b: the list has 1 items",
        ),
        ({"a": 1}, {"{": {"a": {"[": [0, 0, []]}}}, "changes a list"),
        ([1, 2], {"[": [0, -1, []]}, "head, tail, items"),
        ([1, 2], {"[": [True, 0, []]}, "head, tail, items"),
        ([1, 2], {"[": [0, 0]}, "head, tail, items"),
        ({"a": 1}, {"{": {"a": None}}, "must be a JSON object"),
    ],
)
def test_a_patch_that_does_not_fit_is_refused_with_where(value, patch, problem):
    with pytest.raises(PatchError) as caught:
        apply(value, patch)
    assert problem in str(caught.value)
