"""Seats and the keeper in the service (games/services/seating.py): claiming with a join key, a held
seat refused without a change, leaving, freeing, naming a keeper, new links, and two devices
claiming one seat at the same moment."""

import threading

import pytest
from django.db import connection

from games.core.engine import RuleError
from games.models import Claim, Table
from games.services import access, seating, tables
from games.services.access import ANONYMOUS, AccessDenied, TableNotFound
from tests.seating import claim

pytestmark = pytest.mark.django_db


@pytest.fixture
def table():
    return tables.create_table("tally", "Friday", {"players": ["Ada", "Bo"]})


@pytest.fixture
def keeper(table):
    """The secret of the device that started the table."""
    return seating.open_keeper(table)


def key(table, seat):
    return seating.join_key(Table.objects.get(pk=table.pk), seat)


def claims(table):
    """Who holds what, to compare before and after a refusal."""
    return sorted(Claim.objects.filter(table=table).values_list("token_hash", "seat", "keeper"))


def held(table, secret):
    return access.claim_access(table.code, secret)


def test_the_device_that_starts_a_table_keeps_it_holding_no_seat(table, keeper):
    assert held(table, keeper) == access.Access(
        seat=None, keeper=True, claim_id=Claim.objects.get().pk
    )
    assert access.held_seats(table, fresh=True) == set()


def test_a_join_key_claims_its_seat_for_a_new_device(table, keeper):
    secret, got = seating.claim_seat(table.code, "p1", secret=None, invite=key(table, "p1"))
    assert (got.seat, got.keeper) == ("p1", False)
    assert held(table, secret) == got
    assert secret != keeper and len(secret) >= 40
    # Only the secret's digest is stored: a copy of the database hands out no credential.
    claim = Claim.objects.get(seat="p1")
    assert claim.token_hash == access.digest(secret) and secret not in claim.token_hash
    assert access.held_seats(table, fresh=True) == {"p1"}


@pytest.mark.parametrize("invite", ["", "0" * 20], ids=["no key", "wrong key"])
def test_without_the_seats_key_nothing_is_claimed(table, keeper, invite):
    before = claims(table)
    with pytest.raises(AccessDenied, match="join link is not valid"):
        seating.claim_seat(table.code, "p1", secret=None, invite=invite)
    assert claims(table) == before


def test_one_seats_key_opens_no_other_seat_and_no_other_table(table, keeper):
    other = tables.create_table("tally", "Other", {"players": ["Ada", "Bo"]})
    with pytest.raises(AccessDenied):
        seating.claim_seat(table.code, "p2", secret=None, invite=key(table, "p1"))
    with pytest.raises(AccessDenied):
        seating.claim_seat(other.code, "p1", secret=None, invite=key(table, "p1"))
    assert key(table, "p1") != key(other, "p1")
    assert not Claim.objects.exclude(seat="").exists()


def test_a_keeper_takes_any_free_seat_without_a_key(table, keeper):
    secret, got = seating.claim_seat(table.code, "table", secret=keeper)
    assert secret == keeper  # the same device, the same credential
    assert (got.seat, got.keeper) == ("table", True)
    # Moving to another seat frees the first one.
    _, got = seating.claim_seat(table.code, "p2", secret=keeper)
    assert got.seat == "p2" and access.held_seats(table, fresh=True) == {"p2"}
    assert Claim.objects.count() == 1


def test_a_held_seat_is_refused_and_nothing_changes(table, keeper):
    first, _ = seating.claim_seat(table.code, "p1", secret=None, invite=key(table, "p1"))
    before = claims(table)
    with pytest.raises(seating.SeatHeld, match="“Ada” is held by another device"):
        seating.claim_seat(table.code, "p1", secret=None, invite=key(table, "p1"))
    with pytest.raises(seating.SeatHeld):
        seating.claim_seat(table.code, "p1", secret=keeper)  # not even by the keeper
    assert claims(table) == before
    assert held(table, first).seat == "p1"
    assert held(table, keeper).seat is None


def test_the_holder_claiming_its_own_seat_again_changes_nothing(table, keeper):
    secret, got = seating.claim_seat(table.code, "p1", secret=None, invite=key(table, "p1"))
    again, same = seating.claim_seat(table.code, "p1", secret=secret, invite=key(table, "p1"))
    assert (again, same) == (secret, got)
    assert Claim.objects.filter(seat="p1").count() == 1


