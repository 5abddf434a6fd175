"""Issue 16, items 1 and 2, in Chromium on a phone (390x844) and a landscape tablet (1180x820).

1. Owners of the published box start a Lands of Galzyr campaign from the new-table form with
   the "your own box, read from the printed book" world, and play a turn: the story master
   enters the scene number read from the printed book, the effects are entered by hand (gold,
   prestige), the scene is closed and the turn ends.
2. A story master who rolls, then reveals: the outcomes stay hidden on their tablet until the
   successes are used, then every outcome shows with the selected one.
Screenshots: tests/browser/shots/galzyr-printed-*.png and galzyr-reveal-*.png.
"""

from __future__ import annotations

import shutil
from io import StringIO

import pytest
from django.core.management import call_command
from playwright.sync_api import Page, expect

from games.galzyr.shelf import forget_books
from games.models import Table
from games.services import tables, turns
from tests.browser import galzyr_steps as gz
from tests.browser import seats
from tests.browser.conftest import PHONE, TABLET, save_shot
from tests.games.galzyr.worlds import READER

pytestmark = pytest.mark.django_db(transaction=True)

CHOICE = "Lands of Galzyr — your own box, read from the printed book"
SIZES = {"phone": PHONE, "tablet": TABLET}
OUTCOME = "people on the far bank cheer"


def device(chromium, size):
    context = chromium.new_context(viewport=size, has_touch=True)
    context.set_default_timeout(8000)
    return context, context.new_page()


def tab(page: Page, name: str) -> None:
    """On a phone the scene and the campaign are two tabs; a tablet shows both."""
    tabs = page.locator(".gz-tabs")
    if tabs.count() and tabs.is_visible():
        page.locator(".gz-tabs label", has_text=name).click()
        expect(page.locator(f"#gz-tab-{name.lower()}")).to_be_checked()


@pytest.mark.parametrize("size", list(SIZES))
def test_the_box_from_the_form_played_through_a_turn_with_the_printed_book(
    live_server, chromium, size
):
    forget_books()
    for world in ("sallowmere-marches", "lands-of-galzyr"):
        call_command("load_world", str(gz.WORLDS / world), stdout=StringIO())
    context, sm = device(chromium, SIZES[size])
    try:
        sm.goto(live_server.url + "/new/galzyr/")
        sm.get_by_label("Player 1", exact=True).fill("Mara")
        sm.get_by_label("Player 2", exact=True).fill("Bo")
        sm.get_by_label("World").select_option(label=CHOICE)
        expect(sm.get_by_label("Campaign mode")).to_be_checked()  # the box is a campaign
        expect(sm.get_by_label("Campaign mode")).to_be_disabled()  # and can't be unticked
        expect(sm.locator("[data-gz-book-only]")).to_be_hidden()  # book-only doesn't apply
        expect(sm.locator("[data-gz-own-only]")).to_be_visible()  # "(always, for your own box)"
        expect(sm.locator(".gz-new-printed")).to_be_visible()
        save_shot(sm, f"galzyr-printed-new-{size}")
        sm.get_by_role("button", name="Start the table").click()
        sm.wait_for_url("**/seat/")
        seats.take_here(sm, "Story master")
        table = Table.objects.get()
        assert table.state["world"] == "lands-of-galzyr" and table.state["mode"] == "campaign"

        tab(sm, "Campaign")
        gz.act(sm, lambda: sm.get_by_role("button", name="Begin the story").click())
        tab(sm, "Scene")
        sm.get_by_label("Scene number", exact=True).fill("0123")
        gz.act(sm, lambda: sm.locator(".gz-keys").get_by_role("button", name="Open").click())
        scene = sm.locator(".gz-scene")
        expect(scene.locator(".gz-number")).to_have_text("0123")
        expect(scene).to_contain_text("read scene 0123 aloud from the printed Book of Adventures")
        save_shot(sm, f"galzyr-printed-scene-{size}", full_page=False)

        tab(sm, "Campaign")  # the effects read out, entered by hand
        gz.unfold(sm, "#gz-changes")
        gold = sm.locator(".gz-gold-form")
        gold.get_by_label("Gold").select_option("2")
        gz.act(sm, lambda: gold.get_by_role("button", name="Gain").click())
        prestige = sm.locator(".gz-prestige-form")
        prestige.get_by_label("Prestige").select_option("1")
        gz.act(sm, lambda: prestige.get_by_role("button", name="Gain").click())

        tab(sm, "Scene")
        close = sm.get_by_role("button", name="Scene 0123 is read: close it")
        gz.act(sm, lambda: close.click())
        expect(scene).to_contain_text("Scene 0123 was read from the printed book.")
        tab(sm, "Campaign")
        save_shot(sm, f"galzyr-printed-closed-{size}", full_page=False)
        gz.act(sm, lambda: sm.get_by_role("button", name="End the turn").click())
        save_shot(sm, f"galzyr-printed-turn-{size}")

        table.refresh_from_db()
        state = table.state
        first = [a for a in state["campaign"]["adventurers"] if a["gold"] == 12]
        assert len(first) == 1 and first[0]["prestige"] == 1
        assert state["locked"] and state["scene"] == 123
    finally:
        context.close()


