"""The API as people use it: through a client generated from its OpenAPI document.

openapi-python-client generates a package from the live schema, as a new user would (its
defaults, ruff on PATH for its formatting step); it must print no warning and keep every
operation. Then, through that package only, against a live server: a table of each game is
started from its sample options, seats are claimed with the keeper's join keys, one move the
rules accept (found as the generic tests find them) is made through the game's typed move class, the seat's view is read, the move undone, and the table exported and
imported; a world's catalog is read as JSON and checked back in by a librarian's dry run.
"""

from __future__ import annotations

import importlib
import json
import os
import subprocess
import sys
from contextlib import ExitStack
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import call_command
from drf_spectacular.validation import validate_schema
from rest_framework.authtoken.models import Token

from games.api.schema import pascal
from games.core.registry import all_games
from games.galzyr.shelf import forget_books
from games.models import Table
from librarians import make_librarian
from tests.api.test_every_game_api import an_accepted_move

PACKAGE = "talekeeper_client"
WORLD = "sallowmere-marches"


@pytest.fixture(scope="module")
def generated(tmp_path_factory):
    """(schema, generator output, the generated package imported from a temporary folder)."""
    folder = tmp_path_factory.mktemp("client")
    schema_file = folder / "schema.json"
    call_command(
        "spectacular", "--format", "openapi-json", "--file", str(schema_file), stderr=StringIO()
    )
    env = {**os.environ, "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}"}
    run = subprocess.run(
        [
            sys.executable,
            "-m",
            "openapi_python_client",
            "generate",
            "--path",
            str(schema_file),
            "--output-path",
            str(folder / PACKAGE),
            "--meta",
            "none",
        ],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )
    assert run.returncode == 0, run.stdout + run.stderr
    sys.path.insert(0, str(folder))
    try:
        yield (
            json.loads(schema_file.read_text()),
            run.stdout + run.stderr,
            importlib.import_module(PACKAGE),
        )
    finally:
        sys.path.remove(str(folder))
        for name in [n for n in sys.modules if n == PACKAGE or n.startswith(PACKAGE + ".")]:
            del sys.modules[name]


def endpoint(client_package, operation_id: str):
    """The generated module of an operation (openapi-python-client files it under its tag)."""
    folder = Path(client_package.__file__).parent / "api"
    found = [path for path in folder.glob(f"*/{operation_id}.py")]
    assert len(found) == 1, operation_id
    tag = found[0].parent.name
    return importlib.import_module(f"{PACKAGE}.api.{tag}.{operation_id}")


def test_the_generator_warns_of_nothing_and_keeps_every_operation(generated):
    schema, output, package = generated
    assert "warning" not in output.lower(), output
    validate_schema(schema)  # OpenAPI 3.0, as it declares: generators that check it accept it
    operations = {
        operation["operationId"]
        for methods in schema["paths"].values()
        for operation in methods.values()
    }
    modules = {path.stem for path in Path(package.__file__).parent.glob("api/*/*.py")} - {
        "__init__"
    }
    assert operations == modules
    # Each game's moves are typed classes, named by game and move.
    models = importlib.import_module(f"{PACKAGE}.models")
    for game in all_games().values():
        prefix = "".join(part.capitalize() for part in game.slug.split("-"))
        for move in game.moves:
            name = prefix + "".join(part.capitalize() for part in move.split("-"))
            assert getattr(models, f"{name}Move")(version=1).to_dict()["move"] == move


def new_table(m, slug: str, options: dict):
    """The game's own typed request: ``TavernTalesNewTable`` with ``TavernTalesOptions``."""
    prefix = pascal(slug)
    game = getattr(m, f"{prefix}NewTableGame")(slug)
    typed_options = getattr(m, f"{prefix}Options").from_dict(options)
    return getattr(m, f"{prefix}NewTable")(game=game, name="Friday", options=typed_options)


def first_move(slug: str, state: dict) -> tuple[str, dict, str]:
    """(move, args, seat) the rules accept at the start, made by a seat whose view differs from
    the shared display's (so the seat's read shows what the public one doesn't)."""
    game = all_games()[slug]
    public = game.view(state, "table")
    private = [s.id for s in game.seats(state) if game.view(state, s.id) != public]
    assert private, f"{slug}: no seat sees more than the shared display at the start"
    for seat in private:
        try:
            name, args, seat = an_accepted_move(slug, state, seats=[seat])
        except AssertionError:
            continue
        # As a typed client sends them: what the move's model made of them, nulls left out.
        parsed = game.moves[name].args.model_validate(args)
        args = parsed.model_dump(mode="json", exclude_unset=True, exclude_none=True)
        game.apply(state, name, args, seat)  # still accepted
        return name, args, seat
    raise AssertionError(f"{slug}: no seat with a view of its own has a move at the start")


def typed_move(m, slug: str, name: str, args: dict, version: int):
    """The game's typed class for the move (``TavernTalesAdjustPrestigeMove``)."""
    move_class = getattr(m, f"{pascal(slug)}{pascal(name)}Move")
    return move_class.from_dict({"move": name, "version": version, "args": args})


