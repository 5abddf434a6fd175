"""Links to a game's card-data sheet: from the home page and the new-table form, and from a
refusal that names a card value the app is missing (games/services/card_sheets)."""

from __future__ import annotations

from django import template
from django.urls import reverse
from django.utils.html import format_html
from django.utils.translation import gettext as _

from games.services import card_sheets, tables

register = template.Library()

# How the games' refusals ask for a value printed on a card (lower case): Tales of Danger's
# and Tavern Tales' "enter from your cards" and a feat's scoring track, Dark Tales' questions
# about a card's VP, where it goes, its type or its name, and its refusals that send the
# group to correct a card's data there.
MISSING_CARD = (
    "enter from your cards",
    "enter them from the card",
    "as its icon shows",
    "in this table's catalog",
    "doesn't know",
    "does not know",
    "needs the rank",
    "enter the scoring track",
    "on the card-data sheet",
)


def names_missing_card(message: str) -> bool:
    text = str(message).lower()
    return any(marker in text for marker in MISSING_CARD)


@register.filter
def has_card_sheet(slug: str) -> bool:
    return card_sheets.has_sheet(str(slug))


@register.simple_tag
def card_sheet_link(table, message) -> str:
    """A link to the table's card-data sheet when ``message`` asks for a card's value."""
    if table is None or not card_sheets.has_sheet(table.game) or not names_missing_card(message):
        return ""
    left = len(card_sheets.missing_at(tables.game_of(table), table.state))
    return format_html(
        ' <a class="card-sheet-link" href="{}">{}</a>',
        reverse("games:table-card-sheet", args=[table.code]),
        _("Enter every card at once on the card-data sheet (%(n)s still to enter there)")
        % {"n": left}
        if left
        else _("Enter every card at once on the card-data sheet"),
    )


@register.simple_tag(takes_context=True)
def typed_if_refused(context, *moves: str):
    """What the player had typed into one of ``moves``' form when the move was just refused
    (the page answers the POST): its form shows it again, so a question asks only for the
    missing value. Empty otherwise."""
    request = context.get("request")
    match = getattr(request, "resolver_match", None)
    if (
        not context.get("error")
        or request is None
        or request.method != "POST"
        or match is None
        or match.kwargs.get("name") not in moves
    ):
        return {}
    return request.POST


@register.simple_tag(takes_context=True)
def entry_forms_open(context, *moves: str) -> bool:
    """Whether a section of card-entry forms stays open: asked for (``?cards=1``), or the page
    answers one of its ``moves`` (a save keeps the section where the group was typing)."""
    request = context.get("request")
    if request is None:
        return False
    if request.GET.get("cards"):
        return True
    match = getattr(request, "resolver_match", None)
    return request.method == "POST" and match is not None and match.kwargs.get("name") in moves


@register.filter
def values_of(typed, name: str) -> list[str]:
    """Every value ``typed`` (``typed_if_refused``) holds for ``name``: ticked boxes, one
    select per row; none when nothing was typed."""
    getlist = getattr(typed, "getlist", None)
    return getlist(name) if getlist else []


@register.filter
def sent_with(typed, field: str):
    """``typed`` (``typed_if_refused``) when it was sent by the one form of several for a move
    whose ``field`` ("player=p2", "difficulty=3") matches, so the others stay blank; empty
    otherwise."""
    name, _, value = field.partition("=")
    get = getattr(typed, "get", None)
    return typed if get is not None and get(name) == value else {}


@register.filter
def deck_draws(picks: list[str]) -> list[str]:
    """Tales of Danger's take form: the values its deck-draw selects sent, one per select in
    order ("" for a select left alone), from every ``picks`` value."""
    return [value for value in picks if not value or '"deck"' in value]


@register.filter
def unnamed_pays(pay: list[str]) -> list[str]:
    """Tales of Danger's complete form: the values its unnamed-card selects sent (crew and
    supplies, "" for a select left alone), one per select in order, from every ``pay`` value
    (the ticked hand cards name a person)."""
    return [value for value in pay if not value or '"crew"' in value]
