"""A world's catalog page: its cards and its map, edited in place; YAML export and import.

Every edit goes through ``storybook.world_edit`` (validated like loading; nothing saved on
an error). With htmx a form swaps only its own row, and the lint warnings follow out of band;
without JavaScript the same forms post and come back to the page. Everyone may read the page
and download the YAML; only a librarian (``librarians``) sees the forms, and every
view that writes refuses anyone else itself. CSRF protects the forms.
"""

from __future__ import annotations

from typing import Any

from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from librarians import is_librarian, librarian_required
from storybook import world_edit
from storybook.format.cards import CardType
from storybook.models import World

PAGE = "storybook/world_edit.html"
# (id, what people read): "adventurer_status" → "adventurer status".
CARD_TYPES = [(t, t.replace("_", " ")) for t in CardType.__args__]  # type: ignore[attr-defined]


def _world_or_404(slug: str) -> world_edit.CardsAndMap:
    try:
        return world_edit.cards_and_map(slug)
    except World.DoesNotExist:
        raise Http404(_("No world is loaded under this name.")) from None


def _back(request: HttpRequest, slug: str, **kwargs: Any) -> str:
    """Where a refused visitor comes back to after signing in: the catalog page."""
    return reverse("storybook:world-edit", args=[slug])


# Every view that writes: a librarian only, whatever the page showed.
librarian_only = librarian_required(back=_back)


def _page_context(
    request: HttpRequest, world: World | world_edit.CardsAndMap, **extra: Any
) -> dict[str, Any]:
    return {
        "world": world,
        "librarian": is_librarian(request.user),
        "rows": world_edit.card_rows(world.data),
        "map": world_edit.map_view(world.data),
        "card_types": CARD_TYPES,
        "unknown_count": _unknown_count(world.data),
        "refused": None,
        **extra,
    }


def _unknown_count(data: dict) -> int:
    count = 0
    for card in data["cards"].values():
        if card.get("variants"):
            count += sum(
                world_edit.unknown_name(v.get("name") or card["name"]) for v in card["variants"]
            )
        else:
            count += world_edit.unknown_name(card["name"])
    return count


@require_GET
def world_edit_page(request: HttpRequest, slug: str) -> HttpResponse:
    # One query: the world's catalog and map (not its scenes).
    return render(request, PAGE, _page_context(request, _world_or_404(slug)))


def _respond(
    request: HttpRequest,
    world: World | world_edit.CardsAndMap,
    partial: str,
    context: dict[str, Any],
    anchor: str,
    refused: dict | None,
) -> HttpResponse:
    """htmx: the row (refusals too: htmx swaps only 2xx, so the message shows in place).
    Without htmx: back to the page after a save, the page with the message after a refusal."""
    if request.htmx:
        response = render(
            request,
            f"{PAGE}#{partial}",
            {
                "world": world,
                "refused": refused,
                "oob": True,
                "librarian": is_librarian(request.user),
                **context,
            },
        )
        if refused:
            response["HX-Trigger"] = "tk:refused"
        return response
    if refused:
        return render(request, PAGE, _page_context(request, world, refused=refused), status=400)
    url = reverse("storybook:world-edit", args=[world.slug])
    return HttpResponseRedirect(f"{url}#{anchor}", status=303)


def _refusal(anchor: str, exc: world_edit.EditRefused, values: dict[str, Any]) -> dict[str, Any]:
    return {"id": anchor, "message": str(exc), "diagnostics": exc.diagnostics, "values": values}


