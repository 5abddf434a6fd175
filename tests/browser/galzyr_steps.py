"""What a newcomer does and reads on a Lands of Galzyr campaign table, as Playwright steps.

Only roles, labels, visible text and the classes and ids the templates already have are
used, so the steps keep working while the campaign panel grows. Every tap that sends a move
waits for the live region's version to go up by one; a device that did not tap waits for its
poll (every 2 s) to bring it to the same version.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from io import StringIO
from pathlib import Path

from django.core.management import call_command
from playwright.sync_api import Page, expect

from games.core.words import possessive  # noqa: F401 - the tests read names as the game writes them
from games.galzyr.shelf import forget_books
from games.models import Table
from games.services import tables
from tests.browser import seats
from tests.browser.live import SYNC, settled

WORLDS = Path(__file__).resolve().parents[2] / "fixtures" / "worlds"
LOCATIONS = {  # the sample world's spaces, as the panel names them
    "Wickerbridge",
    "The Sallow Mere",
    "Drownbell Abbey",
    "Turfmoor",
    "The Thornwood",
    "Wether Tor",
    "Greywater Saltings",
    "Kestrel Pass",
}


def own_box(*players: str) -> Table:
    """A group's campaign table of its own box ("your own box, read from the printed book")."""
    forget_books()
    call_command("load_world", str(WORLDS / "lands-of-galzyr"), stdout=StringIO())
    options = {"players": list(players), "world": "lands-of-galzyr", "mode": "campaign"}
    return tables.create_table("galzyr", "Our box", options)


# -- the live region ---------------------------------------------------------------------------
def version(page: Page) -> int:
    return int(page.locator("#live").get_attribute("data-version"))


# Checked on every animation frame: expect()'s back-off (100, 250, 500 ms…) would add
# a few hundred milliseconds to every one of the test's fifty-odd moves.
AT_VERSION = "v => Number(document.querySelector('#live')?.dataset.version) >= v"
MOVED_OR_REFUSED = """v => Number(document.querySelector('#live')?.dataset.version) >= v
                         || !!document.querySelector('#live .flash.error')"""
MOVE = 10_000  # a move's answer, on a busy machine


def wait_for_version(page: Page, wanted: int, timeout: float = MOVE) -> None:
    page.wait_for_function(AT_VERSION, arg=wanted, timeout=timeout)
    expect(page.locator("#live")).to_have_attribute("data-version", str(wanted))
    settled(page)


def act(page: Page, do) -> None:
    """Tap, then wait for the move to come back (the live region one version later); a
    refusal fails the test with the app's own sentence."""
    before = version(page)
    do()
    page.wait_for_function(MOVED_OR_REFUSED, arg=before + 1, timeout=MOVE)
    refused = page.locator("#live .flash.error")
    assert refused.count() == 0, refused.first.inner_text()
    expect(page.locator("#live")).to_have_attribute("data-version", str(before + 1))
    settled(page)


def in_step(page: Page, other: Page) -> None:
    """The other device's poll brings it to this device's version."""
    wait_for_version(other, version(page), timeout=SYNC)


def unfold(page: Page, fold: str) -> None:
    """Open a fold-out (e.g. "#gz-changes") as a player taps it: a phone shows the campaign's
    long forms folded (a landscape tablet opens them, once the page is parsed)."""
    page.wait_for_load_state("domcontentloaded")
    if page.locator(fold).get_attribute("open") is None:
        page.locator(f"{fold} > summary").click()
    expect(page.locator(fold)).to_have_attribute("open", "")


# -- joining ----------------------------------------------------------------------------------
def join(page: Page, keeper: Page, seat: str) -> None:
    """Read the seat's join link off the keeper's seat page (the keeper's screen then goes
    back to the table), open it on this device and take the seat."""
    seats.join(page, seats.join_link(keeper, seat))


# -- reading the campaign panel ----------------------------------------------------------------
def campaign(page: Page):
    # by its label, not its role: on a phone the campaign may be on its tab out of view, where
    # it is still read (a tap on its tab shows it)
    return page.locator('section[aria-label="Campaign"]')


def round_line(page: Page) -> str:
    return campaign(page).locator(".gz-round").inner_text()


def adventurer(page: Page, name: str):
    return campaign(page).locator(".gz-adventurer").filter(has_text=name)


