"""Reading and editing a world's map: which location card forms which location, the routes
and their seasons, a location's name, number and terrain."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext as _

from storybook.world_edit.cards import unknown_name
from storybook.world_edit.changes import SEASONS, card_label, location_of_cards
from storybook.world_edit.core import EditRefused, Saved, apply_change, form_value, stored_card

PLACEHOLDER_LOCATION = re.compile(r"^Location \d+$")  # "Location 3", until named from the board
UNKNOWN_TERRAIN = "unknown"  # Lands of Galzyr's "Terrain not entered yet"


def map_view(data: Mapping[str, Any]) -> dict[str, Any]:
    """The map for the page: locations with their cards, the location cards, the routes."""
    info = data["info"]
    names = {loc["id"]: loc["name"] for loc in info.get("locations", [])}
    owners = location_of_cards(info)
    location_cards = [
        {
            "number": int(key),
            "label": card_label(int(key)),
            "anchor": f"location-card-{int(key):03d}",
            "name": card["name"],
            "unknown": unknown_name(card["name"]),
            "location": owners.get(int(key), ""),
        }
        for key, card in sorted(data["cards"].items(), key=lambda kv: int(kv[0]))
        if card["type"] == "location"
    ]
    routes = [
        {
            "a": r["between"][0],
            "b": r["between"][1],
            "a_name": names.get(r["between"][0], r["between"][0]),
            "b_name": names.get(r["between"][1], r["between"][1]),
            "anchor": f"route-{r['between'][0]}-{r['between'][1]}",
            "seasons": "all" if len(r.get("seasons", SEASONS)) == 2 else r["seasons"][0],
        }
        for r in info.get("routes", [])
    ]
    locations = [
        {
            **loc,
            "anchor": f"location-{loc['id']}",
            "unknown": bool(PLACEHOLDER_LOCATION.match(loc["name"]))
            or UNKNOWN_TERRAIN in loc["summer"]["terrain"] + loc["winter"]["terrain"],
            "card_labels": [card_label(n) for n in loc["cards"]],
        }
        for loc in info.get("locations", [])
    ]
    return {
        "locations": locations,
        "location_cards": location_cards,
        "routes": routes,
        "terrain": info.get("terrain", []),
    }


def assign_location_card(slug: str, number: int, location: str | None) -> Saved:
    """Make location card ``number`` part of ``location`` (an id), or of none."""

    def mutate(info: dict, cards: dict) -> None:
        card = stored_card(cards, number)
        if card["type"] != "location":
            raise EditRefused(_("Card #%(number)03d is not a location card.") % {"number": number})
        locations = info.get("locations", [])
        if location and location not in {loc["id"] for loc in locations}:
            raise EditRefused(_("The map has no location “%(id)s”.") % {"id": location})
        for loc in locations:
            if number in loc["cards"] and loc["id"] != location:
                loc["cards"] = [n for n in loc["cards"] if n != number]
                if not loc["cards"]:
                    raise EditRefused(
                        _(
                            "“%(name)s” would be left without a card: a location is formed by "
                            "1 to 3 location cards. Give it another card first."
                        )
                        % {"name": loc["name"]}
                    )
            elif loc["id"] == location and number not in loc["cards"]:
                loc["cards"] = sorted([*loc["cards"], number])

    return apply_change(slug, mutate)


def add_route(slug: str, a: str, b: str, seasons: list[str] | None = None) -> Saved:
    seasons = _seasons(seasons)

    def mutate(info: dict, cards: dict) -> None:
        if a and b and any({a, b} == set(r["between"]) for r in info.get("routes", [])):
            raise EditRefused(
                _("There is already a route between %(a)s and %(b)s.")
                % {"a": _loc_name(info, a), "b": _loc_name(info, b)}
            )
        route: dict[str, Any] = {"between": [a, b]}
        if seasons != list(SEASONS):
            route["seasons"] = seasons
        info.setdefault("routes", []).append(route)

    return apply_change(slug, mutate)


def remove_route(slug: str, a: str, b: str) -> Saved:
    def mutate(info: dict, cards: dict) -> None:
        routes = info.get("routes", [])
        keep = [r for r in routes if set(r["between"]) != {a, b}]
        if len(keep) == len(routes):
            raise EditRefused(
                _("There is no route between %(a)s and %(b)s (any more).")
                % {"a": _loc_name(info, a), "b": _loc_name(info, b)}
            )
        info["routes"] = keep

    return apply_change(slug, mutate)


def set_route_seasons(slug: str, a: str, b: str, seasons: list[str] | None) -> Saved:
    seasons = _seasons(seasons)

    def mutate(info: dict, cards: dict) -> None:
        found = [r for r in info.get("routes", []) if set(r["between"]) == {a, b}]
        if not found:
            raise EditRefused(
                _("There is no route between %(a)s and %(b)s (any more).")
                % {"a": _loc_name(info, a), "b": _loc_name(info, b)}
            )
        for route in found:
            route.pop("seasons", None)
            if seasons != list(SEASONS):
                route["seasons"] = seasons

    return apply_change(slug, mutate)


def edit_location(slug: str, location: str, values: Mapping[str, Any]) -> Saved:
    """Set a location's ``name``, ``number`` (printed on the board; "" clears it) and the
    terrain of its sides (``summer`` / ``winter``: lists of terrain ids)."""
    unknown = sorted(set(values) - {"name", "number", *SEASONS})
    if unknown:
        raise EditRefused(
            _("These fields can't be edited here: %(f)s.") % {"f": ", ".join(unknown)}
        )
    clean = {key: form_value(key, value) for key, value in values.items() if key not in SEASONS}
    terrain = {key: list(values[key]) for key in SEASONS if key in values}

    def mutate(info: dict, cards: dict) -> None:
        loc = next((x for x in info.get("locations", []) if x["id"] == location), None)
        if loc is None:
            raise EditRefused(_("The map has no location “%(id)s”.") % {"id": location})
        for key, value in clean.items():
            if value is None:
                if key == "name":
                    raise EditRefused(_("A location needs a name."))
                loc.pop(key, None)
            else:
                loc[key] = value
        for season, ids in terrain.items():
            loc[season] = {**loc[season], "terrain": ids}

    return apply_change(slug, mutate)


def _loc_name(info: Mapping[str, Any], lid: str) -> str:
    for loc in info.get("locations", []):
        if loc["id"] == lid:
            return loc["name"]
    return lid or "?"


def _seasons(seasons: list[str] | None) -> list[str]:
    chosen = [s for s in SEASONS if s in (seasons or SEASONS)]
    if not chosen or set(seasons or SEASONS) - set(SEASONS):
        raise EditRefused(_("A route is open in summer, in winter or all year."))
    return chosen
