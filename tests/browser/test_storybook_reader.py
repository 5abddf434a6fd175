"""A newcomer reads the sample book on two devices — the story master's tablet and the
active player's phone — that stay in step: month and day, keypad entry, a locked option, a
skill check with the dice helper, the outcome, an event card, reading settings.

The scene is found in the sample world by its shape (story-master text, a starry option and
a skill check), so the test keeps working while the world's prose is edited.
"""

from __future__ import annotations

from io import StringIO
from pathlib import Path

import pytest
from django.core.management import call_command
from playwright.sync_api import expect

from storybook.models import World
from tests.browser import seats
from tests.browser.live import SYNC, act, version

pytestmark = pytest.mark.django_db(transaction=True)

ROOT = Path(__file__).resolve().parents[2]
SAMPLE = ROOT / "fixtures" / "worlds" / "sallowmere-marches"
TABLET = {"width": 1024, "height": 768}
PHONE = {"width": 390, "height": 844}


def scene_to_read(data: dict) -> tuple[int, int, int]:
    """A scene with story-master text, a starry option and a check; (number, starry, check)."""
    for number, scene in sorted(data["scenes"].items(), key=lambda kv: int(kv[0])):
        texts = [p for p in scene.get("text", []) if isinstance(p, dict)]
        if not any(p.get("story_master") for p in texts) or scene.get("partner"):
            continue
        options = scene.get("options", [])
        starry = [i for i, o in enumerate(options) if o.get("starry")]
        checks = [i for i, o in enumerate(options) if o.get("check") and not o.get("starry")]
        tested = {q["id"] for q in scene.get("questions", []) if "test" in q}
        if starry and checks and all(options[i]["starry"] in tested for i in starry):
            return int(number), starry[0], checks[0]
    raise AssertionError("the sample world has no scene with SM text, a starry option and a check")


def device(chromium, size):
    context = chromium.new_context(viewport=size, has_touch=True)
    context.set_default_timeout(5000)
    return context, context.new_page()


def in_step(page, other) -> None:
    """The other device's poll brings it to the same version."""
    expect(other.locator("#live")).to_have_attribute(
        "data-version", str(version(page)), timeout=SYNC
    )


