"""The catalog API of a world: read or replace one card; export or import the catalog and map
(a YAML file, or the same document as JSON). The same service as the catalog page
(``storybook.world_edit``): every change is validated like loading the world, and a refused
one saves nothing (400 with the findings). Reading is open; writing needs a librarian
(``librarians``).
"""

from __future__ import annotations

from django.http import HttpResponse
from django.utils.translation import gettext as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import (
    OpenApiParameter,
    OpenApiResponse,
    extend_schema,
    inline_serializer,
)
from rest_framework import serializers, status
from rest_framework.decorators import api_view, parser_classes, permission_classes
from rest_framework.exceptions import NotFound
from rest_framework.parsers import BaseParser, MultiPartParser
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.settings import api_settings
from ruamel.yaml import YAML

from librarians import IsLibrarianOrReadOnly
from storybook import world_edit
from storybook.models import World
from storybook.web.world_api import NOT_A_LIBRARIAN, REFUSED, world_json


class YAMLParser(BaseParser):
    """The request body as text, unparsed: the service parses it (with line numbers)."""

    media_type = "application/yaml"

    def parse(self, stream, media_type=None, parser_context=None):
        # One byte over the limit is enough for the service to refuse it by its size.
        return {"yaml": stream.read(world_edit.MAX_BYTES + 1) if stream is not None else b""}


class TextYAMLParser(YAMLParser):
    media_type = "text/yaml"


class PlainTextParser(YAMLParser):
    media_type = "text/plain"


CARD = inline_serializer(
    "CatalogCard",
    {
        "number": serializers.IntegerField(min_value=0, max_value=999),
        "type": serializers.CharField(),
        "name": serializers.CharField(),
        "copies": serializers.IntegerField(required=False),
    },
)
CHANGES = inline_serializer(
    "CatalogChanges",
    {
        "counts": serializers.DictField(child=serializers.IntegerField()),
        "renamed": serializers.ListField(child=serializers.DictField()),
        "copies": serializers.ListField(child=serializers.DictField()),
        "edited": serializers.ListField(child=serializers.CharField()),
        "added": serializers.ListField(child=serializers.CharField()),
        "removed": serializers.ListField(child=serializers.CharField()),
        "routes_added": serializers.ListField(child=serializers.CharField()),
        "routes_removed": serializers.ListField(child=serializers.CharField()),
        "location_cards": serializers.ListField(child=serializers.DictField()),
        "locations": serializers.ListField(child=serializers.CharField()),
        "terrain": serializers.ListField(child=serializers.CharField()),
    },
)
SAVED = inline_serializer(
    "CatalogSaved",
    {
        "saved": serializers.BooleanField(help_text="False: nothing changed, or a dry run."),
        "summary": serializers.CharField(),
        "changes": CHANGES,
        "warnings": serializers.ListField(child=serializers.CharField()),
        "world": serializers.DictField(),
    },
)
CATALOG = inline_serializer(
    "CatalogDocument",
    {
        "format": serializers.CharField(),
        "world": serializers.CharField(help_text="The world's slug."),
        "cards": serializers.ListField(child=serializers.DictField()),
        "terrain": serializers.ListField(child=serializers.DictField()),
        "locations": serializers.ListField(child=serializers.DictField()),
        "routes": serializers.ListField(child=serializers.DictField()),
    },
)
# The JSON form of the catalog is its YAML export read back: the same document, one writer.
_SAFE = YAML(typ="safe", pure=True)
NOT_FOUND = OpenApiResponse(
    inline_serializer("CatalogNotFound", {"error": serializers.CharField()}),
    description="No such world (or card).",
)


def _world(slug: str) -> world_edit.CardsAndMap:
    try:
        return world_edit.cards_and_map(slug)
    except World.DoesNotExist:
        raise NotFound(_("No world is loaded under this name.")) from None


def _refused(exc: world_edit.EditRefused) -> Response:
    return Response(
        {"error": str(exc), "diagnostics": exc.diagnostics}, status=status.HTTP_400_BAD_REQUEST
    )


def _saved(result: world_edit.Saved, **extra) -> dict:
    return {
        "saved": result.saved,
        "summary": result.changes.summary(),
        "changes": result.changes.as_json(),
        "warnings": result.warnings,
        "world": world_json(result.world),
        **extra,
    }


