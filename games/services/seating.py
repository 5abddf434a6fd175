"""Seats and the keeper: claiming a seat, leaving it, and what only a keeper may do with seats.

The device that starts (or imports) a table is its keeper. A keeper takes any free seat; any
other device takes a seat only through that seat's join link, which the keeper's screen shows
with a QR code. A held seat is never taken silently: its holder leaves it, or a keeper frees
it. Each action is one transaction with the table row locked, so two phones scanning the same
link at once can't both win.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass

from django.db import transaction
from django.utils.crypto import constant_time_compare, salted_hmac
from django.utils.translation import gettext as _

from games.core.engine import RuleError, Seat
from games.models import Claim, Table, new_invite_salt
from games.services import tables
from games.services.access import ANONYMOUS, Access, AccessDenied, SeatHeld, digest

INVITE_SALT = "talekeeper.seat-invite"


@dataclass(frozen=True)
class SeatLine:
    """One seat as the keeper's screen lists it."""

    seat: Seat
    held: bool
    mine: bool
    keeper: bool  # the device holding it is a keeper too
    invite: str  # the join key for this seat's link


def new_secret() -> str:
    return secrets.token_urlsafe(32)


def join_key(table: Table, seat_id: str) -> str:
    """The secret part of a seat's join link: only someone shown the link knows it."""
    value = f"{table.code}:{seat_id}:{table.invite_salt}"
    return salted_hmac(INVITE_SALT, value).hexdigest()[:20]


def held_sentence(label: str) -> str:
    return _(
        "“%(seat)s” is held by another device. Its holder can leave the seat, or the keeper "
        "can free it (if that device is this one and it forgot its seat, ask the keeper)."
    ) % {"seat": label}


def valid_key(table: Table, seat_id: str, invite: str) -> bool:
    return constant_time_compare(invite or "", join_key(table, seat_id))


def _seat(table: Table, seat_id: str) -> Seat:
    for seat in tables.game_of(table).seats(table.state):
        if seat.id == seat_id:
            return seat
    raise RuleError(_("There is no seat “%(seat)s” at this table.") % {"seat": seat_id})


def open_keeper(table: Table) -> str:
    """Make the device that started (or imported) ``table`` its keeper; the secret to keep."""
    secret = new_secret()
    Claim.objects.create(table=table, token_hash=digest(secret), keeper=True)
    return secret


def claim_seat(
    code: str, seat_id: str, *, secret: str | None, invite: str = ""
) -> tuple[str, Access]:
    """Seat the device holding ``secret`` (a new device when None) at ``seat_id``.

    A keeper needs no invite; anyone else needs the seat's join key. Returns the secret the
    device keeps (a new one for a new device) and what it now holds. SeatHeld when another
    device holds the seat; AccessDenied without a valid key; nothing changes on a refusal.
    """
    with transaction.atomic():
        table = tables.locked(code)
        seat = _seat(table, seat_id)
        claim = None
        if secret:
            claim = Claim.objects.filter(token_hash=digest(secret), table=table).first()
        if not (claim and claim.keeper) and not valid_key(table, seat.id, invite):
            raise AccessDenied(
                _(
                    "This join link is not valid for “%(seat)s” (it may have been replaced). "
                    "Ask the keeper for the seat's link or QR code."
                )
                % {"seat": seat.label}
            )
        holder = Claim.objects.filter(table=table, seat=seat.id).first()
        if holder is not None and (claim is None or holder.pk != claim.pk):
            raise SeatHeld(held_sentence(seat.label))
        if claim is None:
            secret = new_secret()
            claim = Claim.objects.create(table=table, token_hash=digest(secret), seat=seat.id)
            tables.seating_changed(table)
        elif claim.seat != seat.id:
            claim.seat = seat.id
            claim.save(update_fields=["seat"])
            tables.seating_changed(table)
    return secret, Access(seat=claim.seat, keeper=claim.keeper, claim_id=claim.pk)


