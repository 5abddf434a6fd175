"""The keeper's spare link: a way back to a table whose keeping device is lost.

A table's keys (handing out seats, freeing them, export, backups) are on its keeper's devices,
held by one cookie each; a browser that clears its data, a private tab or a dead tablet takes
them with it. So each table has one spare keeper link, shown only to a keeper (the seat page,
with a QR code, to save on a phone or print; the API's ``spare``): opening it on a device makes
that device a keeper. It works until a keeper renews it, which also ends every copy of it.

Like a seat's join key, the link's key is an HMAC of the table's code and a per-table salt
(``Table.spare_salt``) under the server's secret key: a copy of the database alone does not
give it, and a new salt is the renewal. The code finds the table, the key opens the keeping.
"""

from __future__ import annotations

from django.db import transaction
from django.utils.crypto import constant_time_compare, salted_hmac
from django.utils.translation import gettext as _

from games.models import Claim, Table, new_invite_salt
from games.services import tables
from games.services.access import Access, AccessDenied, digest
from games.services.seating import new_secret

SPARE_SALT = "talekeeper.spare-keeper"


def spare_key(table: Table) -> str:
    value = f"{table.code}:{table.spare_salt}"
    return salted_hmac(SPARE_SALT, value).hexdigest()[:24]


def spare_for(table: Table, by: Access) -> str:
    """The table's spare keeper key, for a keeper's eyes only."""
    by.require_keeper()
    return spare_key(table)


def renew_spare(code: str, *, by: Access) -> str:
    """A keeper replaces the spare link (a copy was seen, or used): the old one stops working."""
    by.require_keeper()
    with transaction.atomic():
        table = tables.locked(code)
        table.spare_salt = new_invite_salt()
        table.save(update_fields=["spare_salt"])
    return _("The table has a new spare keeper link; the old one no longer works.")


def refused() -> AccessDenied:
    return AccessDenied(
        _(
            "This spare keeper link does not work: it may have been renewed. A device that "
            "keeps the table shows the current one on its seat page."
        )
    )


def valid_spare(table: Table, key: str) -> bool:
    return constant_time_compare(key or "", spare_key(table))


def use_spare(code: str, key: str, *, secret: str | None) -> tuple[str, Access]:
    """Make the device holding ``secret`` (a new device when None or unknown here) a keeper of
    the table, with the spare ``key``. Returns the secret the device keeps and what it now
    holds (its seat, if it had one, stays). AccessDenied with a wrong or renewed key; nothing
    changes on a refusal."""
    with transaction.atomic():
        table = tables.locked(code)
        if not valid_spare(table, key):
            raise refused()
        claim = None
        if secret:
            claim = Claim.objects.filter(token_hash=digest(secret), table=table).first()
        if claim is None:
            secret = new_secret()
            claim = Claim.objects.create(table=table, token_hash=digest(secret), keeper=True)
        elif not claim.keeper:
            claim.keeper = True
            claim.save(update_fields=["keeper"])
    return secret, Access(seat=claim.seat or None, keeper=True, claim_id=claim.pk)