@extend_schema(
    methods=["GET"],
    responses={200: CARD, 404: NOT_FOUND},
    tags=["worlds"],
    description="One card of the world's catalog, as an entry of cards.yaml (defaults left out).",
)
@extend_schema(
    methods=["PUT"],
    request=CARD,
    responses={
        200: SAVED,
        201: SAVED,
        400: REFUSED,
        404: NOT_FOUND,
        **NOT_A_LIBRARIAN,
    },
    tags=["worlds"],
    description=(
        "Replace the card (or add it: 201) with an entry of cards.yaml as JSON. Validated like "
        "loading the world (schema, then lint of the whole world); nothing is saved on an error. "
        "The answer says what changed and the card as saved. A librarian only."
    ),
)
@api_view(["GET", "PUT"])
@permission_classes([IsLibrarianOrReadOnly])
def card(request: Request, slug: str, number: int) -> Response:
    if request.method == "GET":
        try:
            return Response(world_edit.card_json(_world(slug), number))
        except world_edit.CardNotFound as exc:
            raise NotFound(str(exc)) from None
    try:
        result = world_edit.replace_card(slug, number, request.data)
    except World.DoesNotExist:
        raise NotFound(_("No world is loaded under this name.")) from None
    except world_edit.EditRefused as exc:
        return _refused(exc)
    code = status.HTTP_201_CREATED if result.changes.added else status.HTTP_200_OK
    return Response(_saved(result, card=world_edit.card_json(result.world, number)), status=code)


@extend_schema(
    methods=["GET"],
    parameters=[
        OpenApiParameter(
            "format",
            str,
            enum=["json"],
            description="json: the catalog as JSON. Left out: the YAML file, as a download.",
        )
    ],
    responses={
        (200, "application/json"): CATALOG,
        (200, "application/yaml"): OpenApiResponse(
            OpenApiTypes.BINARY, description="The YAML file (without format=json)."
        ),
        404: NOT_FOUND,
    },
    tags=["worlds"],
    description=(
        "The world's card catalog and map: `cards` as in cards.yaml; `terrain`, `locations` and "
        "`routes` as in world.yaml. A YAML file to download (the import's format), or the same "
        "document as JSON with format=json."
    ),
)
@extend_schema(
    methods=["POST"],
    request={
        "application/json": inline_serializer(
            "CatalogText",
            {"yaml": serializers.CharField(help_text="The catalog file's text (YAML).")},
        ),
        "multipart/form-data": inline_serializer(
            "CatalogUpload", {"file": serializers.FileField(help_text="At most 1 MB.")}
        ),
    },
    parameters=[
        OpenApiParameter(
            "dry_run", bool, description="Only check and say what would change (true/1)."
        ),
        OpenApiParameter(
            "expected_hash",
            str,
            description="Refuse if the world's content_hash is no longer this one.",
        ),
    ],
    responses={200: SAVED, 400: REFUSED, 404: NOT_FOUND, **NOT_A_LIBRARIAN},
    tags=["worlds"],
    description=(
        "Import a catalog file (the export's format): checked completely first (size ≤ 1 MB, "
        "UTF-8, YAML 1.2, duplicate keys, schema with line numbers, then lint of the whole "
        "world) and saved only without errors. Send its text as JSON (`yaml`), as the file "
        "field `file`, or as the body itself (`Content-Type: application/yaml`). A librarian "
        "only, dry runs too."
    ),
)
@api_view(["GET", "POST"])
@parser_classes(
    [
        YAMLParser,
        TextYAMLParser,
        PlainTextParser,
        MultiPartParser,
        *api_settings.DEFAULT_PARSER_CLASSES,
    ]
)
@permission_classes([IsLibrarianOrReadOnly])
def cards_and_map(request: Request, slug: str) -> Response | HttpResponse:
    if request.method == "GET":
        world = _world(slug)
        if request.query_params.get("format") == "json":
            return Response(_SAFE.load(world_edit.export_yaml(world)))
        response = HttpResponse(
            world_edit.export_yaml(world), content_type="application/yaml; charset=utf-8"
        )
        response["Content-Disposition"] = f'attachment; filename="{world.slug}-catalog.yaml"'
        return response
    upload = request.FILES.get("file") if hasattr(request, "FILES") else None
    filename = "catalog.yaml"
    if upload is not None:
        raw = (
            b"x" * (world_edit.MAX_BYTES + 1)
            if upload.size > world_edit.MAX_BYTES
            else upload.read()
        )
        filename = upload.name or filename
    else:
        # The YAML parsers give {"yaml": bytes}; JSON may send {"yaml": "text"}.
        raw = request.data.get("yaml", b"") if isinstance(request.data, dict) else b""
        if not isinstance(raw, bytes | str):
            raw = b""
    if not raw:
        return Response(
            {
                "error": _("Send the YAML as the body (application/yaml) or as the file “file”."),
                "diagnostics": [],
            },
            status=status.HTTP_400_BAD_REQUEST,
        )
    dry_run = request.query_params.get("dry_run", "").lower() in ("1", "true", "yes")
    try:
        result = world_edit.import_yaml(
            slug,
            raw,
            filename,
            dry_run=dry_run,
            expected_hash=request.query_params.get("expected_hash") or None,
        )
    except World.DoesNotExist:
        raise NotFound(_("No world is loaded under this name.")) from None
    except world_edit.EditRefused as exc:
        return _refused(exc)
    return Response(_saved(result))
