"""A group's card data over REST: read it, or save it whole with the keeper's credential.

The same write as the card-data sheet page (``catalogs.save_sheet``): the data is the game's
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
    SeatCredential,
    table_endpoint,
)
from games.core.engine import RuleError
from games.models import Table
from games.services import card_data as sheet_data
from games.services import catalogs, tables
from games.services.access import Access, AccessDenied, Credential


class CardDataSerializer(serializers.Serializer):
    game = serializers.CharField(read_only=True, help_text="The table's game (its slug).")
    group = serializers.CharField(
        read_only=True, help_text="The table's group; empty: the server's card data."
    )
    version = serializers.IntegerField(
        required=False,
        write_only=True,
        help_text="The table's version: also enter the cards at this table, in one move "
        "(a seat's credential; 409 when the table moved on in a way that matters).",
    )
    data = serializers.JSONField(
        help_text="The card data the group entered beyond what ships with the game, shaped like "
        "the game's catalog YAML (Tales of Danger: sponsors and people by id; Dark Tales: cards "
        "and settings; Tavern Tales: catalog.feats, heroes, rooms, drinks)."
    )


def _answer(table: Table, data: dict) -> Response:
    return Response({"game": table.game, "group": table.group, "data": data})


@extend_schema(
    methods=["GET"],
    responses={200: CardDataSerializer, 404: NOT_FOUND},
    tags=["card data"],
    description="The card data the table's group starts its new tables with (the server's "
    "when the group has saved none). Anyone with the code may read it.",
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
    "sheet does: the group's new tables start with it. The keeper's credential only; a table "
    "with no group has none to save (403). Data that doesn't fit the game's cards is refused "
    "with 400, changing nothing. With the table's `version`, a seat's credential also enters the "
    "cards at this table in one move (the keeper's saves them for the group as well).",
)
@api_view(["GET", "PUT"])
@authentication_classes([SeatCredential])
@table_endpoint
def card_data(request: Request, table: Table, held: Access) -> Response:
    game = tables.game_of(table)
    if game.Catalog is None:
        raise RuleError(_("This game has no card data to enter."))
    if request.method == "PUT":
        body = request.data if isinstance(request.data, dict) else {}
        if "data" not in body:
            raise RuleError(_('Send the card data as {"data": {…}}.'))
        if not table.group_key and body.get("version") is None:
            raise AccessDenied(
                _("This table has no group: a group's card data is saved from one of its tables.")
            )
        groups = frozenset({table.group_key}) if held.keeper and table.group_key else frozenset()
        at = None
        if body.get("version") is not None:  # enter the cards at this table too
            version = body["version"]
            if not isinstance(version, int) or isinstance(version, bool):
                raise RuleError(_("The version must be a whole number."))
            at = sheet_data.AtTable(
                table.code, version, Credential(credentials.api_secret(request))
            )
        done = sheet_data.save(
            game, body["data"], group_key=table.group_key, by=catalogs.Editor(groups=groups), at=at
        )
        return _answer(table, done.data)
    return _answer(table, catalogs.saved(game, table.group_key))
