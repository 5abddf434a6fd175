"""Campaign readiness (issue 14): a world missing each thing campaign mode needs gets its own
lint message at file:line, and the new-table form and POST /api/tables/ refuse campaign mode
for it with the same sentence, creating no table. The base is the tutorial's world, which is
ready."""

from __future__ import annotations

import shutil
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import call_command
from django.urls import reverse

from games.galzyr import book as books
from games.models import Table
from storybook.lint.folder import lint_world
from storybook.lint_campaign import campaign_readiness
from storybook.loading.loader import read_world

FIRST = Path(__file__).resolve().parents[2] / "docs" / "examples" / "first-world"

# (case, file, old, new, where the need is reported, what it says)
CASES = [
    (
        "a-month-card-missing",
        "cards.yaml",
        "  - {number: 5, type: global_status, name: May}\n",
        "",
        "cards.yaml:1",
        "campaign mode needs the 12 month cards, global status cards #001–#012 (January first: "
        "the reset's d12 picks the month); missing #005",
    ),
    (
        "a-month-card-of-another-type",
        "cards.yaml",
        "{number: 3, type: global_status, name: March}",
        "{number: 3, type: item, name: March}",
        "cards.yaml:15",
        "card 003 is the month card for March: campaign mode needs it to be a global status",
    ),
    (
        "no-discord",
        "cards.yaml",
        "  - {number: 13, type: global_status, name: Discord, scenes: [90]}\n",
        "",
        "cards.yaml:1",
        "campaign mode needs a global status card named Discord for competitive play: its "
        "first scene is read at the game's end",
    ),
    (
        "no-harmony",
        "cards.yaml",
        "name: Harmony, scenes: [91]}",
        "name: Concord, scenes: [91]}",
        "cards.yaml:1",
        "campaign mode needs a global status card named Harmony for solo and co-operative "
        "play: its first scene is read at the game's end",
    ),
    (
        "harmony-names-no-scene",
        "cards.yaml",
        "name: Harmony, scenes: [91]}",
        "name: Harmony}",
        "cards.yaml:28",
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
    assert "world.yaml:23: Rook takes no card at a reset: no card #000 has the icon 'feather'" in [
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
    books.installed().forget()
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
