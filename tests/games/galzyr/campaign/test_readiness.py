"""Campaign readiness (issue 14): a world missing each thing campaign mode needs gets its own
lint message at file:line, and the new-table form and POST /api/tables/ refuse campaign mode
for it with the same sentence, creating no table. The base is the tutorial's world, which is
ready."""

from __future__ import annotations

import shutil
import zipfile
from io import BytesIO, StringIO
from pathlib import Path

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command
from django.urls import reverse

from games.galzyr.campaign import reset_game
from games.galzyr.campaign.build import build_campaign
from games.galzyr.campaign.readiness import campaign_readiness, plan_text
from games.galzyr.shelf import forget_books
from games.models import Table
from librarians import make_librarian
from storybook.format import ResetPlan
from storybook.lint.folder import lint_world
from storybook.loading.loader import read_world

FIRST = Path(__file__).resolve().parents[4] / "docs" / "examples" / "first-world"

# (case, file, old, new, where the need is reported, what it says)
CASES = [
    (
        "a-month-card-missing",
        "cards.yaml",
        "  - {number: 5, type: global_status, name: May}\n",
        "",
        "cards.yaml:2",
        "campaign mode needs the 12 month cards, global status cards #001–#012 (January first: "
        "the reset's d12 picks the month); missing #005",
    ),
    (
        "a-month-card-of-another-type",
        "cards.yaml",
        "{number: 3, type: global_status, name: March}",
        "{number: 3, type: item, name: March}",
        "cards.yaml:16",
        "card 003 is the month card for March: campaign mode needs it to be a global status",
    ),
    (
        "no-discord",
        "cards.yaml",
        "  - {number: 13, type: global_status, name: Discord, scenes: [90]}\n",
        "",
        "cards.yaml:2",
        "campaign mode needs a global status card named Discord for competitive play: its "
        "first scene is read at the game's end",
    ),
    (
        "no-harmony",
        "cards.yaml",
        "name: Harmony, scenes: [91]}",
        "name: Concord, scenes: [91]}",
        "cards.yaml:2",
        "campaign mode needs a global status card named Harmony for solo and co-operative "
        "play: its first scene is read at the game's end",
    ),
    (
        "harmony-names-no-scene",
        "cards.yaml",
        "name: Harmony, scenes: [91]}",
        "name: Harmony}",
        "cards.yaml:29",
        "Harmony (card 014) names no scene: give it 'scenes: [NNNN]', the scene read at the "
        "game's end",
    ),
]


def world_without(tmp_path: Path, file: str, old: str, new: str) -> Path:
    dest = tmp_path / "first-world"
    shutil.copytree(FIRST, dest)
    text = (dest / file).read_text(encoding="utf-8")
    assert old in text
    (dest / file).write_text(text.replace(old, new, 1), encoding="utf-8")
    return dest


def test_the_tutorial_world_is_ready():
    ready = campaign_readiness(read_world(FIRST)[0])
    assert ready.ready and ready.lines()[0] == "campaign mode: ready"


@pytest.mark.parametrize(
    "file,old,new,where,says", [c[1:] for c in CASES], ids=[c[0] for c in CASES]
)
def test_each_missing_need_has_its_own_message(tmp_path, file, old, new, where, says):
    path = world_without(tmp_path, file, old, new)
    assert not [d for d in lint_world(path) if d.is_error]  # it still loads, book-only
    ready = campaign_readiness(read_world(path)[0])
    assert [f"{d.file}:{d.line}: {d.message}" for d in ready.needs] == [f"{where}: {says}"]
    assert ready.lines()[0] == "campaign mode: not ready, because …"


def test_an_adventurer_without_an_ability_card_is_told_not_refused(tmp_path):
    path = world_without(
        tmp_path, "cards.yaml", "      - {icon: feather, name: Rook's knack}\n", ""
    )
    ready = campaign_readiness(read_world(path)[0])
    assert ready.ready
    assert "world.yaml:24: Rook takes no card at a reset: no card #000 has the icon 'feather'" in [
        f"{d.file}:{d.line}: {d.message}" for d in ready.notes
    ]


def test_lint_world_prints_the_section(tmp_path):
    path = world_without(tmp_path, *CASES[0][1:4])
    out = StringIO()
    call_command("lint_world", str(path), stdout=out)
    lines = out.getvalue().splitlines()
    assert "campaign mode: not ready, because …" in lines
    assert f"  {CASES[0][4]}: {CASES[0][5]}" in lines


@pytest.mark.django_db
@pytest.mark.parametrize(
    "file,old,new,where,says", [c[1:] for c in CASES], ids=[c[0] for c in CASES]
)
def test_the_form_and_the_api_refuse_campaign_mode_naming_the_need(
    client, tmp_path, file, old, new, where, says
):
    forget_books()
    path = world_without(tmp_path, file, old, new)
    call_command("load_world", str(path), "--slug", "unready", stdout=StringIO())
    sentence = "Campaign mode: not ready, because " + says
    form = {"name": "Friday", "player": ["Mara", "", "", "", "", ""], "opt_world": "unready"}
    response = client.post(reverse("games:new", args=["galzyr"]), {**form, "opt_mode": "campaign"})
    html = response.content.decode()
    assert response.status_code == 200 and 'role="alert"' in html
    assert sentence.replace("'", "&#x27;") in html
    api = client.post(
        "/api/tables/",
        {
            "game": "galzyr",
            "options": {"players": ["Mara"], "world": "unready", "mode": "campaign"},
        },
        content_type="application/json",
    )
    assert api.status_code == 400 and sentence in api.content.decode()
    assert not Table.objects.exists()
    book_only = client.post(reverse("games:new", args=["galzyr"]), form)  # still fine
    assert book_only.status_code == 302 and Table.objects.count() == 1


