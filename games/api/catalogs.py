"""A group's catalog over REST (``…/card-data/``): read it, or save it whole with the keeper's
credential.

The same write as the card-data sheet page (``card_sheets.saving``): the data is the game's
catalog as its YAML file holds it (``GET /catalog/<game>/download/`` shows one).
"""

from __future__ import annotations

from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.decorators import api_view, authentication_classes
from rest_framework.request import Request
from rest_framework.response import Response

from games.api import credentials
from games.api.common import (
    CONFLICT,
    DENIED,
    NOT_FOUND,
    REFUSED,
    UNSEATED,
    SeatCredential,
    table_endpoint,
)
from games.core.engine import RuleError
from games.models import Table
from games.services import access, catalogs, group_results, tables
from games.services.access import Access, AccessDenied, Credential
from games.services.card_sheets import saving


class CardDataSerializer(serializers.Serializer):
    game = serializers.CharField(read_only=True, help_text="The table's game (its slug).")
    group = serializers.CharField(
        required=False,
        max_length=60,
        help_text="The table's group; empty: none (the server's card data). In a PUT to a "
        "table without a group, the keeper names its group (at most 60 characters): the table "
        "joins it and the data is saved as the group's, so the group's next tables start with it.",
    )
    version = serializers.IntegerField(
        required=False,
        write_only=True,
        help_text="The table's version: also enter the cards at this table, in one move "
        "(a seat's credential; 409 when the table moved on in a way that matters).",
    )
    group_key = serializers.CharField(
        required=False,
        write_only=True,
        help_text="With `group`: the results key of a group that already plays here (its "
        "results link's `key`), to join that group instead of starting a new one.",
    )
    data = serializers.JSONField(
        help_text="The card data the group entered beyond what ships with the game, shaped like "
        "the game's catalog YAML (Tales of Danger: sponsors and people by id; Dark Tales: cards "
        "and settings; Tavern Tales: catalog.feats, heroes, rooms, drinks)."
    )


def _new_group(table: Table, body: dict, credential: Credential) -> saving.NewGroup | None:
    """The group a PUT names for a table without one (the card-data sheet's group-name field),
    or the group of ``group_key`` when one is sent; another group than a table's own is
    refused (saving.save)."""
    name, key = body.get("group") or None, body.get("group_key") or None
    if not isinstance(name, str | None) or not isinstance(key, str | None):
        raise RuleError(_("A group's name and key are text."))
    if name is None and key is None:
        return None  # "" too: a table without a group, as GET answers it
    own = name is None or group_results.same_name(name, table.group)
    if table.group_key and key in (None, table.group_key) and own:
        return None  # the table's own group, as GET answers it
    if key is not None:  # the key is the group's: its name is the group's too
        name = group_results.group_name(key)
        if name is None:
            raise RuleError(_("No group has that key: leave it out to start a new group."))
    return saving.NewGroup(table.code, name or "", credential, key or "")


def _answer(table: Table, data: dict) -> Response:
    return Response({"game": table.game, "group": table.group, "data": data})


@extend_schema(
    methods=["GET"],
    responses={200: CardDataSerializer, 403: UNSEATED, 404: NOT_FOUND},
    tags=["card data"],
    description="The card data the table's group starts its new tables with (the server's "
    "when the group has saved none), for a seat's or the keeper's credential.",
)
@extend_schema(
    methods=["PUT"],
    request=CardDataSerializer,
    responses={
        200: CardDataSerializer,
        400: REFUSED,
        403: DENIED,
        404: NOT_FOUND,
        409: CONFLICT,
    },
    tags=["card data"],
    description="Save the group's card data for the table's game, whole, as the card-data "
    "sheet does: the group's new tables start with it. The keeper's credential only. A table "
    "with no group: its keeper names the group with `group` (or joins one with `group_key`), "
    "and the table joins it; without either, there is no group's data to save (403). Data that doesn't fit the game's cards is refused "
    "with 400, changing nothing. With the table's `version`, a seat's credential also enters the "
    "cards at this table in one move (the keeper's saves them for the group as well).",
)
@api_view(["GET", "PUT"])
@authentication_classes([SeatCredential])
@table_endpoint
def table_catalog(request: Request, table: Table, held: Access) -> Response:
    if request.method == "GET":
        access.require_reader(held)
    game = tables.game_of(table)
    if game.Catalog is None:
        raise RuleError(_("This game has no card data to enter."))
    if request.method == "PUT":
        body = request.data if isinstance(request.data, dict) else {}
        if "data" not in body:
            raise RuleError(_('Send the card data as {"data": {…}}.'))
        credential = Credential(credentials.api_secret(request))
        named = _new_group(table, body, credential)
        if not table.group_key and named is None and body.get("version") is None:
            raise AccessDenied(
                _(
                    "This table has no group: its keeper names one with “group”, or send the "
                    "table's “version” to enter the cards at this table only."
                )
            )
        groups = frozenset({table.group_key}) if held.keeper and table.group_key else frozenset()
        at = None
        if body.get("version") is not None:  # enter the cards at this table too
            version = body["version"]
            if not isinstance(version, int) or isinstance(version, bool):
                raise RuleError(_("The version must be a whole number."))
            at = saving.AtTable(table.code, version, credential)
        done = saving.save(
            game,
            body["data"],
            group_key=table.group_key,
            by=catalogs.Editor(groups=groups),
            at=at,
            new_group=named,
        )
        if done.named:
            table.refresh_from_db(fields=["group", "group_key"])
        return _answer(table, done.data)
    return _answer(table, catalogs.saved(game, table.group_key))
