"""The games this server knows, and a game's card data: the home page's list of games and the
card-data page (``/catalog/<game>/sheet/``) as JSON."""

from __future__ import annotations

from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import serializers, status
from rest_framework.decorators import api_view
from rest_framework.request import Request
from rest_framework.response import Response

from games.api.common import ErrorSerializer, refused
from games.core.registry import all_games, get_game
from games.services import catalogs


class GameSerializer(serializers.Serializer):
    slug = serializers.CharField(help_text="The game's name in the API (`game` of a new table).")
    title = serializers.CharField()
    blurb = serializers.CharField()
    card_data = serializers.BooleanField(
        help_text="Whether the game takes card data a group enters once (`/card-data/`)."
    )


class GameCardDataSerializer(serializers.Serializer):
    game = serializers.CharField(help_text="The game (its slug).")
    data = serializers.JSONField(
        help_text="The card data new tables start with, shaped like the game's catalog YAML."
    )


@extend_schema(
    responses={200: GameSerializer(many=True)},
    tags=["games"],
    description="The games a new table can play, in the home page's order.",
)
@api_view(["GET"])
def games_list(request: Request) -> Response:
    return Response(
        [
            {
                "slug": game.slug,
                "title": game.title,
                "blurb": game.blurb,
                "card_data": game.Catalog is not None,
            }
            for game in all_games().values()
        ]
    )


GROUP = OpenApiParameter(
    "group",
    str,
    required=False,
    description="A group's key (its results link's `key`): that group's card data when it "
    "saved some; left out, the server's.",
)


@extend_schema(
    parameters=[GROUP],
    responses={
        200: GameCardDataSerializer,
        404: OpenApiResponse(ErrorSerializer, description="No such game, or none with card data."),
    },
    tags=["card data"],
    description="The card data a game's new tables start with: the group's, or the server's "
    "when the group saved none (or no group is named). Anyone may read it, as the card-data "
    "page shows it.",
)
@api_view(["GET"])
def game_card_data(request: Request, slug: str) -> Response:
    try:
        game = get_game(slug)
    except LookupError as exc:
        return refused(str(exc), status.HTTP_404_NOT_FOUND)
    if game.Catalog is None:
        return refused(_("This game has no card data to enter."), status.HTTP_404_NOT_FOUND)
    key = request.query_params.get("group", "")
    return Response({"game": game.slug, "data": catalogs.saved(game, key)})