def leave_seat(code: str, by: Access) -> Access:
    """The device gives its seat up; a keeper stays keeper, anyone else holds nothing."""
    by.require_seat()
    with transaction.atomic():
        table = tables.locked(code)
        claim = Claim.objects.filter(pk=by.claim_id, table=table).first()
        if claim is None:
            return ANONYMOUS
        tables.seating_changed(table)
        if claim.keeper:
            claim.seat = ""
            claim.save(update_fields=["seat"])
            return Access(seat=None, keeper=True, claim_id=claim.pk)
        claim.delete()
    return ANONYMOUS


def free_seat(code: str, seat_id: str, *, by: Access) -> str:
    """A keeper frees a seat another device holds (a lost phone, a player swapping devices)."""
    by.require_keeper()
    with transaction.atomic():
        table = tables.locked(code)
        seat = _seat(table, seat_id)
        holder = Claim.objects.filter(table=table, seat=seat.id).first()
        if holder is None:
            raise RuleError(_("No device holds “%(seat)s”.") % {"seat": seat.label})
        tables.seating_changed(table)
        if holder.keeper:
            holder.seat = ""
            holder.save(update_fields=["seat"])
        else:
            holder.delete()
    return _("“%(seat)s” is free again.") % {"seat": seat.label}


def name_keeper(code: str, seat_id: str, *, by: Access) -> str:
    """A keeper makes the device holding ``seat_id`` a keeper too (the story master's, say)."""
    by.require_keeper()
    with transaction.atomic():
        table = tables.locked(code)
        seat = _seat(table, seat_id)
        changed = Claim.objects.filter(table=table, seat=seat.id).update(keeper=True)
        if not changed:
            raise RuleError(
                _("No device holds “%(seat)s”: it must take the seat first.") % {"seat": seat.label}
            )
    return _("The device at “%(seat)s” is a keeper now.") % {"seat": seat.label}


def stop_keeping(code: str, *, by: Access) -> str:
    """A keeper hands the keeping over: once another device keeps the table (name_keeper), this
    one stops (the shared display everyone touches, say), keeping its seat if it has one."""
    by.require_keeper()
    with transaction.atomic():
        table = tables.locked(code)
        others = Claim.objects.filter(table=table, keeper=True).exclude(pk=by.claim_id)
        if not others.exists():
            raise RuleError(_("Make another device a keeper first: a table always has one."))
        claim = Claim.objects.get(pk=by.claim_id)
        if claim.seat:
            claim.keeper = False
            claim.save(update_fields=["keeper"])
        else:
            claim.delete()
    return _("This device no longer keeps the table.")


def new_links(code: str, *, by: Access) -> str:
    """A keeper replaces every join link (one was shared too widely); held seats stay held."""
    by.require_keeper()
    with transaction.atomic():
        table = tables.locked(code)
        table.invite_salt = new_invite_salt()
        table.save(update_fields=["invite_salt"])
    return _("Every seat has a new join link; the old links no longer work.")


def seat_lines(table: Table, by: Access) -> list[SeatLine]:
    """Every seat with who holds it and its join key: the keeper's screen (keepers only)."""
    by.require_keeper()
    holders = {c.seat: c for c in Claim.objects.filter(table=table).exclude(seat="")}
    return [
        SeatLine(
            seat=seat,
            held=seat.id in holders,
            mine=seat.id in holders and holders[seat.id].pk == by.claim_id,
            keeper=seat.id in holders and holders[seat.id].keeper,
            invite=join_key(table, seat.id),
        )
        for seat in tables.game_of(table).seats(table.state)
    ]


def device_tables(secrets_: list[str]) -> list[tuple[Table, Access]]:
    """The tables these credentials (one browser's cookies) hold, most recently updated first."""
    if not secrets_:
        return []
    claims = (
        Claim.objects.filter(token_hash__in=[digest(s) for s in secrets_])
        .select_related("table")
        .only(
            "id",
            "seat",
            "keeper",
            "table__id",
            "table__code",
            "table__game",
            "table__name",
            "table__group",
            "table__group_key",
            "table__updated",
        )
        .order_by("-table__updated")
    )
    return [(c.table, Access(seat=c.seat or None, keeper=c.keeper, claim_id=c.pk)) for c in claims]
