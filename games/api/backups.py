"""A table's backups over REST: list, back up now, download one, restore one — a keeper's."""

from __future__ import annotations

from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import serializers, status
from rest_framework.decorators import api_view, authentication_classes
from rest_framework.request import Request
from rest_framework.response import Response

from games.api.common import (
    CONFLICT,
    DENIED,
    NOT_FOUND,
    REFUSED,
    ErrorSerializer,
    SeatCredential,
    table_endpoint,
)
from games.api.schema import EXPORT_DOCUMENT
from games.api.tables import MoveResultSerializer, UndoRequestSerializer, moved
from games.models import Backup, Table
from games.services import keeping
from games.services.access import Access, Credential


class RestoreRequestSerializer(UndoRequestSerializer):
    """The table's version: a restore is a write like a move."""


class BackupSerializer(serializers.ModelSerializer):
    token = serializers.CharField(read_only=True, help_text="Addresses the backup in URLs.")
    size = serializers.IntegerField(read_only=True, help_text="Bytes of the saved state.")
    automatic = serializers.BooleanField(
        read_only=True, help_text="Taken by the app; a keeper's own backups have their own quota."
    )

    class Meta:
        model = Backup
        fields = ["token", "created", "version", "label", "size", "automatic"]
        read_only_fields = fields


NO_BACKUP = OpenApiResponse(ErrorSerializer, description="No such table, or no such backup.")


@extend_schema(
    methods=["GET"],
    responses={200: BackupSerializer(many=True), 403: DENIED, 404: NOT_FOUND},
    tags=["backups"],
    description="The table's backups, newest first: the app's automatic ones (the last 20) and "
    "the keeper's own (the last 20). Backups hold every secret: a keeper's credential only.",
)
@extend_schema(
    methods=["POST"],
    request=None,
    responses={201: BackupSerializer, 403: DENIED, 404: NOT_FOUND},
    tags=["backups"],
    description="Back up now: store the table as it is (the oldest of the keeper's own beyond 20 "
    "is dropped; the automatic ones are not touched).",
)
@api_view(["GET", "POST"])
@authentication_classes([SeatCredential])
@table_endpoint
def table_backups(request: Request, table: Table, held: Access) -> Response:
    if request.method == "POST":
        _table, backup = keeping.back_up(table.code, by=held)
        return Response(BackupSerializer(backup).data, status=status.HTTP_201_CREATED)
    return Response(BackupSerializer(keeping.backup_list(table, by=held), many=True).data)


@extend_schema(
    responses={
        200: OpenApiResponse(
            EXPORT_DOCUMENT, description="The table as it was, as an export document."
        ),
        403: DENIED,
        404: NO_BACKUP,
    },
    tags=["backups"],
)
@api_view(["GET"])
@authentication_classes([SeatCredential])
@table_endpoint
def backup_document(request: Request, table: Table, held: Access, token: str) -> Response:
    return Response(keeping.backup_document(table, token, by=held))


@extend_schema(
    request=RestoreRequestSerializer,
    responses={
        200: MoveResultSerializer,
        400: REFUSED,
        403: DENIED,
        404: NO_BACKUP,
        409: CONFLICT,
    },
    tags=["backups"],
    description="Put the backup's state back as a new move in the log (undo takes it back). "
    "Refused with 400, changing nothing, when the game's rules can't take the backup's state.",
)
@api_view(["POST"])
@authentication_classes([SeatCredential])
@moved(RestoreRequestSerializer)
def restore_backup(code: str, body: dict, who: Credential, token: str):
    return keeping.restore_backup(code, token, expected_version=body["version"], by=who)
