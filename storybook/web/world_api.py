"""The worlds API: list the loaded worlds (anyone), upload a world bundle (zip; a librarian)."""

from __future__ import annotations

from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiResponse, extend_schema, inline_serializer
from rest_framework import serializers, status
from rest_framework.decorators import api_view, parser_classes, permission_classes
from rest_framework.parsers import FormParser, MultiPartParser
from rest_framework.request import Request
from rest_framework.response import Response

from librarians import IsLibrarianOrReadOnly
from storybook import services
from storybook.models import World


class WorldSerializer(serializers.Serializer):
    slug = serializers.CharField()
    name = serializers.CharField()
    scenes = serializers.IntegerField(source="scene_count")
    cards = serializers.IntegerField(source="card_count")
    content_hash = serializers.CharField()
    loaded = serializers.DateTimeField()
    warnings = serializers.ListField(child=serializers.CharField())


class UploadSerializer(serializers.Serializer):
    bundle = serializers.FileField(help_text="A zip of the world's folder, at most 20 MB.")


class UploadResultSerializer(serializers.Serializer):
    status = serializers.ChoiceField(choices=["created", "updated", "unchanged"])
    world = WorldSerializer()


REFUSED = OpenApiResponse(
    inline_serializer(
        "WorldRefused",
        {
            "error": serializers.CharField(),
            "diagnostics": serializers.ListField(
                child=serializers.CharField(), help_text="file:line: severity: message"
            ),
        },
    ),
    description="Nothing was loaded: a sentence, and every lint finding as file:line.",
)
NOT_A_LIBRARIAN = {
    401: OpenApiResponse(
        inline_serializer("LibrarianRequired", {"error": serializers.CharField()}),
        description=(
            "No credentials: sign in (session and CSRF token) or send a librarian's token, "
            "`Authorization: Token …`. Nothing changed."
        ),
    ),
    403: OpenApiResponse(
        inline_serializer("NotALibrarian", {"error": serializers.CharField()}),
        description=(
            "The user lacks the permission storybook.edit_worlds, or a session request "
            "came without its CSRF token. Nothing changed."
        ),
    ),
}


def world_json(world: World) -> dict:
    return WorldSerializer(world).data


@extend_schema(
    methods=["GET"],
    responses={200: WorldSerializer(many=True)},
    tags=["worlds"],
    description="Every loaded world (without its scenes).",
)
@extend_schema(
    methods=["POST"],
    request={"multipart/form-data": UploadSerializer},
    responses={
        201: UploadResultSerializer,
        200: UploadResultSerializer,
        400: REFUSED,
        **NOT_A_LIBRARIAN,
    },
    tags=["worlds"],
    description=(
        "Upload a world bundle: checked (size, zip safety), linted and loaded like "
        "`manage.py load_world`. 201 for a new world, 200 when it replaced (or equalled) the "
        "world with the same slug. A librarian only (the permission storybook.edit_worlds)."
    ),
)
@api_view(["GET", "POST"])
@parser_classes([MultiPartParser, FormParser])
@permission_classes([IsLibrarianOrReadOnly])
def worlds(request: Request) -> Response:
    if request.method == "GET":
        return Response([world_json(w) for w in services.loaded_worlds()])
    upload = request.FILES.get("bundle")
    if upload is None:
        return Response(
            {"error": _("Send the world bundle as the file field “bundle”."), "diagnostics": []},
            status=status.HTTP_400_BAD_REQUEST,
        )
    try:
        world = services.import_world_zip(upload, upload.name)
    except services.WorldRefused as exc:
        return Response(
            {"error": str(exc), "diagnostics": exc.diagnostics},
            status=status.HTTP_400_BAD_REQUEST,
        )
    code = status.HTTP_201_CREATED if world.status == "created" else status.HTTP_200_OK
    return Response({"status": world.status, "world": world_json(world)}, status=code)