@pytest.mark.django_db
def test_the_upload_page_shows_the_section(client, tmp_path):
    client.force_login(make_librarian("librarian")[0])
    path = world_without(tmp_path, *CASES[0][1:4])
    data = BytesIO()
    with zipfile.ZipFile(data, "w") as z:
        for file in sorted(path.rglob("*")):
            if file.is_file():
                z.write(file, f"unready/{file.relative_to(path)}")
    bundle = SimpleUploadedFile("unready.zip", data.getvalue(), content_type="application/zip")
    response = client.post(reverse("storybook:worlds"), {"bundle": bundle})
    html = response.content.decode()
    assert response.status_code == 200
    assert "campaign mode: not ready, because …" in html
    assert f"{CASES[0][4]}: {CASES[0][5]}".replace("'", "&#x27;") in html


BRACKENFORD = FIRST.parent / "brackenford"


def test_a_world_declares_its_own_reset_plan_and_the_campaign_gets_it():
    world = read_world(BRACKENFORD)[0]
    assert world.info.reset is not None
    notes = [f"{d.file}:{d.line}: {d.message}" for d in campaign_readiness(world).notes]
    assert any(n.startswith("world.yaml:68: the reset plan is the world's own") for n in notes)
    campaign = build_campaign(world, seed=1)
    assert campaign.plan == world.info.reset and campaign.plan.per_adventurer == [0]
    reset_game(campaign)
    aid = campaign.adventurers[0].id
    assert [campaign.copies[c].number for c in campaign.places[f"save:{aid}"]] == [0]


def test_without_one_the_plan_is_derived_and_lint_says_it_could_be_declared():
    note = campaign_readiness(read_world(FIRST)[0]).notes[-1].message
    assert note.startswith(
        "the reset plan is derived from the catalog (world.yaml's reset can declare the "
        "world's own)"
    )


def test_a_declared_plan_names_twelve_months_or_none_and_cards_the_catalog_has(tmp_path):
    dest = tmp_path / "world"
    shutil.copytree(BRACKENFORD, dest)
    text = (dest / "world.yaml").read_text(encoding="utf-8")
    (dest / "world.yaml").write_text(
        text.replace("  per_adventurer: [0]", "  per_adventurer: [0, 999]"), encoding="utf-8"
    )
    notes = [d.message for d in campaign_readiness(read_world(dest)[0]).notes]
    assert "the reset plan's per_adventurer names cards the catalog does not have: #999" in notes
    (dest / "world.yaml").write_text(
        text.replace("months: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]", "months: [1, 2]"),
        encoding="utf-8",
    )
    errors = [str(d) for d in lint_world(dest) if d.is_error]
    assert any("name the 12 month cards, January first, or none" in e for e in errors)


def test_a_declared_plan_without_months_is_not_ready(tmp_path):
    # found by a new author: lint said ready, and the table waited for a month forever
    dest = tmp_path / "world"
    shutil.copytree(BRACKENFORD, dest)
    text = (dest / "world.yaml").read_text(encoding="utf-8")
    months = "  months: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]\n"
    assert months in text
    (dest / "world.yaml").write_text(text.replace(months, ""), encoding="utf-8")
    readiness = campaign_readiness(read_world(dest)[0])
    assert not readiness.ready
    assert any(
        d.file == "world.yaml"
        and "needs the 12 month cards in the world's own reset plan" in d.message
        for d in readiness.needs
    )


@pytest.mark.django_db
def test_a_table_of_a_stored_world_gets_the_plan_it_declares(client):
    forget_books()
    call_command("load_world", str(BRACKENFORD), stdout=StringIO())
    api = client.post(
        "/api/tables/",
        {
            "game": "galzyr",
            "options": {"players": ["Mara"], "world": "brackenford", "mode": "campaign"},
        },
        content_type="application/json",
    )
    assert api.status_code == 201, api.content
    plan = Table.objects.get().state["campaign"]["plan"]
    assert plan["per_adventurer"] == [0] and plan["to_global"] == [66, 67, 68, 69, 78]


@pytest.mark.parametrize(
    "plan,says",
    [
        (ResetPlan(), "every other card stays in the library"),
        (
            ResetPlan(months=list(range(1, 13)), to_global=[66], per_adventurer=[0]),
            "a d12 picks one of the month cards #001–#012; to the global save slot #066; to "
            "each adventurer's save slot the copy with their icon of #000; every other card "
            "stays in the library",
        ),
        (
            ResetPlan(to_quest_slot=[127, 128, 129], noticeboard=3),
            "shuffled into the quest slot #127–#129, then its 3 frontmost to the global save "
            "slot; every other card stays in the library",
        ),
        (
            ResetPlan(to_quest_slot=[127], noticeboard=1),
            "shuffled into the quest slot #127, then its frontmost card to the global save slot; "
            "every other card stays in the library",
        ),
        (
            ResetPlan(to_quest_slot=[127, 128], noticeboard=0, to_vault=[296]),
            "shuffled into the quest slot #127, #128; to the vault #296; every other card stays "
            "in the library",
        ),
        (
            ResetPlan(vault_on_reset={"rook": [297]}),
            "when Rook is reset, to the vault #297; every other card stays in the library",
        ),
    ],
)
def test_the_plan_is_told_tray_by_tray_naming_no_empty_one(plan, says):
    # "shuffled into the quest slot none (its 3 frontmost …)" read badly (issue 14)
    text = plan_text(plan, declared=True, names={"rook": "Rook"})
    assert text == "the reset plan is the world's own (world.yaml's reset): " + says
    assert "none" not in text