def active_adventurer(page: Page) -> str:
    return campaign(page).locator(".gz-adventurer.gz-active strong").inner_text()


def gold(page: Page, name: str) -> int:
    """The gold on the adventurer's dial: the data attribute, checked against the chip."""
    row = adventurer(page, name)
    chip = row.locator(".chip").filter(has_text=re.compile(r"^\d+ gold$"))
    value = int(row.get_attribute("data-gold"))
    assert int(chip.inner_text().split()[0]) == value
    return value


def phase(page: Page) -> str:
    """packed, playing, over or saved (the round line's data-phase)."""
    return campaign(page).locator(".gz-round").get_attribute("data-phase")


def position(page: Page, name: str) -> str | None:
    """The location chip: the chip that names one of the world's locations."""
    chips = adventurer(page, name).locator("span.chip:not(.gz-card)").all_inner_texts()
    return next((c for c in chips if c in LOCATIONS), None)


def cards(page: Page, name: str) -> list[str]:
    """The cards an adventurer holds, as "#170 Glass eel" chips, in the panel's order."""
    return adventurer(page, name).locator(".gz-card").all_inner_texts()


def checklist(page: Page) -> str:
    return campaign(page).locator("#gz-checklist").inner_text()


def where_is(page: Page, number: int) -> str:
    form = campaign(page).locator("#gz-where-form")
    form.get_by_label("Card number").fill(str(number))
    form.get_by_role("button", name="Where is it?").click()
    answer = campaign(page).locator("#gz-where-answer")
    expect(answer).not_to_be_empty()
    return answer.inner_text()


@dataclass
class Snapshot:
    """What the players would set out again at the next session."""

    gold: dict[str, int]
    cards: dict[str, list[str]]
    positions: dict[str, str | None]
    trays: dict[str, int]


def snapshot(page: Page, names: list[str]) -> Snapshot:
    """The same readings as ``gold``, ``cards``, ``position`` and ``trays``, in one call."""
    seen = page.evaluate(
        """() => {
          const panel = document.querySelector('[aria-label="Campaign"]');
          const text = el => el.innerText.trim();
          return {
            adventurers: [...panel.querySelectorAll('.gz-adventurer')].map(li => ({
              name: text(li.querySelector('strong')),
              chips: [...li.querySelectorAll('span.chip:not(.gz-card)')].map(text),
              cards: [...li.querySelectorAll('.gz-card')].map(text),
            })),
            trays: [...panel.querySelectorAll('.gz-tray summary')].map(text),
          };
        }"""
    )
    by_name = {a["name"]: a for a in seen["adventurers"]}
    gold_, cards_, positions = {}, {}, {}
    for n in names:
        chips = by_name[n]["chips"]
        gold_[n] = next(int(c.split()[0]) for c in chips if re.fullmatch(r"\d+ gold", c))
        positions[n] = next((c for c in chips if c in LOCATIONS), None)
        cards_[n] = by_name[n]["cards"]
    trays_ = {}
    for summary in seen["trays"]:
        m = re.fullmatch(r"(.+?)\s+\((\d+)\)", summary)
        assert m, summary
        trays_[m.group(1)] = int(m.group(2))
    return Snapshot(gold=gold_, cards=cards_, positions=positions, trays=trays_)


# -- the campaign's moves ----------------------------------------------------------------------
def travel_form(page: Page, name: str):
    return campaign(page).locator("#gz-travel form").filter(has_text=f"{name} travels")


def place_figure(page: Page, name: str, where: str) -> None:
    travel = campaign(page).locator("#gz-travel")
    if not travel.evaluate("d => d.open"):
        travel.locator("summary").click()
    form = travel.locator("form").filter(has_text=f"Place {name}'s figure at")
    act(page, lambda: form.get_by_role("button", name=where, exact=True).click())


def travel(page: Page, name: str, where: str) -> None:
    form = travel_form(page, name)
    act(page, lambda: form.get_by_role("button", name=where, exact=True).click())


def press(page: Page, label: str) -> None:
    """A campaign button that sends a move (End the turn, Begin the story, Save…)."""
    act(page, lambda: campaign(page).get_by_role("button", name=label, exact=True).click())


