"""Seating a test client the way a device is seated: a claim row and its credential.

Pages get the signed cookie, the API a bearer token. A seat already held (by an earlier call)
is taken over, so a test can seat several clients at the same seat one after the other.
"""

from __future__ import annotations

from django.core import signing
from rest_framework.test import APIClient

from games.models import Claim, Table
from games.services import access, seating
from games.web import credentials


def claim(table: Table, seat: str | None = "p1", *, keeper: bool = False) -> str:
    """A new credential at ``table`` holding ``seat`` (None: no seat); the secret."""
    if seat:
        Claim.objects.filter(table=table, seat=seat).delete()
    secret = seating.new_secret()
    Claim.objects.create(
        table=table, token_hash=access.digest(secret), seat=seat or "", keeper=keeper
    )
    return secret


def cookie_value(code: str, secret: str) -> str:
    name = credentials.cookie_name(code)
    return signing.get_cookie_signer(salt=name + credentials.COOKIE_SALT).sign(secret)


def sit(client, table: Table, seat: str | None = "p1", *, keeper: bool = False):
    """Seat a Django test client (pages) at ``table``; returns the client."""
    client.cookies[credentials.cookie_name(table.code)] = cookie_value(
        table.code, claim(table, seat, keeper=keeper)
    )
    return client


def api_as(table: Table, seat: str | None = "p1", *, keeper: bool = False) -> APIClient:
    """A REST client holding ``seat`` at ``table`` (a bearer token)."""
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {claim(table, seat, keeper=keeper)}")
    return client