@pytest.mark.parametrize("size", list(SIZES))
def test_a_story_master_rolls_then_reveals(live_server, chromium, tmp_path, size):
    world = tmp_path / "reader"
    shutil.copytree(READER, world)
    forget_books()
    call_command("load_world", str(world), "--slug", "reader", stdout=StringIO())
    table = tables.create_table("galzyr", "Ferry", {"players": ["Mara"], "world": "reader"})
    for name, args in (("pick-month", {"month": "june"}), ("open-scene", {"number": 2001})):
        table.refresh_from_db()
        turns.apply_move(table.code, name, args, expected_version=table.version, seat="sm")
    context, sm = device(chromium, SIZES[size])
    try:
        seats.join(sm, seats.invite_url(live_server.url, table, "sm"))
        option = sm.locator(".gz-option").first.get_by_role("button")
        gz.act(sm, lambda: option.click())
        hidden = sm.locator(".gz-outcomes-hidden")
        expect(hidden).to_contain_text("Outcomes hidden until the check is resolved")
        assert OUTCOME not in sm.content()
        gz.act(sm, lambda: sm.get_by_role("button", name="Roll the dice").click())
        expect(sm.locator(".gz-die")).to_have_count(5)
        expect(hidden).to_be_visible()  # rolled: still hidden
        assert OUTCOME not in sm.content()
        hidden.scroll_into_view_if_needed()
        save_shot(sm, f"galzyr-reveal-rolled-{size}", full_page=False)
        use = sm.get_by_role("button", name="Use ")
        gz.act(sm, lambda: use.click())  # the reveal
        expect(sm.locator(".gz-outcomes li.selected")).to_have_count(1)
        expect(sm.locator(".gz-outcomes")).to_contain_text(OUTCOME)
        expect(sm.locator(".gz-result h3")).to_contain_text("The outcome for")
        expect(hidden).to_have_count(0)
        sm.locator(".gz-outcomes").scroll_into_view_if_needed()
        save_shot(sm, f"galzyr-reveal-revealed-{size}", full_page=False)
    finally:
        context.close()


def refused(page: Page, do) -> str:
    """Tap; the refusal shows in place, the table unchanged."""
    before = gz.version(page)
    do()
    error = page.locator("#live .flash.error")
    expect(error).to_have_count(1)
    assert gz.version(page) == before
    return error.inner_text()


@pytest.mark.parametrize("size", list(SIZES))
def test_a_card_the_app_does_not_know_and_saving_with_confirmation(live_server, chromium, size):
    """Card #213 from the printed book, taken as an item; then the game saved, asked first,
    and the boards' gold entered at the save."""
    table = gz.own_box("Mara", "Bo")
    context, sm = device(chromium, SIZES[size])
    try:
        seats.join(sm, seats.invite_url(live_server.url, table, "sm"))
        tab(sm, "Campaign")
        gz.unfold(sm, "#gz-take")
        take = sm.locator(".gz-take-form")
        take.get_by_label("Card number").fill("213")
        first = take.get_by_role("group", name="Who takes it").get_by_role("button").first
        said = refused(sm, lambda: first.click())
        assert "Card #213 is not among the cards the app knows of your box" in said
        expect(take.get_by_label("Card number")).to_have_value("213")  # kept, the kind asked
        take.get_by_label("Kind, if the app doesn't know the card yet").select_option("item")
        name = first.inner_text().removeprefix("To ")
        before = gz.version(sm)
        first.click()  # the refusal's message stays until the answer replaces it
        gz.wait_for_version(sm, before + 1)
        assert "#213 Card #213" in gz.cards(sm, name)
        gz.unfold(sm, "#gz-changes")
        status = sm.locator(".gz-status-form")  # any number: the known ones offered as typed
        status.get_by_label("Who").select_option(label=name)
        status.get_by_label("Status").fill("250")
        gz.act(sm, lambda: status.get_by_role("button", name="Gain the status").click())
        assert "#250 Card #250" in gz.cards(sm, name)
        gz.adventurer(sm, name).scroll_into_view_if_needed()
        save_shot(sm, f"galzyr-printed-card-{size}", full_page=False)

        save = sm.locator("#gz-save")
        yes = save.get_by_role("button", name="Yes: save, then continue with a new game")
        expect(yes).to_be_hidden()  # a second step: nothing saves on one tap
        end_turn = sm.get_by_role("button", name="End the turn")
        assert save.locator("summary").bounding_box()["y"] > end_turn.bounding_box()["y"]
        save.locator("summary").click()
        expect(save.locator(".gz-save-warning")).to_contain_text(
            "Saving ends this game now, in round 1 of"
        )
        save.scroll_into_view_if_needed()
        save_shot(sm, f"galzyr-printed-save-ask-{size}", full_page=False)
        gz.act(sm, lambda: yes.click())
        assert gz.phase(sm) == "saved"
        assert "Take X gold from the library" in gz.checklist(sm)
        gold_form = sm.locator(".gz-save-gold-form")
        before = gz.gold(sm, name)
        gold_form.get_by_label("Who").select_option(label=name)
        gold_form.get_by_label("Gold").select_option("2")
        gz.act(sm, lambda: gold_form.get_by_role("button", name="Take it from the library").click())
        assert gz.gold(sm, name) == before + 2
        sm.locator(".gz-save-gold").scroll_into_view_if_needed()
        save_shot(sm, f"galzyr-printed-saved-{size}", full_page=False)
    finally:
        context.close()


