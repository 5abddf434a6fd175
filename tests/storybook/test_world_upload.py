"""World bundles (zip) through the service, the /worlds/ page and POST /api/worlds/."""

from __future__ import annotations

import io
import stat
import zipfile
from io import StringIO
from pathlib import Path

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import CommandError, call_command
from django.urls import reverse

from storybook import services
from storybook.models import World, WorldScene

pytestmark = pytest.mark.django_db

FAULTS = Path(__file__).resolve().parent / "worlds" / "faults"


def zip_folder(root: Path, prefix: str | None = None) -> bytes:
    """The folder as a zip, under ``prefix/`` (default: the folder's name)."""
    buf = io.BytesIO()
    top = root.name if prefix is None else prefix
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z:
        for path in sorted(root.rglob("*")):
            if path.is_file():
                rel = path.relative_to(root).as_posix()
                z.write(path, f"{top}/{rel}" if top else rel)
    return buf.getvalue()


def zip_of(entries: dict[str, bytes]) -> bytes:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as z:
        for name, data in entries.items():
            z.writestr(name, data)
    return buf.getvalue()


def upload(data: bytes, name: str = "world.zip") -> SimpleUploadedFile:
    return SimpleUploadedFile(name, data, content_type="application/zip")


def lint_lines(path: Path) -> list[str]:
    out = StringIO()
    with pytest.raises(CommandError):
        call_command("lint_world", str(path), stdout=out)
    return out.getvalue().splitlines()


# -- the service ----------------------------------------------------------------------------------
def test_a_zipped_world_folder_is_loaded_under_its_folder_name(minimal_path):
    world = services.import_world_zip(upload(zip_folder(minimal_path, "vale")))
    assert (world.slug, world.status, world.scene_count) == ("vale", "created", 5)
    assert WorldScene.objects.filter(world=world).count() == 5
    again = services.import_world_zip(upload(zip_folder(minimal_path, "vale")))
    assert again.status == "unchanged" and World.objects.count() == 1


def test_a_zip_with_world_yaml_at_its_top_takes_the_zip_name(minimal_path):
    world = services.import_world_zip(upload(zip_folder(minimal_path, ""), "Minimal Vale (2).zip"))
    assert world.slug == "minimal-vale-2"


def test_the_faults_world_is_refused_with_the_same_lines_as_lint_world():
    with pytest.raises(services.WorldRefused) as info:
        services.import_world_zip(upload(zip_folder(FAULTS)))
    assert info.value.diagnostics == lint_lines(FAULTS)
    assert "errors; nothing was loaded" in str(info.value)
    assert not World.objects.exists()


@pytest.mark.parametrize(
    "name",
    ["../evil/world.yaml", "world/../../evil.yaml", "/etc/world.yaml", "C:/world.yaml", "..\\x"],
)
def test_paths_outside_the_folder_are_refused(name):
    data = zip_of({name: b"format: 1\n"})
    with pytest.raises(services.WorldRefused, match="points outside the world folder"):
        services.import_world_zip(upload(data))


def test_symbolic_links_are_refused(tmp_path):
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as z:
        link = zipfile.ZipInfo("w/world.yaml")
        link.external_attr = (stat.S_IFLNK | 0o777) << 16
        z.writestr(link, "/etc/passwd")
    with pytest.raises(services.WorldRefused, match="symbolic link"):
        services.import_world_zip(upload(buf.getvalue()))


def test_a_zip_bomb_is_refused_by_its_real_size(monkeypatch):
    monkeypatch.setattr(services, "MAX_UNZIPPED_BYTES", 1000)
    data = zip_of({"w/world.yaml": b"#" * 500, "w/cards.yaml": b"#" * 600})
    with pytest.raises(services.WorldRefused, match="unpacks to more than 50 MB"):
        services.import_world_zip(upload(data))


def test_the_unpacked_bytes_are_counted_whatever_the_zip_declares(monkeypatch, tmp_path):
    # a forged header can declare a small size: unpacking counts what really comes out, and
    # zipfile notices that the data does not match the header; either way it is refused
    monkeypatch.setattr(services, "MAX_UNZIPPED_BYTES", 1000)
    with zipfile.ZipFile(io.BytesIO(zip_of({"w/world.yaml": b"#" * 2000}))) as z:
        info = z.infolist()[0]
        with pytest.raises(services.WorldRefused, match="unpacks to more than 50 MB"):
            services._extract(z, [info], "w/", tmp_path)
        info.file_size = 10
        with pytest.raises(services.WorldRefused, match="can't be unpacked"):
            services._extract(z, [info], "w/", tmp_path)


def test_too_many_files_are_refused(monkeypatch):
    monkeypatch.setattr(services, "MAX_FILES", 3)
    data = zip_of({f"w/scenes/{n}.yaml": b"x" for n in range(1001, 1005)})
    with pytest.raises(services.WorldRefused, match="more than 5,000 files"):
        services.import_world_zip(upload(data))


def test_a_file_over_20_mb_is_refused_before_it_is_read():
    big = SimpleUploadedFile("w.zip", b"", content_type="application/zip")
    big.size = services.MAX_ZIP_BYTES + 1
    with pytest.raises(services.WorldRefused, match="larger than 20 MB"):
        services.import_world_zip(big)


