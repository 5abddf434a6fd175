"""HTML of the campaign's long card lists, built in Python.

A catalog of 500 card copies puts hundreds of chips and options on a page. Through the
template engine each costs a few microseconds per variable (resolved, escaped, localised);
``format_html_join`` was not much cheaper. Plain f-strings with ``html.escape`` (what
Django's ``escape`` does) build the same markup ten times faster.
"""

from __future__ import annotations

import html

from django import template
from django.utils.safestring import SafeString, mark_safe
from django.utils.text import capfirst

register = template.Library()


@register.filter
def gz_tray_chips(cards) -> SafeString:
    """A tray's cards as number chips, the name as their tooltip (the trays page)."""
    return mark_safe(
        "".join(
            f'<span class="chip gz-card" title="{html.escape(str(x["name"]))}">'
            f"#{x['number']:03d}</span> "
            for x in cards
        )
    )


@register.filter
def gz_card_options(cards) -> SafeString:
    """``<option>``s of cards by number: "#150 Storm lantern" (the "gain" selects)."""
    return mark_safe(
        "".join(
            f'<option value="{x["number"]:d}">#{x["number"]:03d} {html.escape(str(x["name"]))}'
            "</option>"
            for x in cards
        )
    )


def _e(value) -> str:
    return html.escape(str(value))


@register.filter
def gz_id_options(items) -> SafeString:
    """``<option>``s of ``{"id", "name"}`` items (skills, tags)."""
    return mark_safe(
        "".join(f'<option value="{_e(x["id"])}">{_e(x["name"])}</option>' for x in items)
    )


@register.filter
def gz_place_options(places, chosen: str = "") -> SafeString:
    """``<option>``s of the places a card may move to, labels capitalised (``|capfirst``);
    ``chosen`` (the place a refused form had) stays selected."""
    return mark_safe(
        "".join(
            f'<option value="{_e(p["key"])}"{" selected" if p["key"] == chosen else ""}>'
            f"{_e(capfirst(str(p['label'])))}</option>"
            for p in places
        )
    )


@register.filter
def gz_number_options(numbers) -> SafeString:
    """``<option>``s of plain numbers (gold and prestige amounts)."""
    return mark_safe("".join(f'<option value="{n:d}">{n:d}</option>' for n in numbers))


@register.filter
def gz_location_buttons(locations) -> SafeString:
    """A submit button per location (``name="to"``), for the travel and figure forms."""
    return mark_safe(
        "".join(
            f'<button type="submit" name="to" value="{_e(x["id"])}">{_e(x["name"])}</button>'
            for x in locations
        )
    )


@register.filter
def gz_who_options(adventurers) -> SafeString:
    """The "Who" select's options: the adventurers in the game, the active one selected;
    between games (no game on: the save's by-hand "Take X gold", QAF2) every adventurer at
    the table."""
    listed = [a for a in adventurers if a.get("in_game")] or list(adventurers)
    return mark_safe(
        "".join(
            f'<option value="{_e(a["player"])}"{" selected" if a.get("active") else ""}>'
            f"{_e(a['name'])}</option>"
            for a in listed
        )
    )


@register.filter
def gz_any_by_hand(steps) -> bool:
    """Whether a checklist (the view's dicts) has a step the group does by hand, whose gold,
    items or statuses the campaign's forms then enter (QA9: after the save, "Take X gold from
    the library" pointed nowhere)."""
    return any(step["manual"] for step in steps)
