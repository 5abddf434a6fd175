"""The tables a device holds, over REST: the home page's "your tables" for a client that keeps
its credentials itself (one token per table), sent in the body since they are secrets."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema, extend_schema_field
from rest_framework import serializers
from rest_framework.decorators import api_view, authentication_classes
from rest_framework.request import Request
from rest_framework.response import Response

from games.api.common import REFUSED, SeatCredential, refusals_answered
from games.services import seating

# As many as a browser's cookies are read for (games/web/credentials.py ``device_secrets``).
MAX_TOKENS = 60


@extend_schema_field({"type": "string", "maxLength": 200})
class TokenField(serializers.Field):
    """Any string: one that is no token (blank, garbled) simply holds no table."""

    def to_internal_value(self, data):
        if not isinstance(data, str) or len(data) > 200:
            self.fail("invalid")
        return data

    def to_representation(self, value):
        return value

    default_error_messages = {"invalid": "A token is a string of at most 200 characters."}


class TokensSerializer(serializers.Serializer):
    tokens = serializers.ListField(
        child=TokenField(),
        max_length=MAX_TOKENS,
        help_text="The tokens the device holds, one per table (a claim's, or a table's keeper's).",
    )


class HeldTableSerializer(serializers.Serializer):
    code = serializers.CharField()
    game = serializers.CharField()
    name = serializers.CharField()
    seat = serializers.CharField(allow_null=True, help_text="The seat the token holds, if any.")
    keeper = serializers.BooleanField()
    group = serializers.CharField(help_text="The table's group; empty: none.")
    results_key = serializers.CharField(
        help_text="The group's results key (`GET /api/results/?key=…`); empty: no group."
    )
    updated = serializers.DateTimeField()


@extend_schema(
    request=TokensSerializer,
    responses={200: HeldTableSerializer(many=True), 400: REFUSED},
    tags=["tables"],
    description="The tables these tokens hold, most recently played first, as the home page "
    "lists a browser's tables: a token that holds nothing (or no longer) is left out.",
)
@api_view(["POST"])
@authentication_classes([SeatCredential])
@refusals_answered
def held_tables(request: Request) -> Response:
    body = TokensSerializer(data=request.data)
    body.is_valid(raise_exception=True)
    return Response(
        [
            {
                "code": table.code,
                "game": table.game,
                "name": table.name,
                "seat": held.seat,
                "keeper": held.keeper,
                "group": table.group,
                "results_key": table.group_key,
                "updated": table.updated,
            }
            for table, held in seating.device_tables(body.validated_data["tokens"])
        ]
    )
