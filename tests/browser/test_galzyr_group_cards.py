"""Issue 16, own box, in Chromium: what a group names is the group's. The story master's
landscape tablet (1180x820), which keeps the group's table, names a card the app doesn't know;
the group's next table of the box knows it when it is taken by its number alone. On the phone
(390x844) a move's answer keeps the form just sent where it was on the screen, though the long
checklist above it gave way to a short one (it had jumped a screen away, to the calendar).
Screenshots: tests/browser/shots/galzyr-group-cards-*.png."""

from __future__ import annotations

from io import StringIO
from pathlib import Path

import pytest
from django.core.management import call_command
from playwright.sync_api import Page, expect

from games.galzyr.shelf import forget_books
from games.models import Table
from tests.browser import galzyr_steps as gz
from tests.browser import seats
from tests.browser.conftest import PHONE, TABLET, save_shot

pytestmark = pytest.mark.django_db(transaction=True)

WORLDS = Path(__file__).resolve().parents[2] / "fixtures" / "worlds"
CHOICE = "Lands of Galzyr — your own box, read from the printed book"
GROUP = "Your group (optional: finished games are compared by group)"


def new_table(page: Page, url: str, name: str) -> None:
    """The group's table of its own box, from the form, the story master's seat taken here."""
    page.goto(url + "/new/galzyr/")
    page.get_by_label("Table name").fill(name)
    page.get_by_label(GROUP).fill("Hearth")
    for i, player in enumerate(["Ana", "Ben", "Cai"], 1):
        page.get_by_label(f"Player {i}", exact=True).fill(player)
    page.get_by_label("World").select_option(label=CHOICE)
    page.get_by_role("button", name="Start the table").click()
    page.wait_for_url("**/seat/")
    seats.take_here(page, "Story master")


def take(page: Page, number: int, kind: str = "") -> None:
    gz.unfold(page, "#gz-take")
    form = gz.campaign(page).locator("form[action$='campaign-take-card/']")
    form.get_by_label("Card number").fill(str(number))
    if kind:
        form.get_by_label("Kind, if the app doesn't know the card yet").select_option(kind)
    gz.act(page, lambda: form.get_by_role("button", name="To Bumir").click())


def test_a_card_named_at_the_groups_table_is_known_at_its_next(live_server, chromium):
    forget_books()
    call_command("load_world", str(WORLDS / "lands-of-galzyr"), stdout=StringIO())
    tablet = chromium.new_context(viewport=TABLET, has_touch=True)
    tablet.set_default_timeout(8000)
    sm = tablet.new_page()
    try:
        new_table(sm, live_server.url, "Our box")
        take(sm, 213, kind="item")
        own = sm.locator("#gz-own-cards")
        gz.unfold(sm, "#gz-own-cards")
        card = own.locator("#gz-own-213")
        card.get_by_label("Name").fill("Brass compass")
        card.get_by_label("Timer box (days, blank: none)").fill("3")
        gz.act(sm, lambda: card.get_by_role("button", name="Save card #213").click())
        expect(sm.locator("#gz-own-kept")).to_contain_text("Kept for Hearth")
        sm.locator("#gz-own-cards").scroll_into_view_if_needed()
        save_shot(sm, "galzyr-group-cards-named-tablet", full_page=False)

        new_table(sm, live_server.url, "Our box, next week")  # the same device: the same group
        take(sm, 213)  # by its number alone: the group said what it is
        expect(gz.adventurer(sm, "Bumir").locator(".gz-card")).to_contain_text(
            ["#213 Brass compass"]
        )
        expect(sm.locator("#live")).to_contain_text("(3 days ahead)")  # its timer box
        save_shot(sm, "galzyr-group-cards-next-table-tablet", full_page=False)
    finally:
        tablet.close()


def test_the_phone_keeps_the_form_sent_where_it_was(live_server, chromium):
    forget_books()
    call_command("load_world", str(WORLDS / "lands-of-galzyr"), stdout=StringIO())
    tablet = chromium.new_context(viewport=TABLET, has_touch=True)
    phone = chromium.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    for context in (tablet, phone):
        context.set_default_timeout(8000)
    sm, ana = tablet.new_page(), phone.new_page()
    try:
        new_table(sm, live_server.url, "Our box")  # "Game setup": a long checklist
        # The phone is the first active player's, whoever the shuffle made it (a waiting
        # player's phone has no gold form): Ana, Ben or Cai.
        state = Table.objects.get(name="Our box").state
        gz.join(ana, sm, state["players"][state["active"]])
        ana.locator(".gz-tabs label", has_text="Campaign").click()
        expect(ana.locator("#gz-checklist li")).not_to_have_count(1)
        gz.unfold(ana, "#gz-changes")
        gold = ana.locator(".gz-gold-form")
        gold.scroll_into_view_if_needed()
        top = gold.evaluate("form => form.getBoundingClientRect().top")
        gz.act(ana, lambda: gold.get_by_role("button", name="Gain").click())
        expect(ana.locator("#gz-checklist li")).to_have_count(1)  # "Bumir's gold", one step
        # the answer's form where the tapped one was (settled after the folds open again)
        ana.wait_for_function(
            "top => Math.abs(document.querySelector('.gz-gold-form')"
            ".getBoundingClientRect().top - top) < 2",
            arg=top,
        )
        save_shot(ana, "galzyr-group-cards-gold-kept-phone", full_page=False)
    finally:
        tablet.close()
        phone.close()
