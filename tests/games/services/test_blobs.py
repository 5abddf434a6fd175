"""games/services/blobs.py: data named by the digest of its content, kept once per process."""

from __future__ import annotations

import pytest

from games.services import blobs


@pytest.fixture(autouse=True)
def fresh():
    blobs.forget()
    yield
    blobs.forget()


def test_the_name_follows_the_content_not_the_key_order():
    a = blobs.digest_of({"b": 1, "a": [1, {"y": 2, "x": 3}]})
    b = blobs.digest_of({"a": [1, {"x": 3, "y": 2}], "b": 1})
    assert a == b and blobs.is_digest(a)
    assert blobs.digest_of({"a": [1, {"x": 3, "y": 3}], "b": 1}) != a
    assert not blobs.is_digest("sha256:short") and not blobs.is_digest(["sha256:"])


def test_kept_data_and_its_parsed_value_come_back_without_a_fetch(monkeypatch):
    monkeypatch.setattr(blobs, "_fetch", lambda digest: pytest.fail("no fetch expected"))
    name = blobs.keep([1, 2, 3], ("sum", 6))
    assert blobs.data_of(name) == [1, 2, 3]
    assert blobs.parsed(name, "sum", lambda data: pytest.fail("parsed already")) == 6
    assert blobs.parsed(name, "len", len) == 3


def test_an_unknown_name_is_fetched_once_and_checked(monkeypatch):
    name = blobs.digest_of({"cards": [7]})
    calls = []

    def fetch(digest):
        calls.append(digest)
        return {"cards": [7]}

    monkeypatch.setattr(blobs, "_fetch", fetch)
    assert blobs.data_of(name) == {"cards": [7]} and blobs.data_of(name) == {"cards": [7]}
    assert calls == [name]


def test_fetched_data_that_does_not_match_its_name_is_refused(monkeypatch):
    name = blobs.digest_of({"cards": [7]})
    monkeypatch.setattr(blobs, "_fetch", lambda digest: {"cards": [8]})
    with pytest.raises(blobs.MissingBlob):
        blobs.data_of(name)
    monkeypatch.setattr(blobs, "_fetch", lambda digest: None)
    with pytest.raises(blobs.MissingBlob):
        blobs.data_of(name)


def test_offered_data_answers_while_checked_and_is_not_kept(monkeypatch):
    monkeypatch.setattr(blobs, "_fetch", lambda digest: None)
    good, bad = blobs.digest_of([1]), blobs.digest_of([2])
    offered = {good: [1], bad: [3]}
    assert blobs.wrong_names(offered) == [bad]
    with blobs.offered(offered):
        assert blobs.data_of(good) == [1]
        assert blobs.parsed(good, "len", len) == 1
        with pytest.raises(blobs.MissingBlob):
            blobs.data_of(bad)  # a wrong name answers nothing
    for name in (good, bad):  # nothing of the document stays in this process
        with pytest.raises(blobs.MissingBlob):
            blobs.data_of(name)
    assert not blobs._data_box(good) and not blobs._parsed_box("len", good)


def test_what_is_kept_stays_within_its_bound(monkeypatch):
    monkeypatch.setattr(blobs, "_fetch", lambda digest: None)
    blobs.forget()
    bound = blobs._data_box.cache_info().maxsize
    names = [blobs.keep([i], ("len", 1)) for i in range(bound + 1)]
    assert blobs._data_box.cache_info().currsize == bound
    assert blobs.data_of(names[-1]) == [bound]
    with pytest.raises(blobs.MissingBlob):  # the least recently used went first
        blobs.data_of(names[0])
    blobs.forget()


def test_names_are_found_in_objects_at_any_depth_but_not_in_arrays():
    one, two = blobs.digest_of(1), blobs.digest_of(2)
    state = {"a": one, "b": {"c": {"d": two}}, "e": [one, {"f": blobs.digest_of(3)}], "g": "x"}
    assert blobs.named_in(state) == {one, two}
    assert blobs.named_in([one]) == set()