@pytest.mark.parametrize("size", list(SIZES))
def test_the_box_travels_anywhere_and_draws_the_event_card_the_group_drew(
    live_server, chromium, size
):
    """Travel on the box's board (no routes entered: any other location, one move each), then
    an event card drawn by its number, put where the printed scene says, and the turn ended.
    On the phone the reading player draws; on the tablet the shared display does (QA 7's
    blocker: its close form didn't ask where the card goes, so the turn couldn't end)."""
    table = gz.own_box("Mara", "Bo")
    state = table.state
    moving = next(
        i for i, aid in enumerate(state["adventurers"]) if aid in state["campaign"]["game"]["moves"]
    )
    name = state["adventurers"][moving].capitalize()
    # Two players: the other one reads as story master, on their own device; or the group
    # plays on the tablet alone, in the Table seat.
    reader = f"p{2 - moving}" if size == "phone" else "table"
    turn = state["campaign"]["game"]["turn"]
    context, sm = device(chromium, SIZES[size])
    try:
        seats.join(sm, seats.invite_url(live_server.url, table, reader))
        tab(sm, "Campaign")
        travel = sm.locator("#gz-travel")
        place = travel.locator("form", has_text=f"Place {name}'s figure at")
        gz.act(sm, lambda: place.get_by_role("button", name="Location 3").click())
        expect(travel.locator(".gz-no-routes")).to_have_count(1)
        expect(travel).to_contain_text("the app takes the board's word")
        go = travel.locator("form", has_text=f"{name} travels")
        expect(go.get_by_role("button")).to_have_count(7)  # every other location
        expect(go.get_by_role("button", name="Location 3")).to_have_count(0)
        go.scroll_into_view_if_needed()
        save_shot(sm, f"galzyr-printed-travel-{size}", full_page=False)
        gz.act(sm, lambda: go.get_by_role("button", name="Location 8").click())
        expect(go).to_contain_text("1 move left")
        gz.act(sm, lambda: go.get_by_role("button", name="Location 1").click())
        # no moves left: the travel form gives way to the rule's own sentence
        expect(go).to_have_count(0)
        expect(sm.locator("#gz-travel .gz-travel-refused")).to_contain_text(
            "has no moves left: the scene comes next."
        )
        gz.act(sm, lambda: sm.get_by_role("button", name="Begin the story").click())

        tab(sm, "Scene")
        drew = sm.get_by_label("The event card you drew")
        expect(drew.locator("option")).to_have_count(13)  # "Card #…" and the 12 event cards
        drew.select_option("83")
        drew.scroll_into_view_if_needed()
        save_shot(sm, f"galzyr-printed-draw-{size}", full_page=False)
        gz.act(sm, lambda: sm.get_by_role("button", name="Draw this event card").click())
        if reader != "table":  # the card in the story master's hand is theirs to see
            expect(sm.locator(".gz-printed-event h2")).to_have_text("Event card #083")
        sm.get_by_label("Scene number", exact=True).fill("0512")
        gz.act(sm, lambda: sm.locator(".gz-keys").get_by_role("button", name="Open").click())
        card = "The event card drawn" if reader == "table" else "Event card #083"
        goes = sm.get_by_label(f"{card} goes, as the printed scene says, to")
        goes.select_option(label="the vault")
        goes.scroll_into_view_if_needed()
        save_shot(sm, f"galzyr-printed-event-close-{size}", full_page=False)
        close = sm.get_by_role("button", name="Scene 0512 is read: close it")
        gz.act(sm, lambda: close.click())
        expect(sm.locator(".gz-scene")).to_contain_text(
            "Scene 0512 was read from the printed book."
        )
        tab(sm, "Campaign")
        gz.act(sm, lambda: sm.get_by_role("button", name="End the turn").click())

        table.refresh_from_db()
        state = table.state
        adventurer = state["campaign"]["adventurers"][
            [a["id"] for a in state["campaign"]["adventurers"]].index(state["adventurers"][moving])
        ]
        assert adventurer["position"] == "location-1"
        assert state["drawn"] is None and 83 not in state["deck"]
        assert state["campaign"]["game"]["turn"] == turn + 1  # the next player's turn
        sentences = [m.sentence for m in table.moves.order_by("-id")[:2]]
        assert "leaves the event deck for the vault" in sentences[1]
    finally:
        context.close()
