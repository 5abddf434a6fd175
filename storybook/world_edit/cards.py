"""Reading and editing the cards of a world's catalog: the page's rows, one card's fields, or a
whole card put under its number."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext as _

from storybook.world_edit.changes import card_label
from storybook.world_edit.core import EditRefused, Saved, apply_change, form_value, stored_card

CARD_FIELDS = ("type", "name", "copies", "gold", "timer", "save", "text", "pickup", "abandon")
VARIANT_FIELDS = ("name", "copies", "gold", "timer", "save", "text")
# The neutral labels a world ships for names nobody knows yet ("Card #127", "Card #000 (Mor)").
PLACEHOLDER = re.compile(r"^Card #\d{1,3}\b")


def unknown_name(name: str | None) -> bool:
    """A neutral label the world ships until the owner enters the real name from the card."""
    return not name or bool(PLACEHOLDER.match(name))


def card_rows(data: Mapping[str, Any]) -> list[dict[str, Any]]:
    """Every card in numerical order, for the page: the stored card plus what the UI needs."""
    return [card_row(data, int(key)) for key in sorted(data["cards"], key=int)]


def card_row(data: Mapping[str, Any], number: int) -> dict[str, Any]:
    card = data["cards"][str(number)]
    variants = [
        {
            **v,
            "index": i,
            "copies": v.get("copies", 1),
            "label": card_label(number, v, i),
            "anchor": f"card-{number:03d}-{i}",
            "unknown": unknown_name(v.get("name") or card["name"]),
        }
        for i, v in enumerate(card.get("variants", []))
    ]
    return {
        **card,
        "number": number,
        "label": card_label(number),
        "anchor": f"card-{number:03d}",
        "copies": card.get("copies", 1),
        "total_copies": sum(v["copies"] for v in variants) if variants else None,
        "unknown": unknown_name(card["name"]),
        "variant_rows": variants,
    }


def edit_card(
    slug: str, number: int, values: Mapping[str, Any], variant: int | None = None
) -> Saved:
    """Set some fields of a card (or of one of its variants). ``""`` or None clears an optional
    field; ints may come as text from a form."""
    allowed = VARIANT_FIELDS if variant is not None else CARD_FIELDS
    unknown = sorted(set(values) - set(allowed))
    if unknown:
        raise EditRefused(
            _("These fields can't be edited here: %(f)s.") % {"f": ", ".join(unknown)}
        )
    clean = {key: form_value(key, value) for key, value in values.items()}

    def mutate(info: dict, cards: dict) -> None:
        card = stored_card(cards, number)
        target = card
        if variant is not None:
            variants = card.get("variants", [])
            if not 0 <= variant < len(variants):
                raise EditRefused(
                    _("Card #%(number)03d has no variant %(v)d.")
                    % {"number": number, "v": variant + 1}
                )
            target = variants[variant]
        for key, value in clean.items():
            if value is None:
                if key in ("name", "type") and variant is None:
                    raise EditRefused(_("A card needs a %(field)s.") % {"field": key})
                target.pop(key, None)
            else:
                target[key] = value

    return apply_change(slug, mutate)


def replace_card(slug: str, number: int, card: Any) -> Saved:
    """Put ``card`` (a cards.yaml entry as JSON) under ``number``: a new card or a replacement."""
    if not isinstance(card, dict):
        raise EditRefused(_("A card is a mapping (number, type, name, …)."))
    if card.get("number", number) != number:
        raise EditRefused(
            _("The card says number %(given)s but the address says %(number)d.")
            % {"given": card.get("number"), "number": number}
        )
    card = {**card, "number": number}

    def mutate(info: dict, cards: dict) -> None:
        cards[str(number)] = card

    return apply_change(slug, mutate)
