"""The campaign page says only what is meant for players: a template's notes for its authors
stay in the template (Django's ``{# … #}`` is one line; longer notes need ``{% comment %}``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from .test_campaign_pages import page, post_move, seated, state_of, table, world  # noqa: F401

ROOT = Path(__file__).resolve().parents[3]
TEMPLATES = ROOT / "templates" / "games" / "galzyr"


@pytest.mark.django_db
def test_the_story_master_never_sees_a_note_written_for_the_templates_authors(client, table):  # noqa: F811
    seated(client, table)
    text = page(client, table)
    assert "runs their turn (travel, the story, end of turn)" not in text
    assert "{#" not in text and "#}" not in text


@pytest.mark.parametrize("path", sorted(TEMPLATES.glob("*.html")), ids=lambda p: p.name)
def test_no_galzyr_template_opens_a_one_line_comment_it_closes_on_another_line(path):
    # {# … #} spanning lines is not a comment to Django: it is printed as it stands
    for n, line in enumerate(path.read_text().splitlines(), 1):
        for opened in line.split("{#")[1:]:
            assert "#}" in opened, f"{path.name}:{n} opens a comment it does not close"


@pytest.mark.django_db
def test_the_noticeboard_offers_a_quest_only_to_the_player_whose_turn_it_is(client, table):  # noqa: F811
    seated(client, table)
    for _ in range(2):  # round 2: the starting player's turn again
        post_move(client, table, "campaign-begin-story")
        post_move(client, table, "campaign-end-turn")
    s = state_of(table)
    c = s.campaign
    quest = c.copies[c.places["noticeboard"][0]]
    active, waiting = s.active + 1, 2 - s.active
    for player in (active, waiting):
        post_move(client, table, "campaign-place-figure", {"player": player, "to": quest.pickup})
    text = page(client, table)
    offer = '<input type="hidden" name="player" value="{}"><input type="hidden" name="number" value="{}">'
    assert offer.format(active, quest.number) in text
    assert offer.format(waiting, quest.number) not in text
    assert "quests are picked up on one's own turn, between scenes" in text
    # the waiting player's quests have no abandon form; the active player's have one
    abandon = '<input type="hidden" name="player" value="{}">\n    <label>Abandon'
    assert abandon.format(active) in text and abandon.format(waiting) not in text