def test_leave_then_another_device_claims_the_seat(table, keeper):
    first, got = seating.claim_seat(table.code, "p1", secret=None, invite=key(table, "p1"))
    assert seating.leave_seat(table.code, by=got) == ANONYMOUS
    assert held(table, first) == ANONYMOUS  # the credential is gone with the claim
    second, got = seating.claim_seat(table.code, "p1", secret=None, invite=key(table, "p1"))
    assert got.seat == "p1" and held(table, second) == got


def test_a_keeper_who_leaves_its_seat_stays_keeper(table, keeper):
    _, got = seating.claim_seat(table.code, "table", secret=keeper)
    left = seating.leave_seat(table.code, by=got)
    assert (left.seat, left.keeper) == (None, True)
    assert held(table, keeper) == left
    assert access.held_seats(table, fresh=True) == set()


def test_leaving_without_a_seat_is_refused(table, keeper):
    with pytest.raises(AccessDenied, match="holds no seat"):
        seating.leave_seat(table.code, by=ANONYMOUS)
    with pytest.raises(AccessDenied):
        seating.leave_seat(table.code, by=held(table, keeper))


def test_the_keeper_frees_a_held_seat(table, keeper):
    lost, _ = seating.claim_seat(table.code, "p1", secret=None, invite=key(table, "p1"))
    by = held(table, keeper)
    assert seating.free_seat(table.code, "p1", by=by) == "“Ada” is free again."
    assert held(table, lost) == ANONYMOUS  # the lost phone's credential opens nothing now
    _, got = seating.claim_seat(table.code, "p1", secret=None, invite=key(table, "p1"))
    assert got.seat == "p1"
    with pytest.raises(RuleError, match="No device holds “Bo”"):
        seating.free_seat(table.code, "p2", by=by)


def test_freeing_a_keepers_seat_leaves_it_keeper(table, keeper):
    seating.claim_seat(table.code, "table", secret=keeper)
    seating.free_seat(table.code, "table", by=held(table, keeper))
    assert held(table, keeper).seat is None and held(table, keeper).keeper


def test_only_a_keeper_frees_a_seat(table, keeper):
    _, ada = seating.claim_seat(table.code, "p1", secret=None, invite=key(table, "p1"))
    _, bo = seating.claim_seat(table.code, "p2", secret=None, invite=key(table, "p2"))
    before = claims(table)
    for by in (bo, ANONYMOUS):
        with pytest.raises(AccessDenied, match="Only the table's keeper"):
            seating.free_seat(table.code, "p1", by=by)
    assert claims(table) == before


def test_the_keeper_names_another_keeper(table, keeper):
    secret, got = seating.claim_seat(table.code, "p1", secret=None, invite=key(table, "p1"))
    with pytest.raises(AccessDenied):
        seating.name_keeper(table.code, "p1", by=got)  # not by itself
    assert not held(table, secret).keeper
    message = seating.name_keeper(table.code, "p1", by=held(table, keeper))
    assert message == "The device at “Ada” is a keeper now."
    named = held(table, secret)
    assert (named.seat, named.keeper) == ("p1", True)
    # Now it does what a keeper does: free a seat, take a free one without a key.
    seating.claim_seat(table.code, "p2", secret=None, invite=key(table, "p2"))
    seating.free_seat(table.code, "p2", by=named)
    with pytest.raises(RuleError, match="must take the seat first"):
        seating.name_keeper(table.code, "table", by=named)


def test_new_links_replace_every_key_and_keep_held_seats(table, keeper):
    holder, _ = seating.claim_seat(table.code, "p1", secret=None, invite=key(table, "p1"))
    old = key(table, "p2")
    with pytest.raises(AccessDenied):
        seating.new_links(table.code, by=held(table, holder))
    assert key(table, "p2") == old
    seating.new_links(table.code, by=held(table, keeper))
    assert key(table, "p2") != old
    with pytest.raises(AccessDenied, match="join link is not valid"):
        seating.claim_seat(table.code, "p2", secret=None, invite=old)
    _, got = seating.claim_seat(table.code, "p2", secret=None, invite=key(table, "p2"))
    assert got.seat == "p2"
    assert held(table, holder).seat == "p1"  # held seats stay held