@pytest.mark.parametrize(
    "data,message",
    [
        (b"not a zip at all", "This is not a zip file."),
        (zip_of({"readme.txt": b"hello"}), "no world.yaml"),
        (zip_of({"a/world.yaml": b"x", "b/world.yaml": b"x"}), "no world.yaml"),
    ],
)
def test_other_bundles_are_refused_in_a_sentence(data, message):
    with pytest.raises(services.WorldRefused, match=message):
        services.import_world_zip(upload(data))


def test_an_upload_that_fails_lint_keeps_the_loaded_world(minimal_path, tmp_path):
    services.import_world_zip(upload(zip_folder(minimal_path, "vale")))
    before = World.objects.values().get()
    data = zip_of({"vale/world.yaml": b"format: 2\n", "vale/cards.yaml": b"cards: []\n"})
    with pytest.raises(services.WorldRefused):
        services.import_world_zip(upload(data))
    assert World.objects.values().get() == before


# -- the page -------------------------------------------------------------------------------------
def test_the_page_lists_worlds_and_has_the_upload_form(librarian_client, minimal_path):
    services.import_world_zip(upload(zip_folder(minimal_path, "vale")))
    response = librarian_client.get(reverse("storybook:worlds"))
    assert response.status_code == 200
    assert b"Minimal Vale" in response.content and b"5 scenes" in response.content
    assert b'name="bundle"' in response.content


def test_the_page_loads_an_uploaded_world(librarian_client, minimal_path):
    response = librarian_client.post(
        reverse("storybook:worlds"), {"bundle": upload(zip_folder(minimal_path, "vale"))}
    )
    assert response.status_code == 200
    assert "“Minimal Vale” is loaded." in response.content.decode()
    assert World.objects.get().slug == "vale"


def test_the_page_shows_every_lint_finding_in_place(librarian_client):
    response = librarian_client.post(
        reverse("storybook:worlds"), {"bundle": upload(zip_folder(FAULTS))}
    )
    assert response.status_code == 400
    page = response.content.decode()
    assert "errors; nothing was loaded" in page
    for line in lint_lines(FAULTS):
        escaped = line.replace("&", "&amp;").replace("'", "&#x27;").replace('"', "&quot;")
        escaped = escaped.replace("<", "&lt;").replace(">", "&gt;")
        assert escaped in page
    assert not World.objects.exists()


def test_the_page_refuses_a_zip_reaching_outside(librarian_client):
    data = zip_of({"../evil": b"x"})
    response = librarian_client.post(reverse("storybook:worlds"), {"bundle": upload(data)})
    assert response.status_code == 400
    assert "points outside the world folder" in response.content.decode()


def test_the_page_asks_for_a_file(librarian_client):
    response = librarian_client.post(reverse("storybook:worlds"), {})
    assert response.status_code == 400
    assert b"Choose a world bundle" in response.content


# -- the API --------------------------------------------------------------------------------------
def test_the_api_lists_loaded_worlds(client, minimal_path, django_assert_num_queries):
    services.import_world_zip(upload(zip_folder(minimal_path, "vale")))
    with django_assert_num_queries(1):  # the worlds, without their data
        response = client.get("/api/worlds/")
    assert response.status_code == 200
    [world] = response.json()
    assert world["slug"] == "vale" and world["scenes"] == 5 and world["cards"] == 8
    assert "data" not in world


def test_the_api_creates_then_updates_a_world(librarian_client, minimal_path, make_world):
    response = librarian_client.post(
        "/api/worlds/", {"bundle": upload(zip_folder(minimal_path, "vale"))}
    )
    assert response.status_code == 201
    assert response.json()["status"] == "created"
    changed = make_world({"scenes/1009.yaml": "number: 1009\neffects: [{end: true}]\n"})
    response = librarian_client.post(
        "/api/worlds/", {"bundle": upload(zip_folder(changed, "vale"))}
    )
    assert response.status_code == 200
    body = response.json()
    assert body["status"] == "updated" and body["world"]["scenes"] == 6
    assert body["world"]["warnings"] == [
        "scenes/1009.yaml:1: warning: scene 1009 is unreachable: no location, card, event "
        "card, entry_scenes or 'go' leads to it"
    ]


def test_the_api_refuses_the_faults_world_with_the_lint_lines(librarian_client):
    response = librarian_client.post("/api/worlds/", {"bundle": upload(zip_folder(FAULTS))})
    assert response.status_code == 400
    body = response.json()
    assert body["diagnostics"] == lint_lines(FAULTS)
    assert body["error"].endswith("errors; nothing was loaded.")


def test_the_api_refuses_a_zip_reaching_outside(librarian_client):
    response = librarian_client.post("/api/worlds/", {"bundle": upload(zip_of({"../evil": b"x"}))})
    assert response.status_code == 400
    assert "points outside the world folder" in response.json()["error"]


def test_the_api_needs_the_bundle_field(librarian_client):
    response = librarian_client.post("/api/worlds/", {"other": "x"})
    assert response.status_code == 400
    assert "bundle" in response.json()["error"]
    response = librarian_client.post("/api/worlds/", b"{}", content_type="application/json")
    assert response.status_code == 415


def test_the_schema_describes_the_worlds_api(client):
    schema = client.get("/api/schema/?format=json").json()
    post = schema["paths"]["/api/worlds/"]["post"]
    assert "multipart/form-data" in post["requestBody"]["content"]
    assert {"200", "201", "400"} <= set(post["responses"])