@require_POST
@librarian_only
def card_edit(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    """Save a card's fields, or one variant's (``variant`` = its index).

    Queries: the service's locked read and its update (in a transaction); the row is
    rendered from what it saved, or, when refused, from what it read.
    """
    variant_raw = request.POST.get("variant", "")
    variant = int(variant_raw) if variant_raw.isdigit() else None
    allowed = world_edit.VARIANT_FIELDS if variant is not None else world_edit.CARD_FIELDS
    values = {key: request.POST[key] for key in allowed if key in request.POST}
    anchor = f"card-{number:03d}"
    refused = None
    try:
        world = world_edit.edit_card(slug, number, values, variant=variant).world
    except World.DoesNotExist:
        raise Http404(_("No world is loaded under this name.")) from None
    except world_edit.CardNotFound as exc:
        raise Http404(str(exc)) from None
    except world_edit.EditRefused as exc:
        world = exc.world  # type: ignore[attr-defined]
        refused = _refusal(f"{anchor}-{variant}" if variant is not None else anchor, exc, values)
    row = world_edit.card_row(world.data, number)
    if refused:  # the form shows what was typed, with the reason it was not saved
        variants = row["variant_rows"]
        if variant is not None and variant < len(variants):
            variants[variant] = {**variants[variant], **values}
        elif variant is None:
            row.update(values)
    context = {"row": row, "card_types": CARD_TYPES, "map": world_edit.map_view(world.data)}
    return _respond(request, world, "card", context, anchor, refused)


def _map_response(
    request: HttpRequest, slug: str, action, anchor: str, values: dict[str, Any]
) -> HttpResponse:
    refused = None
    try:
        world = action().world
    except World.DoesNotExist:
        raise Http404(_("No world is loaded under this name.")) from None
    except world_edit.CardNotFound as exc:
        raise Http404(str(exc)) from None
    except world_edit.EditRefused as exc:
        world = exc.world  # type: ignore[attr-defined]
        refused = _refusal(anchor, exc, values)
    return _respond(
        request, world, "map", {"map": world_edit.map_view(world.data)}, anchor, refused
    )


@require_POST
@librarian_only
def location_card(request: HttpRequest, slug: str, number: int) -> HttpResponse:
    """Make a location card part of a location (or of none)."""
    location = request.POST.get("location", "")
    return _map_response(
        request,
        slug,
        lambda: world_edit.assign_location_card(slug, number, location or None),
        f"location-card-{number:03d}",
        {"location": location},
    )


@require_POST
@librarian_only
def location_edit(request: HttpRequest, slug: str, location: str) -> HttpResponse:
    values: dict[str, Any] = {
        key: request.POST[key] for key in ("name", "number") if key in request.POST
    }
    if request.POST.get("sides") == "1":  # the form has the terrain boxes (none ticked: [])
        values.update({season: request.POST.getlist(season) for season in world_edit.SEASONS})
    return _map_response(
        request,
        slug,
        lambda: world_edit.edit_location(slug, location, values),
        f"location-{location}",
        values,
    )


def _seasons(value: str) -> list[str]:
    return list(world_edit.SEASONS) if value in ("", "all") else [value]


@require_POST
@librarian_only
def route_add(request: HttpRequest, slug: str) -> HttpResponse:
    a, b = request.POST.get("a", ""), request.POST.get("b", "")
    seasons = request.POST.get("seasons", "all")
    return _map_response(
        request,
        slug,
        lambda: world_edit.add_route(slug, a, b, _seasons(seasons)),
        "new-route",
        {"a": a, "b": b, "seasons": seasons},
    )


@require_POST
@librarian_only
def route_change(request: HttpRequest, slug: str) -> HttpResponse:
    """One form per route, two named buttons: save its seasons, or remove it."""
    a, b = request.POST.get("a", ""), request.POST.get("b", "")
    seasons = request.POST.get("seasons", "all")
    if request.POST.get("action") == "remove":
        action = lambda: world_edit.remove_route(slug, a, b)  # noqa: E731
    else:
        action = lambda: world_edit.set_route_seasons(slug, a, b, _seasons(seasons))  # noqa: E731
    return _map_response(request, slug, action, f"route-{a}-{b}", {"seasons": seasons})


@require_GET
def yaml_export(request: HttpRequest, slug: str) -> HttpResponse:
    world = _world_or_404(slug)
    response = HttpResponse(
        world_edit.export_yaml(world), content_type="application/yaml; charset=utf-8"
    )
    response["Content-Disposition"] = f'attachment; filename="{world.slug}-catalog.yaml"'
    return response


@require_http_methods(["POST"])
@librarian_only
def yaml_import(request: HttpRequest, slug: str) -> HttpResponse:
    """Check a YAML file and show what it would change; ``confirm`` saves it."""
    world = _world_or_404(slug)
    upload = request.FILES.get("file")
    filename = "catalog.yaml"
    if upload is not None:
        if upload.size > world_edit.MAX_BYTES:
            raw: bytes | str = b"x" * (
                world_edit.MAX_BYTES + 1
            )  # refused by the size check, unread
        else:
            raw = upload.read()
        filename = upload.name or filename
    else:
        raw = request.POST.get("yaml", "")
        filename = request.POST.get("filename") or filename
    if not raw:
        context = _page_context(
            request,
            world,
            import_error=_("Choose a YAML file (or paste one) first."),
            import_diagnostics=[],
        )
        return render(request, PAGE, context, status=400)
    confirm = request.POST.get("confirm") == "1"
    try:
        result = world_edit.import_yaml(
            slug,
            raw,
            filename,
            dry_run=not confirm,
            expected_hash=request.POST.get("expected_hash") or None,
        )
    except world_edit.EditRefused as exc:
        context = _page_context(
            request,
            world,
            import_error=str(exc),
            import_diagnostics=exc.diagnostics,
            import_name=filename,
        )
        return render(request, PAGE, context, status=400)
    text = raw.decode("utf-8") if isinstance(raw, bytes) else raw
    context = _page_context(
        request,
        result.world,
        preview=None if confirm else result,
        imported=result if confirm else None,
        import_text=text,
        import_name=filename,
    )
    return render(request, PAGE, context)