def test_seat_lines_are_the_keepers(table, keeper):
    _, ada = seating.claim_seat(table.code, "p1", secret=None, invite=key(table, "p1"))
    seating.claim_seat(table.code, "table", secret=keeper)
    lines = seating.seat_lines(Table.objects.get(pk=table.pk), held(table, keeper))
    assert [(s.seat.id, s.held, s.mine, s.keeper) for s in lines] == [
        ("table", True, True, True),
        ("p1", True, False, False),
        ("p2", False, False, False),
    ]
    assert [s.invite for s in lines] == [key(table, s) for s in ("table", "p1", "p2")]
    with pytest.raises(AccessDenied):
        seating.seat_lines(table, ada)


def test_an_unknown_seat_or_table_is_refused(table, keeper):
    with pytest.raises(RuleError, match="no seat “p9”"):
        seating.claim_seat(table.code, "p9", secret=keeper)
    with pytest.raises(TableNotFound):
        seating.claim_seat("ZZZZZZZZZZ", "p1", secret=None, invite="x")
    assert Claim.objects.count() == 1


def test_a_device_lists_only_the_tables_it_holds(table, keeper):
    other = tables.create_table("tally", "Other", {"players": ["Ada", "Bo"]})
    mine, _ = seating.claim_seat(table.code, "p1", secret=None, invite=key(table, "p1"))
    assert [(t.code, a.seat) for t, a in seating.device_tables([mine])] == [(table.code, "p1")]
    assert seating.device_tables([]) == []
    assert seating.device_tables(["made up"]) == []
    assert other.code not in [t.code for t, _ in seating.device_tables([mine, keeper])]


DEVICES = 4
ROUNDS = 3


def race(code: str, invite: str) -> tuple[list[str], int, list[BaseException]]:
    """DEVICES new devices claim "p1" with its join key at the same moment: the winners'
    secrets, how many were told the seat is held, and anything else that went wrong."""
    start = threading.Barrier(DEVICES)
    won: list[str] = []
    held_: list[str] = []
    failures: list[BaseException] = []
    lock = threading.Lock()

    def device() -> None:
        try:
            start.wait()
            try:
                secret, got = seating.claim_seat(code, "p1", secret=None, invite=invite)
            except seating.SeatHeld:
                with lock:
                    held_.append("held")
            else:
                assert got.seat == "p1"
                with lock:
                    won.append(secret)
        except BaseException as exc:  # surfaced by the test: a thread can't fail it itself
            failures.append(exc)
        finally:
            connection.close()

    threads = [threading.Thread(target=device) for _ in range(DEVICES)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    return won, len(held_), failures


@pytest.mark.django_db(transaction=True)
def test_two_devices_claiming_one_seat_at_once_only_one_wins():
    """Phones scanning the same QR code together: the table row's lock lets one through."""
    table = tables.create_table("tally", "Rush", {"players": ["Ada", "Bo"]})
    keeper = access.claim_access(table.code, seating.open_keeper(table))
    invite = seating.join_key(table, "p1")
    for _round in range(ROUNDS):
        won, refused, failures = race(table.code, invite)
        assert not failures, failures
        assert len(won) == 1 and refused == DEVICES - 1
        (holder,) = Claim.objects.filter(table=table, seat="p1")
        assert holder.token_hash == access.digest(won[0])
        assert Claim.objects.filter(table=table).count() == 2  # the keeper and the winner
        seating.free_seat(table.code, "p1", by=keeper)  # the next round races again


def test_a_keeper_hands_the_keeping_over_and_then_stops(table):

    display = claim(table, "table", keeper=True)
    display_access = access.claim_access(table.code, display)
    with pytest.raises(RuleError, match="another device a keeper first"):
        seating.stop_keeping(table.code, by=display_access)
    claim(table, "p1")
    seating.name_keeper(table.code, "p1", by=display_access)
    seating.stop_keeping(table.code, by=display_access)
    shown = Claim.objects.get(table=table, seat="table")
    assert not shown.keeper  # keeps its seat, not the table
    assert Claim.objects.get(table=table, seat="p1").keeper