def test_two_devices_read_a_scene_with_a_skill_check(live_server, chromium):
    call_command("load_world", str(SAMPLE), stdout=StringIO())
    world = World.objects.get(slug="sallowmere-marches")
    number, starry, check = scene_to_read(world.data)
    scene = world.data["scenes"][str(number)]
    sm_text = next(
        p["text"] for p in scene["text"] if isinstance(p, dict) and p.get("story_master")
    )

    sm_context, sm = device(chromium, TABLET)
    player_context, player = device(chromium, PHONE)
    try:
        # The story master starts a table; the sample world is the default book.
        sm.goto(live_server.url + "/")
        sm.locator(".tile", has_text="Lands of Galzyr").get_by_role(
            "link", name="New table"
        ).click()
        expect(sm.get_by_label("World")).to_have_value("sallowmere-marches")
        sm.get_by_label("Table name").fill("Marches night")
        sm.get_by_label("Player 1", exact=True).fill("Mara")
        sm.get_by_label("Player 2", exact=True).fill("Bo")
        sm.get_by_role("button", name="Start the table").click()
        # The tablet that started the table keeps it: Mara's join link is on its seat page.
        mara_link = seats.join_link(sm, "Mara")
        seats.take_here(sm, "Story master")
        expect(sm.get_by_text("Pick the month to begin")).to_be_visible()

        # Mara opens her seat's link on her phone (the QR code on the keeper's screen).
        seats.join(player, mara_link)
        expect(player.get_by_text("Waiting for the month to be picked")).to_be_visible()

        # Month and day: the reader picks the day; both devices show the same one.
        act(sm, lambda: sm.get_by_role("button", name="December").click())
        expect(sm.locator(".gz-side")).to_contain_text("winter side")
        in_step(sm, player)
        day = sm.locator(".gz-date").inner_text()
        expect(player.locator(".gz-date")).to_have_text(day)
        act(sm, lambda: sm.get_by_role("button", name="Next day").click())
        in_step(sm, player)
        assert sm.locator(".gz-date").inner_text() != day
        expect(player.locator(".gz-date")).to_have_text(sm.locator(".gz-date").inner_text())
        expect(player.locator(".gz-slot.token")).to_have_count(1)

        # Keypad entry: a wrong number is refused, then the scene opens on both devices.
        keys = sm.locator(".gz-keys")
        for digit in "9999":
            keys.get_by_role("button", name=digit, exact=True).tap()
        keys.get_by_role("button", name="Open").tap()
        expect(sm.locator(".flash.error")).to_have_text("The book has no scene 9999.")
        keys = sm.locator(".gz-keys")
        for digit in f"{number:04d}":
            keys.get_by_role("button", name=digit, exact=True).tap()
        expect(sm.get_by_label("Scene number", exact=True)).to_have_value(f"{number:04d}")
        act(sm, lambda: sm.locator(".gz-keys").get_by_role("button", name="Open").tap())
        in_step(sm, player)
        title = scene.get("title", "")
        for page in (sm, player):
            expect(page.locator(".gz-number")).to_have_text(f"{number:04d}")
            expect(page.locator("#gz-scene-title")).to_have_text(title)

        # Story-master text: boxed on the story master's tablet, absent from the phone.
        expect(sm.locator(".gz-scene .gz-sm").filter(has_text=sm_text[:40])).to_be_visible()
        expect(sm.locator(".gz-sm-label").first).to_contain_text("Story master only")
        assert sm_text[:40] not in player.content()

        # A locked (starry) option says why and can't be tapped.
        locked = player.locator(".gz-option").nth(starry)
        expect(locked.locator(".gz-locked-reason")).to_contain_text("Starry option")
        expect(locked.get_by_role("button")).to_be_disabled()

        # Mara taps the option with the skill check; the dice helper opens on both devices.
        act(player, lambda: player.locator(".gz-option").nth(check).get_by_role("button").tap())
        in_step(player, sm)
        for page in (sm, player):
            expect(page.locator(".gz-checkpanel h3")).to_contain_text("Skill check")
        # The outcomes stay hidden on the SM's tablet too until the check is resolved (the
        # story master's reading setting, on by default); then every outcome, for the SM only.
        expect(sm.locator(".gz-outcomes-hidden")).to_be_visible()
        expect(sm.locator(".gz-outcomes")).to_have_count(0)
        expect(player.locator(".gz-outcomes")).to_have_count(0)

        # Every button of the reader is a comfortable touch target.
        small = player.evaluate(
            """() => [...document.querySelectorAll('.gz button, .gz summary')]
                 .filter(b => b.offsetParent && b.getBoundingClientRect().height < 44)
                 .map(b => b.textContent.trim())"""
        )
        assert small == []

        # Dice helper: two skill marks, roll, one reroll, a card effect, use the total.
        skill = scene["options"][check]["check"]["skill"]
        for tick in player.locator(f".gz-mark input[value={skill}]").all():
            tick.check()
        act(player, lambda: player.get_by_role("button", name="Roll the dice").tap())
        expect(player.locator(".gz-die")).to_have_count(5)
        expect(player.locator(".gz-die.advanced")).to_have_count(2)
        act(player, lambda: player.get_by_role("button", name="Reroll all dice (once)").tap())
        expect(player.get_by_text("Rerolled: the dice stay as they are.")).to_be_visible()
        act(player, lambda: player.get_by_role("button", name="Add a star").tap())
        use = player.get_by_role("button", name="Use ")
        successes = int(use.inner_text().split()[1])
        act(player, lambda: use.tap())
        in_step(player, sm)
        heading = f"The outcome for {successes} success"
        for page in (sm, player):
            expect(page.locator(".gz-result h3")).to_contain_text(heading)
        expect(sm.locator(".gz-outcomes li.selected")).to_have_count(1)

        # Continue locks the choice; the scene is over on both devices.
        act(player, lambda: player.locator(".gz-scene-foot").get_by_role("button").tap())
        in_step(player, sm)
        for page in (sm, player):
            expect(page.locator(".gz-scene-foot")).to_contain_text("The scene is over.")

        # An event card: the story master draws; the first scene whose prerequisite is met.
        act(sm, lambda: sm.get_by_role("button", name="Draw an event card").tap())
        asked = sm.locator(".gz-event-ask")
        while asked.count():  # the state can't tell: the story master says "no"
            act(sm, lambda: asked.get_by_role("button", name="No", exact=True).tap())
        opened = int(sm.locator(".gz-number").inner_text())
        events = {e["card"]: [s["scene"] for s in e["scenes"]] for e in world.data["events"]}
        assert any(opened in scenes for scenes in events.values())
        in_step(sm, player)
        expect(player.locator(".gz-number")).to_have_text(f"{opened:04d}")

        # Reading settings belong to the device: larger text on the phone only (the header's
        # menu, on every page).
        menu = player.locator("header .reading-menu")
        menu.get_by_title("Reading settings").tap()
        menu.get_by_label("Text size").select_option("larger")
        menu.get_by_label("High contrast").check()
        expect(player.locator("html")).to_have_attribute("data-text", "larger")
        expect(player.locator("html")).to_have_attribute("data-contrast", "high")
        assert sm.locator("html").get_attribute("data-text") is None
        act(sm, lambda: sm.get_by_role("button", name="Next day").click())
        in_step(sm, player)  # the live region is swapped; the settings stay as they were
        expect(menu.get_by_label("Text size")).to_have_value("larger")
        expect(player.locator("html")).to_have_attribute("data-text", "larger")
    finally:
        sm_context.close()
        player_context.close()
