"""The JSON codec that stores states and answers requests, and the state copy built on it."""

from __future__ import annotations

import json

from hypothesis import given
from hypothesis import strategies as st

from services.core.codec import copy_json, dumps, loads

scalars = st.none() | st.booleans() | st.integers(-(2**63), 2**63 - 1) | st.text(max_size=8)
scalars |= st.floats(allow_nan=False, allow_infinity=False)
json_data = st.recursive(
    scalars,
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4)
    ),
    max_leaves=30,
)


@given(json_data)
def test_round_trip_equals_the_standard_module(value):
    assert loads(dumps(value)) == json.loads(json.dumps(value))


@given(json_data)
def test_copy_is_equal_and_independent(value):
    box = {"v": value}
    copied = copy_json(box)
    assert copied == box
    copied["v"] = "changed"
    assert box["v"] == value


def test_copy_keeps_non_string_keys_exactly():
    state = {1: {"a": [1, 2]}, "b": (3, 4)}
    copied = copy_json(state)
    assert copied == state and 1 in copied
    copied[1]["a"].append(3)
    assert state[1]["a"] == [1, 2]


def test_integer_keys_are_stored_as_strings_like_the_standard_module():
    assert loads(dumps({1: "x"})) == json.loads(json.dumps({1: "x"})) == {"1": "x"}
