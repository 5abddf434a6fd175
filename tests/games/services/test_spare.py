"""The keeper's spare link in the service (games/services/spare.py): the spare key makes a device
a keeper; the code alone, a seat, a renewed key, a forged one or another table's key does not,
and a refusal changes nothing."""

import pytest

from games.models import Claim, Table
from games.services import access, seating, spare, tables
from games.services.access import AccessDenied, TableNotFound
from tests.seating import claim

pytestmark = pytest.mark.django_db


@pytest.fixture
def table():
    return tables.create_table("tally", "Friday", {"players": ["Ada", "Bo"]})


@pytest.fixture
def keeper(table):
    return seating.open_keeper(table)


def fresh(table):
    return Table.objects.get(pk=table.pk)


def keeper_access(table, secret):
    return access.claim_access(table.code, secret)


def claims(table):
    return sorted(Claim.objects.filter(table=table).values_list("token_hash", "seat", "keeper"))


def test_a_keeper_reads_the_spare_and_a_new_device_keeps_the_table_with_it(table, keeper):
    key = spare.spare_for(table, keeper_access(table, keeper))
    secret, got = spare.use_spare(table.code, key, secret=None)
    assert got.keeper and got.seat is None
    assert keeper_access(table, secret) == got
    assert secret != keeper
    # The new keeper frees a seat the lost device held, as any keeper does.
    seating.claim_seat(table.code, "p1", secret=keeper)
    assert seating.free_seat(table.code, "p1", by=got)
    assert access.held_seats(table, fresh=True) == set()


def test_the_spare_makes_a_seated_phone_a_keeper_and_it_keeps_its_seat(table, keeper):
    phone = claim(table, "p2")
    key = spare.spare_key(fresh(table))
    same, got = spare.use_spare(table.code, key, secret=phone)
    assert same == phone
    assert (got.seat, got.keeper) == ("p2", True)


def test_the_spare_stays_usable_until_renewed(table, keeper):
    key = spare.spare_key(fresh(table))
    spare.use_spare(table.code, key, secret=None)
    spare.use_spare(table.code, key, secret=None)
    assert Claim.objects.filter(table=table, keeper=True).count() == 3


def test_only_a_keeper_reads_or_renews_the_spare(table, keeper):
    player = keeper_access(table, claim(table, "p1"))
    for who in (access.ANONYMOUS, player):
        with pytest.raises(AccessDenied):
            spare.spare_for(table, who)
        with pytest.raises(AccessDenied):
            spare.renew_spare(table.code, by=who)
    assert fresh(table).spare_salt == table.spare_salt


@pytest.mark.parametrize(
    "forge",
    [
        lambda t: "",
        lambda t: t.code,  # the code alone
        lambda t: "0" * 24,
        lambda t: spare.spare_key(t)[:-1] + ("0" if spare.spare_key(t)[-1] != "0" else "1"),
        lambda t: seating.join_key(t, "p1"),  # a seat's join key is not the spare
        lambda t: spare.spare_key(t) + "0",
    ],
)
def test_a_forged_key_makes_no_one_a_keeper_and_changes_nothing(table, keeper, forge):
    phone = claim(table, "p1")
    before = claims(table)
    for secret in (None, phone):
        with pytest.raises(AccessDenied, match="spare keeper link does not work"):
            spare.use_spare(table.code, forge(fresh(table)), secret=secret)
    assert claims(table) == before
    assert not keeper_access(table, phone).keeper


def test_a_renewed_spare_stops_working_and_the_new_one_works(table, keeper):
    old = spare.spare_key(fresh(table))
    message = spare.renew_spare(table.code, by=keeper_access(table, keeper))
    assert "old one no longer works" in message
    new = spare.spare_key(fresh(table))
    assert new != old
    before = claims(table)
    with pytest.raises(AccessDenied):
        spare.use_spare(table.code, old, secret=None)
    assert claims(table) == before
    _secret, got = spare.use_spare(table.code, new, secret=None)
    assert got.keeper


def test_another_tables_spare_opens_nothing_here(table, keeper):
    other = tables.create_table("tally", "Saturday", {"players": ["Ada", "Bo"]})
    other.spare_salt = table.spare_salt  # even with the same salt: the code is in the key
    other.save(update_fields=["spare_salt"])
    with pytest.raises(AccessDenied):
        spare.use_spare(table.code, spare.spare_key(fresh(other)), secret=None)


def test_an_unknown_table_is_not_found(table):
    with pytest.raises(TableNotFound):
        spare.use_spare("NOPE-NOPE-00", spare.spare_key(table), secret=None)
