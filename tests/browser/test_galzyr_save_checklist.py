"""Own box, after "Yes: save and pack up", in Chromium on the tablet (1180x820) and a phone
(390x844): the save checklist is what the group reads next, so the page brings it on screen,
its first line and its last (QAF3: the tablet's campaign column opened cut after the
checklist's second line, with nothing showing that the column scrolls).
Screenshots: tests/browser/shots/galzyr-saved-checklist-*.png.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Locator, Page, expect

from tests.browser import galzyr_steps as gz
from tests.browser import seats
from tests.browser.conftest import PHONE, TABLET, save_shot

pytestmark = pytest.mark.django_db(transaction=True)

SIZES = {"phone": PHONE, "tablet": TABLET}


def on_screen(page: Page, line: Locator) -> bool:
    """Wholly between the sticky header's bottom and the screen's, and inside its own scrolling
    column's box too (a line scrolled out of the column is not seen, though the page has it)."""
    return line.evaluate(
        """(line) => {
          const box = line.getBoundingClientRect();
          const bar = document.querySelector(".topbar").getBoundingClientRect().bottom;
          let top = bar, bottom = window.innerHeight;
          const column = line.closest("[data-keep-scroll]");
          if (column && column.scrollHeight > column.clientHeight) {
            const c = column.getBoundingClientRect();
            top = Math.max(top, c.top);
            bottom = Math.min(bottom, c.bottom);
          }
          return box.height > 0 && box.top >= top - 1 && box.bottom <= bottom + 1;
        }"""
    )


# Whether an element sits in a box that clips what overflows it (a column of its own).
CLIPPED = """(line) => {
  for (let e = line.parentElement; e && e !== document.body; e = e.parentElement) {
    if (getComputedStyle(e).overflowY !== "visible") return true;
  }
  return false;
}"""


# The column's scroll come to rest: a wheel scrolls smoothly, over several frames, and a line
# or the cue read meanwhile is read mid-way (the cue hides once the column reaches its end).
# (Wrapped in an object: evaluate_handle would wait for a promise it is given back.)
SCROLL_END = """(column) => ({ rest: new Promise((done) => column.addEventListener(
  "scrollend", () => done(column.scrollTop), { once: true })) })"""


@pytest.mark.parametrize("size", list(SIZES))
def test_the_save_checklist_is_on_screen_after_save_and_pack_up(live_server, chromium, size):
    table = gz.own_box("Hal", "Ivy", "Jo")
    context = chromium.new_context(viewport=SIZES[size], has_touch=True)
    context.set_default_timeout(8000)
    sm = context.new_page()
    try:
        seats.join(sm, seats.invite_url(live_server.url, table, "sm"))
        tabs = sm.locator(".gz-tabs")
        if tabs.is_visible():  # a phone: the campaign is a tab of its own
            sm.locator(".gz-tabs label", has_text="Campaign").click()
        gz.act(sm, lambda: sm.get_by_role("button", name="Begin the story").click())
        save = sm.locator("#gz-save")
        save.locator("summary").click()
        pack = save.get_by_role("button", name="Yes: save and pack up")
        gz.act(sm, lambda: pack.click())
        assert gz.phase(sm) == "packed"
        lines = sm.locator("#gz-checklist li")
        assert lines.count() >= 10  # 3 adventurers: their boards' gold, their save slots…
        assert "Take X gold from the library" in gz.checklist(sm)
        # brought on screen by the save: its heading and first line below the sticky header
        expect(sm.locator("#gz-checklist")).to_have_attribute("open", "")
        assert on_screen(sm, sm.locator("#gz-checklist summary"))
        assert on_screen(sm, lines.first)
        save_shot(sm, f"galzyr-saved-checklist-{size}", full_page=False)
        cue = sm.locator(".gz-more-below")
        if size == "phone":
            # the page scrolls as a whole: the last line is further down the page, in no box
            # of its own that could hide it
            expect(cue).to_be_hidden()
            assert not lines.last.evaluate(CLIPPED)
            lines.last.scroll_into_view_if_needed()
        else:
            # the column scrolls by itself (the list is longer than the screen): the cue says
            # so, and the wheel over the column brings the next parts, down to the last line
            assert not on_screen(sm, lines.last)
            # the whole column is on the screen below the header, its foot (the cue) too
            column = sm.locator(".gz-col-side").bounding_box()
            bar = sm.locator(".topbar").bounding_box()
            assert column["y"] >= bar["y"] + bar["height"] - 1
            assert column["y"] + column["height"] <= SIZES[size]["height"] + 1
            box = sm.locator(".gz-col-side").bounding_box()
            sm.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
            for _step in range(6):
                if on_screen(sm, lines.last):
                    break
                expect(cue).to_be_visible()
                expect(cue).to_have_text("More below ▾")
                column = sm.locator(".gz-col-side")
                top = column.evaluate("c => c.scrollTop")
                ended = column.evaluate_handle(SCROLL_END)
                sm.mouse.wheel(0, 500)
                assert ended.evaluate("scroll => scroll.rest") > top
        assert on_screen(sm, lines.last)
        save_shot(sm, f"galzyr-saved-checklist-end-{size}", full_page=False)
    finally:
        context.close()