def set_up_first_game(page: Page, adventurers: dict[str, str], mode: str) -> None:
    """Before the first scene: each player's adventurer and how the group plays."""
    setup = campaign(page).locator("#gz-setup")
    setup.locator("summary").filter(has_text="Choose adventurers and how you play").click()
    for player, name in adventurers.items():
        # The label is the player's name; its select (the adventurer) is inside it.
        setup.get_by_label(re.compile(rf"^{player}\b")).select_option(label=name)
    setup.get_by_label(mode).check()
    act(page, lambda: setup.get_by_role("button", name="Set up the first game again").click())


# -- the storybook -----------------------------------------------------------------------------
def open_by_keypad(page: Page, number: int) -> None:
    keys = page.locator(".gz-keys")
    for digit in f"{number:04d}":
        keys.get_by_role("button", name=digit, exact=True).tap()
    expect(page.get_by_role("textbox", name="Scene number")).to_have_value(f"{number:04d}")
    act(page, lambda: page.locator(".gz-keys").get_by_role("button", name="Open").tap())


def open_at_location(page: Page, location: str, number: int) -> None:
    """One of the scenes the location cards offer (the opener's "At the locations" list)."""
    name = f"{location} · {number:04d}"
    act(page, lambda: page.locator(".gz-sources").get_by_role("button", name=name).tap())


def choose(page: Page, label: str) -> None:
    option = page.locator(".gz-option").filter(has_text=label)
    act(page, lambda: option.get_by_role("button").tap())


def roll_and_use(page: Page) -> int:
    """The dice helper: roll, then use the total. Returns the successes."""
    act(page, lambda: page.get_by_role("button", name="Roll the dice").tap())
    expect(page.locator(".gz-die")).to_have_count(5)
    use = page.get_by_role("button", name=re.compile(r"^Use \d+ success"))
    successes = int(use.inner_text().split()[1])
    act(page, lambda: use.tap())
    return successes


def enter_successes(page: Page, n: int) -> None:
    """Rolled the table's own dice: tap the number of successes."""
    panel = page.locator(".gz-physical")
    act(page, lambda: panel.get_by_role("button", name=f"{n} successes", exact=True).tap())


def outcome_cards(page: Page) -> list[int]:
    """The card numbers the outcome names (its effects' card chips)."""
    chips = page.locator(".gz-result .gz-effect .gz-card").all_inner_texts()
    return [int(re.match(r"#(\d+)", c).group(1)) for c in chips]


def apply_effects(page: Page) -> list[str]:
    """Campaign mode: apply what the resolved outcome does to the campaign — "Apply all" when
    several effects wait, else "Apply" — and return what each one said to mirror."""
    section = page.get_by_role("region", name="Effects on the campaign")
    apply_all = section.get_by_role("button", name="Apply all", exact=True)
    if apply_all.count():
        act(page, lambda: apply_all.click())
    else:
        act(page, lambda: section.get_by_role("button", name="Apply", exact=True).click())
    expect(section.locator(".gz-pending")).not_to_have_count(0)
    expect(section.locator(".gz-pending:not(.done)")).to_have_count(0)
    return section.locator(".gz-pending-said").all_inner_texts()


def gain_gold_by_hand(page: Page, amount: int) -> None:
    """The campaign's own Gold form, its Who left on the active player's adventurer."""
    unfold(page, "#gz-changes")
    form = page.locator(".gz-gold-form")
    form.get_by_label("Gold").select_option(str(amount))
    act(page, lambda: form.get_by_role("button", name="Gain", exact=True).click())


def mark_done_by_hand(page: Page) -> str:
    """Campaign mode: tap "Done by hand" on the one effect waiting under the scene; what its
    line says then."""
    section = page.get_by_role("region", name="Effects on the campaign")
    act(page, lambda: section.get_by_role("button", name="Done by hand", exact=True).click())
    line = section.locator(".gz-pending.done")
    expect(line.locator(".chip.gz-yes")).to_have_text("✓ Done by hand")
    expect(section.locator(".gz-pending:not(.done)")).to_have_count(0)
    return line.locator(".gz-pending-said").inner_text()


def undo(page: Page) -> None:
    act(page, lambda: page.get_by_role("button", name="Undo").click())


def continue_scene(page: Page) -> None:
    act(page, lambda: page.locator(".gz-scene-foot").get_by_role("button").tap())
    expect(page.locator(".gz-scene-foot")).to_contain_text("The scene is over.")
