"""games/core/named.py: data a state names by the digest of its content."""

from __future__ import annotations

from functools import lru_cache

import pytest

from games.core.named import ByDigest, digest_of, is_digest, named_in


def test_the_name_follows_the_content_not_the_key_order():
    a = digest_of({"b": 1, "a": [1, {"y": 2, "x": 3}]})
    b = digest_of({"a": [1, {"x": 3, "y": 2}], "b": 1})
    assert a == b and is_digest(a)
    assert digest_of({"a": [1, {"x": 3, "y": 3}], "b": 1}) != a
    assert not is_digest("sha256:short") and not is_digest(["sha256:"])


def test_names_are_found_in_objects_at_any_depth_but_not_in_arrays():
    one, two = digest_of(1), digest_of(2)
    state = {"a": one, "b": {"c": {"d": two}}, "e": [one, {"f": digest_of(3)}], "g": "x"}
    assert named_in(state) == {one, two}
    assert named_in([one]) == set()


def test_a_cache_keyed_by_digest_makes_each_value_once_whoever_asks():
    made = []

    @lru_cache(maxsize=2)
    def kept(key: ByDigest):
        return key.made()

    def make(value):
        return lambda: made.append(value) or value

    name = digest_of([1])
    assert kept(ByDigest(name, make("first"))) == "first"
    assert kept(ByDigest(name, make("second"))) == "first"  # the same name: kept, not made
    assert made == ["first"]
    key = ByDigest(digest_of([2]), make("other"))
    assert kept(key) == "other"
    with pytest.raises(RuntimeError):  # a key makes its value once; the cache holds no maker
        key.made()
