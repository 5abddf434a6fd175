"""The campaign's trays and "where is card #N?" over the REST API (the trays page's twins).

A table's own document (``GET /api/tables/<code>/``, and every move's answer) gives each tray's
count only, as the panel does: the catalog's hundreds of cards would weigh on every move.
These two read them when asked. Nothing in a campaign is secret at the table: the shared
display shows it all, so these answer the public view too.
"""

from __future__ import annotations

from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import serializers, status
from rest_framework.decorators import api_view, authentication_classes
from rest_framework.request import Request
from rest_framework.response import Response

from games.api.common import NOT_FOUND, REFUSED, SeatCredential, refused, table_endpoint
from games.galzyr.campaign_pages import campaign_view_module
from games.galzyr.state import is_story_master
from games.models import Table
from games.services import tables
from games.services.access import Access


class TrayCardSerializer(serializers.Serializer):
    number = serializers.IntegerField()
    name = serializers.CharField()
    label = serializers.CharField(help_text="The card as the app names it: 'card #150 (…)'.")


class TraySerializer(serializers.Serializer):
    key = serializers.CharField(help_text="library, vault, quest_slot, noticeboard, save:<who>")
    label = serializers.CharField()
    cards = TrayCardSerializer(many=True, help_text="In numerical order.")


class CampaignTraysSerializer(serializers.Serializer):
    in_trays = serializers.IntegerField()
    trays = TraySerializer(many=True)
    where = serializers.DictField(
        child=serializers.CharField(), help_text="'Where is card #N?' for every card number."
    )


class WhereSerializer(serializers.Serializer):
    number = serializers.IntegerField()
    where = serializers.CharField()


NO_CAMPAIGN = OpenApiResponse(description="No such table, or it tracks no campaign.")


def _campaign_state(table: Table):
    """The table's parsed state, or None when it tracks no campaign."""
    game = tables.game_of(table)
    if game.slug != "galzyr":
        return None
    state = game.load(table.state)
    return state if state.mode == "campaign" and state.campaign is not None else None


def _no_campaign() -> Response:
    return refused(_("This table does not track a campaign."), status.HTTP_404_NOT_FOUND)


@extend_schema(
    responses={200: CampaignTraysSerializer, 400: REFUSED, 404: NO_CAMPAIGN},
    tags=["campaign"],
    description="Every tray of a Lands of Galzyr campaign card by card, in numerical order, and "
    "where every card number is.",
)
@api_view(["GET"])
@authentication_classes([SeatCredential])
@table_endpoint
def trays(request: Request, table: Table, held: Access) -> Response:
    state = _campaign_state(table)
    if state is None:
        return _no_campaign()
    view = campaign_view_module()
    everything = view.campaign_trays(state)
    where = view.core.where_all(state.campaign, hide_drawn=not is_story_master(state, held.seat))
    return Response({**everything, "where": {str(n): text for n, text in where.items()}})


@extend_schema(
    responses={200: WhereSerializer, 400: REFUSED, 404: NOT_FOUND},
    tags=["campaign"],
    description="Where is card #N? One sentence naming the place of each of its copies.",
)
@api_view(["GET"])
@authentication_classes([SeatCredential])
@table_endpoint
def where(request: Request, table: Table, held: Access, number: int) -> Response:
    state = _campaign_state(table)
    if state is None:
        return _no_campaign()
    if not 0 <= number <= 999:
        return refused(_("Type a card number: 1 to 3 digits, such as 150."))
    answer = campaign_view_module().where_answer(state, number, held.seat)
    return Response({"number": number, "where": answer})
