"""What a world edit or import changed, in words a group recognises: ``Changes`` and ``diff``
(the stored world against the new info and catalog), with the card labels it speaks in."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

SEASONS = ("summer", "winter")


def card_label(number: int, variant: dict | None = None, index: int | None = None) -> str:
    label = f"#{number:03d}"
    if variant is not None:
        label += f" ({variant['icon']})" if variant.get("icon") else f" ({index + 1})"  # type: ignore[operator]
    return label


def location_of_cards(info: Mapping[str, Any]) -> dict[int, str]:
    """Location card number → the id of the location it forms."""
    return {n: loc["id"] for loc in info.get("locations", []) for n in loc.get("cards", [])}


@dataclass
class Changes:
    """What an edit or an import changed, in words a group recognises."""

    renamed: list[tuple[str, str, str]] = field(default_factory=list)  # (card, old, new)
    copies: list[tuple[str, int, int]] = field(default_factory=list)  # (card, old, new)
    edited: list[str] = field(default_factory=list)  # cards with other changes
    added: list[str] = field(default_factory=list)
    removed: list[str] = field(default_factory=list)
    routes_added: list[str] = field(default_factory=list)
    routes_removed: list[str] = field(default_factory=list)
    location_cards: list[tuple[str, str, str]] = field(default_factory=list)  # (card, from, to)
    locations: list[str] = field(default_factory=list)  # locations added, removed or changed
    terrain: list[str] = field(default_factory=list)  # terrain added, removed or renamed

    def counts(self) -> dict[str, int]:
        return {
            "renamed": len(self.renamed),
            "copies": len(self.copies),
            "edited": len(self.edited),
            "added": len(self.added),
            "removed": len(self.removed),
            "routes_added": len(self.routes_added),
            "routes_removed": len(self.routes_removed),
            "location_cards": len(self.location_cards),
            "locations": len(self.locations),
            "terrain": len(self.terrain),
        }

    def __bool__(self) -> bool:
        return any(self.counts().values())

    def as_json(self) -> dict[str, Any]:
        return {
            "counts": self.counts(),
            "renamed": [{"card": c, "old": o, "new": n} for c, o, n in self.renamed],
            "copies": [{"card": c, "old": o, "new": n} for c, o, n in self.copies],
            "edited": self.edited,
            "added": self.added,
            "removed": self.removed,
            "routes_added": self.routes_added,
            "routes_removed": self.routes_removed,
            "location_cards": [{"card": c, "old": o, "new": n} for c, o, n in self.location_cards],
            "locations": self.locations,
            "terrain": self.terrain,
        }

    def summary(self) -> str:
        """One sentence of counts, e.g. "3 cards renamed, 1 route added"."""
        parts = []
        c = self.counts()
        for key, singular, plural in (
            ("renamed", "%(n)d card renamed", "%(n)d cards renamed"),
            ("copies", "%(n)d card's copies changed", "%(n)d cards' copies changed"),
            ("edited", "%(n)d card otherwise changed", "%(n)d cards otherwise changed"),
            ("added", "%(n)d card added", "%(n)d cards added"),
            ("removed", "%(n)d card removed", "%(n)d cards removed"),
            ("routes_added", "%(n)d route added", "%(n)d routes added"),
            ("routes_removed", "%(n)d route removed", "%(n)d routes removed"),
            ("location_cards", "%(n)d location card moved", "%(n)d location cards moved"),
            ("locations", "%(n)d location changed", "%(n)d locations changed"),
            ("terrain", "%(n)d terrain changed", "%(n)d terrains changed"),
        ):
            if c[key]:
                parts.append(ngettext(singular, plural, c[key]) % {"n": c[key]})
        return ", ".join(parts) if parts else _("nothing changed")


def diff(old: Mapping[str, Any], info: Mapping[str, Any], cards: Mapping[str, Any]) -> Changes:
    """Compare the stored world ``old`` (its data) with a new info and catalog (as JSON)."""
    ch = Changes()
    old_cards: Mapping[str, Any] = old["cards"]
    for key in sorted(set(old_cards) | set(cards), key=int):
        number = int(key)
        a, b = old_cards.get(key), cards.get(key)
        if a is None:
            ch.added.append(f"{card_label(number)} {b['name']}")  # type: ignore[index]
            continue
        if b is None:
            ch.removed.append(f"{card_label(number)} {a['name']}")
            continue
        _diff_card(ch, number, a, b)
    old_info: Mapping[str, Any] = old["info"]
    names = {loc["id"]: loc["name"] for loc in old_info.get("locations", [])}
    names.update({loc["id"]: loc["name"] for loc in info.get("locations", [])})

    def route_key(r: Mapping[str, Any]) -> tuple[tuple[str, ...], tuple[str, ...]]:
        return tuple(sorted(r["between"])), tuple(r.get("seasons", SEASONS))

    def route_text(key: tuple[tuple[str, ...], tuple[str, ...]]) -> str:
        (a, b), seasons = key
        text = f"{names.get(a, a)} – {names.get(b, b)}"
        return text if set(seasons) == set(SEASONS) else f"{text} ({', '.join(seasons)})"

    before = Counter(route_key(r) for r in old_info.get("routes", []))
    after = Counter(route_key(r) for r in info.get("routes", []))
    ch.routes_added = [route_text(k) for k in sorted((after - before).elements())]
    ch.routes_removed = [route_text(k) for k in sorted((before - after).elements())]

    was, now = location_of_cards(old_info), location_of_cards(info)
    for number in sorted(set(was) | set(now)):
        if was.get(number) != now.get(number):
            ch.location_cards.append(
                (
                    card_label(number),
                    names.get(was.get(number, ""), "—"),
                    names.get(now.get(number, ""), "—"),
                )
            )
    old_locs = {loc["id"]: loc for loc in old_info.get("locations", [])}
    new_locs = {loc["id"]: loc for loc in info.get("locations", [])}
    for lid in [*old_locs, *(k for k in new_locs if k not in old_locs)]:
        a, b = old_locs.get(lid), new_locs.get(lid)
        if a is None or b is None:
            ch.locations.append(names.get(lid, lid))
        elif {k: v for k, v in a.items() if k != "cards"} != {
            k: v for k, v in b.items() if k != "cards"
        }:
            ch.locations.append(b["name"])
    old_terrain = {t["id"]: t for t in old_info.get("terrain", [])}
    new_terrain = {t["id"]: t for t in info.get("terrain", [])}
    for tid in sorted(set(old_terrain) | set(new_terrain)):
        if old_terrain.get(tid) != new_terrain.get(tid):
            ch.terrain.append(tid)
    return ch


def _diff_card(ch: Changes, number: int, a: Mapping[str, Any], b: Mapping[str, Any]) -> None:
    label = card_label(number)
    if a["name"] != b["name"]:
        ch.renamed.append((label, a["name"], b["name"]))
    va, vb = a.get("variants", []), b.get("variants", [])
    same_variants = len(va) == len(vb)
    if same_variants:
        for i, (x, y) in enumerate(zip(va, vb, strict=True)):
            if x.get("name") != y.get("name"):
                ch.renamed.append(
                    (
                        card_label(number, y, i),
                        x.get("name") or a["name"],
                        y.get("name") or b["name"],
                    )
                )
    copies_a = sum(v.get("copies", 1) for v in va) if va else a.get("copies", 1)
    copies_b = sum(v.get("copies", 1) for v in vb) if vb else b.get("copies", 1)
    if copies_a != copies_b:
        ch.copies.append((label, copies_a, copies_b))

    def rest(card: Mapping[str, Any]) -> dict[str, Any]:
        out = {k: v for k, v in card.items() if k not in ("name", "copies", "variants")}
        if same_variants:
            out["variants"] = [
                {k: v for k, v in x.items() if k not in ("name", "copies")}
                for x in card.get("variants", [])
            ]
        else:
            out["variants"] = card.get("variants", [])
        return out

    if rest(a) != rest(b) or (
        same_variants
        and any(x.get("copies", 1) != y.get("copies", 1) for x, y in zip(va, vb, strict=True))
        and copies_a == copies_b
    ):
        ch.edited.append(label)
