"""``where_all``, the panel's "where is card #N?" for every number in one pass, says exactly
what ``where_is`` says number by number."""

from __future__ import annotations

from pathlib import Path

from games.galzyr.campaign import (
    move_card,
    new_campaign,
    setup_game,
    take_card,
    where_all,
    where_is,
)
from storybook.lint.folder import load_world

SAMPLE = Path(__file__).resolve().parents[4] / "fixtures" / "worlds" / "sallowmere-marches"


def test_where_all_matches_where_is_for_every_number():
    world = load_world(SAMPLE)
    c, _ = new_campaign(world, seed=5)
    first, second = (a.id for a in c.world.adventurers[:2])
    setup_game(c, [first, second], "cooperative", starting=first)
    # Scatter a few copies: one of several copies taken (the rest stay together), one moved
    # to the vault, so the answers cover "Both/All … are in", split copies and single cards.
    take_card(c, 150, adventurer=first)
    take_card(c, 170, adventurer=second)
    move_card(c, c.numbered(151)[0], "vault")

    everything = where_all(c)

    numbers = sorted({copy.number for copy in c.copies})
    assert list(everything) == numbers
    assert everything == {n: where_is(c, n) for n in numbers}
    assert any(sentence.startswith(("Both", "All")) for sentence in everything.values())
    assert any("; " in sentence for sentence in everything.values())


def test_copies_that_look_alike_and_lie_together_are_counted():
    world = load_world(SAMPLE)
    c, _ = new_campaign(world, seed=5)
    first, second = (a.id for a in c.world.adventurers[:2])
    setup_game(c, [first, second], "cooperative", starting=first)
    number = next(
        n
        for n in sorted({copy.number for copy in c.copies})
        if len(c.numbered(n)) >= 3 and all(c.where()[cid] == "library" for cid in c.numbered(n))
    )
    move_card(c, c.numbered(number)[0], "vault")
    sentence = where_is(c, number)
    rest = len(c.numbered(number)) - 1
    assert sentence.endswith(f"{rest} copies of card #{number:03d} are in the library.")
    assert sentence.count("library") == 1 and "vault" in sentence
