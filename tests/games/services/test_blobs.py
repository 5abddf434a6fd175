"""games/services/blobs.py: the data states name by digest, read from the tables that store it
once per process, and handed to the rules through the game the services run (``game``)."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from games.core.named import ByDigest, digest_of
from games.core.registry import get_game
from games.models import Table
from games.services import blobs, handed

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def fresh():
    blobs.forget()
    yield
    blobs.forget()


def stored_table(data: dict) -> str:
    name = digest_of(data)
    Table.objects.create(game="galzyr", name="T", state={}, blobs={name: data})
    return name


def test_an_unknown_name_is_read_from_a_table_once():
    name = stored_table({"cards": [7]})
    with CaptureQueriesContext(connection) as queries:
        assert blobs.data_of(name) == {"cards": [7]} and blobs.data_of(name) == {"cards": [7]}
    assert len(queries.captured_queries) == 1


def test_stored_data_that_does_not_match_its_name_is_refused():
    name = digest_of({"cards": [7]})
    Table.objects.create(game="galzyr", name="T", state={}, blobs={name: {"cards": [8]}})
    with pytest.raises(blobs.MissingBlob):
        blobs.data_of(name)
    assert blobs.stored(name) is None and blobs.stored(digest_of("nowhere")) is None


def test_offered_data_answers_while_checked_and_is_not_kept():
    good, bad = digest_of([1]), digest_of([2])
    offered = {good: [1], bad: [3]}
    assert blobs.wrong_names(offered) == [bad]
    with blobs.offered(offered):
        assert blobs.data_of(good) == [1]
        with pytest.raises(blobs.MissingBlob):
            blobs.data_of(bad)  # a wrong name answers nothing
    for name in (good, bad):  # nothing of the document stays in this process
        with pytest.raises(blobs.MissingBlob):
            blobs.data_of(name)


def test_what_is_kept_stays_within_its_bound():
    bound = blobs._kept.cache_info().maxsize
    names = [digest_of([i]) for i in range(bound + 1)]
    for i, name in enumerate(names):
        blobs._kept(ByDigest(name, lambda i=i: [i]))
    assert blobs._kept.cache_info().currsize == bound
    assert blobs.data_of(names[-1]) == [bound]
    with pytest.raises(blobs.MissingBlob):  # the least recently used went first
        blobs.data_of(names[0])


def test_the_services_hand_the_rules_the_stored_data_and_the_registry_stays_pure():
    name = stored_table([1, 2])
    assert handed.game("galzyr").named(name) == [1, 2]
    assert get_game("galzyr").named(name) is None  # the pure game reads nothing itself
    assert handed.game("galzyr").moves is get_game("galzyr").moves