@pytest.fixture
def connect(generated, live_server):
    """A generated client of the live server (with ``token``: one holding it). Each is closed at
    the end: a kept-alive connection would keep its server thread, and that thread's database
    connection, past the test (PostgreSQL then can't drop the test database)."""
    package = generated[2]
    with ExitStack() as opened:

        def connect(token: str | None = None, prefix: str = "Bearer"):
            if token is None:
                return opened.enter_context(package.Client(base_url=live_server.url))
            return opened.enter_context(
                package.AuthenticatedClient(base_url=live_server.url, token=token, prefix=prefix)
            )

        yield connect


@pytest.fixture
def world(transactional_db):
    forget_books()
    call_command("load_world", f"fixtures/worlds/{WORLD}", stdout=StringIO())
    yield
    forget_books()


def test_a_generated_client_plays_every_game(generated, connect, live_server, world):
    _schema, _output, package = generated
    m = importlib.import_module(f"{PACKAGE}.models")
    api = {
        name: endpoint(package, name)
        for name in [
            "tables_create",
            "tables_retrieve",
            "tables_seats_list",
            "tables_claim_create",
            "tables_moves_create",
            "tables_history_list",
            "tables_undo_create",
            "tables_export_retrieve",
            "tables_import_create",
            "worlds_catalog_retrieve",
            "worlds_catalog_create",
        ]
    }
    anonymous = connect()
    for slug, game in all_games().items():
        options = game.sample_options[0]
        kept = api["tables_create"].sync(
            client=anonymous,
            body=new_table(m, slug, options),
        )
        assert isinstance(kept, m.KeptTable), kept
        assert kept.keeper and kept.seat is None
        keeper = connect(kept.token)
        code = kept.code
        name, args, seat = first_move(slug, Table.objects.get(code=code).state)

        # A new device takes the seat with the join key from the keeper's list.
        lines = api["tables_seats_list"].sync(code=code, client=keeper)
        line = next(line for line in lines if line.id == seat)
        assert not line.held and line.join_url.startswith(live_server.url)
        claimed = api["tables_claim_create"].sync(
            code=code, client=anonymous, body=m.ClaimRequest(seat=seat, invite=line.invite)
        )
        assert isinstance(claimed, m.Claim), claimed
        assert claimed.seat == seat and not claimed.keeper
        player = connect(claimed.token)

        moved = api["tables_moves_create"].sync(
            code=code, client=player, body=typed_move(m, slug, name, args, kept.version)
        )
        assert isinstance(moved, m.MoveResult), (slug, moved)
        assert moved.move.seat == seat and moved.table.version == kept.version + 1
        # An undo against the old version (always refused: it would take back a move the
        # device has not seen): the typed 409.
        stale = api["tables_undo_create"].sync(
            code=code, client=player, body=m.UndoRequest(version=kept.version)
        )
        assert isinstance(stale, m.Conflict) and stale.version == kept.version + 1

        mine = api["tables_retrieve"].sync(code=code, client=player)
        public = api["tables_retrieve"].sync(code=code, client=keeper)  # holds no seat
        assert mine.seat == seat and public.seat is None
        # the code alone: the table's name, game and seats, typed as a Visitor
        stranger = api["tables_retrieve"].sync(code=code, client=anonymous)
        assert isinstance(stranger, m.Visitor) and stranger.code == code, stranger
        assert mine.version == public.version == kept.version + 1
        assert mine.state != public.state, slug  # the seat sees what the shared display doesn't
        log = api["tables_history_list"].sync(code=code, client=player)
        assert log[0].name == moved.move.name

        undone = api["tables_undo_create"].sync(
            code=code, client=player, body=m.UndoRequest(version=mine.version)
        )
        assert isinstance(undone, m.MoveResult), (slug, undone)
        assert undone.table.version == kept.version + 2

        document = api["tables_export_retrieve"].sync(code=code, client=keeper)
        assert isinstance(document, m.ExportDocument), document
        assert document.game == slug and len(document.moves) == 2
        copy = api["tables_import_create"].sync(client=anonymous, body=document)
        assert isinstance(copy, m.KeptTable), copy
        assert copy.code != code and copy.version == document.version and copy.keeper
        assert copy.state == api["tables_retrieve"].sync(code=code, client=keeper).state

    # A world's catalog as JSON, and back as a librarian's dry run (JSON is YAML 1.2).
    catalog = api["worlds_catalog_retrieve"].sync(
        slug=WORLD, client=anonymous, format_=m.WorldsCatalogRetrieveFormat.JSON
    )
    assert isinstance(catalog, m.CatalogDocument) and catalog.world == WORLD and catalog.cards
    librarian, _created = make_librarian("importer")
    script = connect(Token.objects.create(user=librarian).key, prefix="Token")
    checked = api["worlds_catalog_create"].sync(
        slug=WORLD,
        client=script,
        body=m.CatalogText(yaml=json.dumps(catalog.to_dict())),
        dry_run=True,
    )
    assert isinstance(checked, m.CatalogSaved), checked
    assert not checked.saved and checked.changes.counts.to_dict() == {
        key: 0 for key in checked.changes.counts.to_dict()
    }
