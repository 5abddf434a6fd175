"""Results over REST: a finished table's scores over time (the scores page's chart) and a
group's finished games (the results page), from the services the pages use."""

from __future__ import annotations

from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import serializers, status
from rest_framework.decorators import api_view, authentication_classes
from rest_framework.request import Request
from rest_framework.response import Response

from games.api.common import (
    NOT_FOUND,
    UNSEATED,
    ErrorSerializer,
    SeatCredential,
    refused,
    table_endpoint,
)
from games.models import Table
from games.services import access, group_results, record
from games.services.access import Access

KEY_TOO = OpenApiParameter(
    "key",
    str,
    required=False,
    description="The table's group's results key: reads a table without a credential.",
)


class ScoresSerializer(serializers.Serializer):
    finished = serializers.BooleanField(
        help_text="Whether the game is over; a running game's scores may be secret, so they are "
        "given once it is."
    )
    unit = serializers.CharField(
        allow_null=True, help_text='What a step is: "round", "turn" or "move".'
    )
    score = serializers.CharField(
        allow_null=True, help_text='What the game scores: "points", "vp" or "prestige".'
    )
    steps = serializers.ListField(child=serializers.CharField(), help_text="The steps' numbers.")
    start = serializers.DictField(
        child=serializers.IntegerField(), help_text="Each player's score before the first move."
    )
    series = serializers.DictField(
        child=serializers.ListField(child=serializers.IntegerField()),
        help_text="Each player's score at the end of every step.",
    )


@extend_schema(
    parameters=[KEY_TOO],
    responses={200: ScoresSerializer, 403: UNSEATED, 404: NOT_FOUND},
    tags=["results"],
    description="A finished table's scores at the end of each round (or turn, or move), undone "
    "moves left out: the scores page's chart as numbers. While the game runs, only "
    "`finished: false`. For a seat's or the keeper's credential, or with the group's results "
    "key (`?key=`, as the group's results link lists its tables), as the page.",
)
@api_view(["GET"])
@authentication_classes([SeatCredential])
@table_endpoint
def table_scores(request: Request, table: Table, held: Access) -> Response:
    access.require_reader(held, table, request.query_params.get("key", ""))
    line = record.finished_timeline(table)
    if line is None:
        empty = {"unit": None, "score": None, "steps": [], "start": {}, "series": {}}
        return Response({"finished": False, **empty})
    return Response(
        {
            "finished": True,
            "unit": line.unit,
            "score": line.score,
            "steps": line.steps,
            "start": line.start,
            "series": line.series,
        }
    )


class FinishedTableSerializer(serializers.Serializer):
    code = serializers.CharField(help_text="The table's code (its scores: `…/scores/`).")
    name = serializers.CharField()
    created = serializers.DateTimeField()
    scores = serializers.DictField(
        child=serializers.IntegerField(), help_text="Final score by player."
    )
    winners = serializers.ListField(child=serializers.CharField())
    summary = serializers.CharField()


class GameResultsSerializer(serializers.Serializer):
    game = serializers.CharField(help_text="The game (its slug).")
    title = serializers.CharField()
    tables = FinishedTableSerializer(many=True, help_text="Oldest first.")


class GroupResultsSerializer(serializers.Serializer):
    group = serializers.CharField()
    games = GameResultsSerializer(many=True)


KEY = OpenApiParameter(
    "key", str, required=True, description="The group's results key (its results link's `key`)."
)


def _finished(table: Table, game, outcome) -> dict:
    """A finished table's line, its scores by the players' names (the seats' labels)."""
    labels = {seat.id: seat.label for seat in game.seats(table.state)}
    return {
        "code": table.code,
        "name": table.name,
        "created": table.created,
        "scores": {labels.get(seat, seat): score for seat, score in outcome.scores.items()},
        "winners": [labels.get(seat, seat) for seat in outcome.winners],
        "summary": outcome.summary,
    }


@extend_schema(
    parameters=[KEY],
    responses={
        200: GroupResultsSerializer,
        404: OpenApiResponse(ErrorSerializer, description="No group has this key."),
    },
    tags=["results"],
    description="A group's finished games by game, as its results link shows them: anyone with "
    "the key sees them.",
)
@api_view(["GET"])
def results_of_group(request: Request) -> Response:
    key = request.query_params.get("key", "")
    group = group_results.group_name(key)
    if group is None:
        return refused(
            _("This results link does not work. Ask a player of the group for it."),
            status.HTTP_404_NOT_FOUND,
        )
    games = [
        {
            "game": slug,
            "title": finished[0][1].title,
            "tables": [_finished(table, game, outcome) for table, game, outcome in finished],
        }
        for slug, finished in group_results.finished_by_game(key).items()
    ]
    return Response({"group": group, "games": games})
