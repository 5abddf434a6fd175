"""QA 7: "Roll the dice" and "Reroll" showed an empty box before their words on Debian's
Chromium, which has no emoji font. Galzyr's pages keep to the characters of the Basic
Multilingual Plane (⚄, ▸, ⌫ are in DejaVu Sans, Debian's default): no emoji picture."""

from __future__ import annotations

from pathlib import Path

TEMPLATES = Path(__file__).resolve().parents[3] / "templates" / "games" / "galzyr"


def test_galzyrs_pages_use_no_glyph_an_emoji_font_alone_draws():
    found = [
        f"{path.name}:{n}: {c} (U+{ord(c):04X})"
        for path in sorted(TEMPLATES.glob("*.html"))
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        for c in line
        if ord(c) > 0xFFFF
    ]
    assert TEMPLATES.is_dir() and not found, found
