"""Findings at the table, in Chromium. Book-only mode on a phone (390x844): the scene comes before the day and calendar card, its
top within the first screen; before the month is picked the month picker stays on top. A
portrait tablet (820x1180) keeps the day on top. Screenshots: galzyr-book-phone-*.png."""

from __future__ import annotations

from io import StringIO
from pathlib import Path

import pytest
from django.core.management import call_command
from playwright.sync_api import expect

from games.galzyr.shelf import forget_books
from games.services import tables, turns
from tests.browser import seats
from tests.browser.conftest import PHONE, save_shot

pytestmark = pytest.mark.django_db(transaction=True)

SAMPLE = Path(__file__).resolve().parents[2] / "fixtures" / "worlds" / "sallowmere-marches"
PORTRAIT = {"width": 820, "height": 1180}


def move(table, name: str, args: dict):
    table, _ = turns.apply_move(table.code, name, args, expected_version=table.version, seat="sm")
    return table


def test_on_a_phone_the_scene_comes_before_the_day(live_server, chromium):
    forget_books()
    call_command("load_world", str(SAMPLE), stdout=StringIO())
    table = tables.create_table(
        "galzyr", "Book", {"players": ["Mara", "Bo"], "world": "sallowmere-marches"}
    )
    context = chromium.new_context(viewport=PHONE, has_touch=True)
    context.set_default_timeout(8000)
    page = context.new_page()
    try:
        seats.join(page, seats.invite_url(live_server.url, table, "sm"))
        expect(page.locator(".gz-months")).to_be_visible()  # no month yet: the picker on top
        assert page.locator(".gz-day").bounding_box()["y"] < PHONE["height"] / 2
        table = move(move(table, "pick-month", {"month": "june"}), "open-scene", {"number": 1101})
        page.goto(page.url)
        page.evaluate("() => window.scrollTo(0, 0)")
        scene, day = page.locator(".gz-scene"), page.locator(".gz-day")
        expect(scene).to_be_visible()
        top = scene.bounding_box()["y"]
        assert 0 < top < PHONE["height"] / 2, top
        assert top < day.bounding_box()["y"]
        save_shot(page, "galzyr-book-phone-scene", full_page=False)
        page.set_viewport_size(PORTRAIT)  # a tablet held upright: the day stays on top
        expect(scene).to_be_visible()
        assert day.bounding_box()["y"] < scene.bounding_box()["y"]
    finally:
        context.close()


def test_the_calendar_grid_shows_the_timer_tokens(live_server, chromium):
    forget_books()
    call_command("load_world", str(SAMPLE), stdout=StringIO())
    table = tables.create_table(
        "galzyr",
        "Timers",
        {"players": ["Mara", "Bo"], "world": "sallowmere-marches", "mode": "campaign"},
    )
    table = move(table, "campaign-take-card", {"number": 150, "player": 1})
    table = move(table, "campaign-take-card", {"number": 151, "player": 2})
    for number in (150, 151):
        table = move(table, "campaign-place-timer", {"number": number, "days": 2})
    context = chromium.new_context(viewport=PHONE, has_touch=True)
    context.set_default_timeout(8000)
    page = context.new_page()
    try:
        seats.join(page, seats.invite_url(live_server.url, table, "sm"))
        page.locator(".gz-tabs label", has_text="Campaign").click()
        stack = page.locator(".gz-day .gz-timer-stack")
        expect(stack).to_have_count(1)
        expect(stack.locator(".gz-timer")).to_have_text(["151", "150"])  # the newest on top
        slot = stack.locator("xpath=..")
        box = slot.bounding_box()
        assert box["width"] >= 44 and box["height"] < 120, box
        assert page.evaluate("() => document.documentElement.scrollWidth") <= PHONE["width"]
        page.locator(".gz-day").screenshot(
            path=str(save_shot(page, "galzyr-calendar-timers-phone", full_page=False))
        )
    finally:
        context.close()
