"""Campaign mode over the platform: a resolved outcome's effects wait under the scene, each
applied by a tap that undo takes back; refusals say why and change nothing."""

from __future__ import annotations

from io import StringIO

import pytest
from django.core.management import call_command
from django.urls import reverse

from games import services
from games.galzyr import book as books
from games.galzyr.state import State
from games.models import Table

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}
SAMPLE = "fixtures/worlds/sallowmere-marches"


@pytest.fixture
def table():
    books.installed().forget()
    call_command("load_world", SAMPLE, stdout=StringIO())
    return services.create_table(
        "galzyr",
        "Friday",
        {"players": ["Mara", "Bo"], "world": "sallowmere-marches", "mode": "campaign"},
    )


@pytest.fixture
def seated(client, table):
    client.post(reverse("games:seat", args=[table.code]), {"seat": "sm"})
    return client


def post_move(client, table, name, data=None):
    table.refresh_from_db()
    return client.post(
        reverse("games:move", args=[table.code, name]),
        {"version": table.version, **(data or {})},
        **HTMX,
    )


def undo(client, table):
    table.refresh_from_db()
    return client.post(reverse("games:undo", args=[table.code]), {"version": table.version}, **HTMX)


def state_of(table) -> State:
    return State.model_validate(Table.objects.get(pk=table.pk).state)


def held(table, number: int) -> list[str]:
    s = state_of(table)
    c = s.campaign
    where = c.where()
    return [where[cid] for cid in c.numbered(number) if not where[cid].startswith("library")]


def resolve(client, table, scene: int, option: int) -> str:
    post_move(client, table, "open-scene", {"number": str(scene)})
    post_move(client, table, "choose", {"option": str(option)})
    response = post_move(client, table, "continue")
    assert response.status_code == 200, response.content
    return response.content.decode()


def test_effects_wait_under_the_scene_with_an_apply_button_each(seated, table):
    text = resolve(seated, table, 7009, 3)  # "Go quietly": two statuses
    assert "Effects on the campaign" in text
    assert text.count('name="effect"') == 2 and "Apply all" in text
    assert [p.verb for p in state_of(table).effects] == ["status", "status"]


def test_applying_one_effect_moves_the_card_and_undo_puts_it_back(seated, table):
    resolve(seated, table, 7009, 3)
    s = state_of(table)
    aid = s.adventurers[s.active]
    before = s.campaign.model_dump(mode="json")
    response = post_move(seated, table, "apply-effect", {"effect": "1"})
    text = response.content.decode()
    assert response.status_code == 200 and "Applied" in text
    assert held(table, 242) == [f"statuses:{aid}"]
    assert "card #242" in Table.objects.get(pk=table.pk).moves.first().sentence
    assert 'name="effect" value="1"' not in text  # done: no button any more
    assert (
        "is applied already"
        in post_move(seated, table, "apply-effect", {"effect": "1"}).content.decode()
    )
    undo(seated, table)
    s = state_of(table)
    assert s.campaign.model_dump(mode="json") == before and not s.effects[0].done


def test_apply_all_applies_what_it_can(seated, table):
    resolve(seated, table, 7009, 3)
    assert post_move(seated, table, "apply-all-effects").status_code == 200
    s = state_of(table)
    aid = s.adventurers[s.active]
    assert all(p.done for p in s.effects)
    assert held(table, 242) == held(table, 233) == [f"statuses:{aid}"]


def test_an_effect_that_cannot_be_applied_is_refused_and_changes_nothing(seated, table):
    resolve(seated, table, 2112, 1)  # discard card 106, which nobody holds
    before = state_of(table).model_dump(mode="json")
    response = post_move(seated, table, "apply-effect", {"effect": "1"})
    assert response.status_code == 200 and response["HX-Trigger"] == "tk:refused"
    assert "not in play" in response.content.decode()
    assert state_of(table).model_dump(mode="json") == before
    # "Apply all" applies the gold and the prestige, and says why the discard was not
    assert post_move(seated, table, "apply-all-effects").status_code == 200
    said = Table.objects.get(pk=table.pk).moves.first().sentence
    assert "2 effects applied" in said and "not in play" in said


def test_everyone_means_each_adventurer_in_the_game(seated, table):
    post_move(seated, table, "open-scene", {"number": "7022"})
    post_move(seated, table, "continue")
    s = state_of(table)
    assert [(p.verb, p.player) for p in s.effects] == [("prestige", 0), ("prestige", 1)]


def test_book_only_tables_have_no_campaign_effects(client):
    books.installed().forget()
    call_command("load_world", SAMPLE, stdout=StringIO())
    t = services.create_table("galzyr", "T", {"players": ["Mara"], "world": "sallowmere-marches"})
    client.post(reverse("games:seat", args=[t.code]), {"seat": "sm"})
    post_move(client, t, "pick-month", {"month": "june"})
    text = resolve(client, t, 7009, 3)
    assert "Effects on the campaign" not in text and state_of(t).effects == []
    response = post_move(client, t, "apply-all-effects")
    assert "reads the book only" in response.content.decode()


def test_applying_an_effect_has_a_constant_number_of_queries(
    seated, table, django_assert_num_queries
):
    resolve(seated, table, 7009, 3)
    table.refresh_from_db()
    # savepoint, the locked table, save, move row, release; the world's hash for the view
    # after it (the move opens no book); the recent log
    with django_assert_num_queries(7):
        response = seated.post(
            reverse("games:move", args=[table.code, "apply-effect"]),
            {"version": table.version, "effect": "1"},
            **HTMX,
        )
    assert response.status_code == 200


def test_the_story_master_may_answer_a_tracked_scene_by_hand(seated, table):
    post_move(seated, table, "open-scene", {"number": "1003"})
    text = seated.get(reverse("games:table", args=[table.code])).content.decode()
    assert "(the book can tell)" in text and "Answer by hand instead" in text
    text = post_move(seated, table, "answer-by-hand", {"on": "true"}).content.decode()
    assert "Let the campaign answer" in text and "(the book can tell)" not in text
    assert state_of(table).by_hand


def test_opening_another_scene_says_what_was_left_unapplied(seated, table):
    resolve(seated, table, 7009, 3)
    post_move(seated, table, "apply-effect", {"effect": "1"})
    post_move(seated, table, "open-scene", {"number": "1001"})
    said = Table.objects.get(pk=table.pk).moves.first().sentence
    assert "1 effect of the last scene was not applied" in said
    assert state_of(table).effects == []
