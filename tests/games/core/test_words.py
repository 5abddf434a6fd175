"""One possessive and one count rule for every game's sentences (issue 16, item 10)."""

import pytest

from games.core import words
from games.galzyr.campaign import text as galzyr_text


@pytest.mark.parametrize(
    ("name", "said"),
    [
        ("Ada", "Ada's"),
        ("Hollins", "Hollins's"),  # as the pages write "{{ name }}'s turn"
        ("Marrow Hollins", "Marrow Hollins's"),
        ("Bess", "Bess's"),
        ("the Wizard", "the Wizard's"),
    ],
)
def test_a_possessive_is_s_after_every_name(name, said):
    assert words.possessive(name) == said


def test_galzyr_writes_the_same_possessive():
    assert galzyr_text.possessive is words.possessive


@pytest.mark.parametrize(
    ("n", "said"), [(0, "0 cards"), (1, "1 card"), (2, "2 cards"), (7, "7 cards")]
)
def test_a_count_takes_the_noun_that_fits(n, said):
    assert words.count(n, "card", "cards") == said


def test_a_count_of_a_longer_noun():
    assert words.count(1, "free card", "free cards") == "1 free card"
    assert words.count(3, "open space", "open spaces") == "3 open spaces"


@pytest.mark.parametrize(
    ("items", "said"),
    [
        ([], ""),
        (["Ada"], "Ada"),
        (["Ada", "the keeper"], "Ada or the keeper"),
        (["Ada", "the shared display", "the keeper"], "Ada, the shared display or the keeper"),
    ],
)
def test_alternatives_take_or_before_the_last_only(items, said):
    assert words.either(items) == said
