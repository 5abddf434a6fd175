"""No secret reaches anyone else: every game × every table address × every requester.

What is secret is each game's own declaration: ``Game.secret_keys``, the keys under which its
``view(state, seat)`` puts what only some seats may see. A value another seat's view holds
under such a key, and the requester's own view does not, is a secret the requester must never
receive. A game that declares none (``frozenset()``) must show every seat the same things,
and is still checked for each requester getting its own view. Each game is played at random
until some seat holds a secret (a game without secrets: for the whole walk); then every GET address
that names a table (found by walking the URL configuration, so a new page or endpoint is
checked without a new test) is asked by each requester — no credential, every seat's device,
a keeper holding no seat — as a page and as an htmx request. JSON answers are searched value
by value (under the key each value sits), a table's JSON must carry exactly the requester's
own view, a rendered page must have been rendered from the requester's own view, and pages
must not print a secret text.

A keeper may download everything (the export and backups exist for that): those documents are
the one exemption, for the keeper only.
"""

from __future__ import annotations

import html
import json
import random
from io import StringIO

import pytest
from django.core.management import call_command
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver, reverse

from games.core.engine import RuleError
from games.core.registry import all_games
from games.galzyr.shelf import forget_books
from games.models import Table
from games.services import backups, handed, seating, tables, turns
from games.web import credentials
from tests.games.services.test_tables_loaded_state import random_args, scalars_of
from tests.seating import claim, cookie_value

pytestmark = pytest.mark.django_db

STEPS, TRIES = 30, 60
KEEPER_DOCUMENTS = {"games:export", "games:backup-download", "api-export", "api-backup"}


@pytest.fixture(autouse=True)
def many_tries(settings):
    settings.GUESS_RATE = "100000/min"  # this test asks addresses a table lacks, on purpose


@pytest.fixture(autouse=True)
def world():
    forget_books()
    call_command("load_world", "fixtures/worlds/sallowmere-marches", stdout=StringIO())


def pairs(value, key: str = "", out: set | None = None, keep: frozenset = frozenset()) -> set:
    """Every scalar of a JSON value with the key it sits under (list items keep their list's,
    and everything under a key in ``keep`` keeps that key): bools and None say too little to
    be anyone's secret."""
    out = set() if out is None else out
    if isinstance(value, dict):
        for k, v in value.items():
            pairs(v, key if key in keep else str(k), out, keep)
    elif isinstance(value, list):
        for v in value:
            pairs(v, key, out, keep)
    elif value is not None and not isinstance(value, bool):
        out.add((key, type(value).__name__, value))
    return out


def holds_secrets(table: Table) -> bool:
    game = handed.game(table.game)
    return any(forbidden_for(table, seat.id) for seat in game.seats(table.state))


# Moves tried first (a refusal is skipped), to bring a game where its secrets show: Galzyr's
# scene 1004 asks a secret question and has a starry option that waits on its answer.
OPENINGS = {
    "galzyr": [
        ("sm", "pick-month", {"month": "march"}),
        ("sm", "open-scene", {"number": 1004}),
    ],
}


def played(slug: str, options: dict, seed: int) -> Table:
    """A table of ``slug`` after its opening and a random walk through its services (a real
    log), stopped as soon as some seat holds a secret. Entering card data by hand is left out
    of the walk."""
    game = handed.game(slug)
    rng = random.Random(f"leaks-{slug}-{json.dumps(options)}-{seed}")
    table = tables.create_table(slug, "Leaks", options, group="Leak group")
    for seat, name, args in OPENINGS.get(slug, []):
        try:
            table, _ = turns.apply_move(
                table.code, name, args, expected_version=table.version, seat=seat
            )
        except RuleError:
            continue
    moves = sorted(name for name in game.moves if not name.startswith(("edit-", "adjust-")))
    for _ in range(STEPS):
        if holds_secrets(table):
            break
        data = table.state
        found = scalars_of(data)
        seats = [seat.id for seat in game.seats(data)]
        for _ in range(TRIES):
            name = rng.choice(moves)
            args = random_args(game.moves[name].args, rng, found)
            seat = rng.choice(seats)
            try:
                game.apply(data, name, args, seat)
            except (RuleError, ValueError, KeyError, IndexError, TypeError):
                continue
            table, _ = turns.apply_move(
                table.code, name, args, expected_version=table.version, seat=seat
            )
            break
    backups.store(table, label="leak check", automatic=True)
    return table


def table_addresses(table: Table) -> list[tuple[str, str]]:
    """(url name, path) of every GET-able address that names a table, from the URL conf."""
    backup = table.backups.first()
    values = {
        "code": table.code,
        "token": backup.token if backup else "x",
        "number": 150,
        "seat": "p1",
        "invite": seating.join_key(table, "p1"),
        "name": "x",
    }
    found = []

    def walk(patterns, namespace=""):
        for pattern in patterns:
            if isinstance(pattern, URLResolver):
                walk(pattern.url_patterns, pattern.namespace or namespace)
            elif isinstance(pattern, URLPattern) and pattern.name:
                names = set(pattern.pattern.converters)
                if "code" in names and names <= set(values):
                    url_name = f"{namespace}:{pattern.name}" if namespace else pattern.name
                    kwargs = {n: values[n] for n in names}
                    found.append((url_name, reverse(url_name, kwargs=kwargs)))

    walk(get_resolver().url_patterns)
    return found


def requesters(table: Table) -> list[tuple[str, str | None, bool, Client]]:
    """(who, seat, keeper, client): a client carrying both credentials (cookie and bearer)."""
    out = [("anonymous", None, False, Client())]
    for seat, keeper in [*[(s, False) for s in seat_ids(table)], (None, True)]:
        secret = claim(table, seat, keeper=keeper)
        client = Client(headers={"Authorization": f"Bearer {secret}"})
        client.cookies[credentials.cookie_name(table.code)] = cookie_value(table.code, secret)
        out.append(("keeper" if keeper else seat, seat, keeper, client))
    return out


def public_names(table: Table) -> set:
    """Values that name things everyone is shown, whoever's view holds them: seats and their
    labels, moves (a view lists the moves its seat may make), and the log's sentences."""
    game = handed.game(table.game)
    names = set(game.moves) | {s.id for s in game.seats(table.state)}
    names |= {s.label for s in game.seats(table.state)}
    return names | set(table.moves.values_list("sentence", flat=True))


def seat_ids(table: Table) -> list[str]:
    return [seat.id for seat in handed.game(table.game).seats(table.state)]


def withheld_from(table: Table, seat: str | None, keep: frozenset) -> set:
    """(key, type, value) another seat's view holds and this one's lacks, public names aside."""
    game = handed.game(table.game)
    own_seat = seat or "table"
    own = pairs(game.view(table.state, own_seat), keep=keep)
    others = set()
    for other in seat_ids(table):
        if other != own_seat:
            others |= pairs(game.view(table.state, other), keep=keep)
    public = public_names(table)
    return {p for p in others - own if p[2] not in public}


def forbidden_for(table: Table, seat: str | None) -> set:
    """(key, type, value) of every secret another seat's view holds and this one's lacks."""
    secret_keys = handed.game(table.game).secret_keys
    return {p for p in withheld_from(table, seat, secret_keys) if p[0] in secret_keys}


def undeclared_for(table: Table, seat: str) -> set:
    """What ``seat``'s view lacks of another's in a game that declares no secrets."""
    return withheld_from(table, seat, frozenset())


def secret_texts(table: Table, forbidden: set, seat: str | None) -> set[str]:
    """The forbidden values a page or a JSON sentence could quote: phrases long enough to mean
    something, that the requester's own view holds under no key and the log's sentences don't
    tell everyone."""
    game = handed.game(table.game)
    own_values = {v for _k, _t, v in pairs(game.view(table.state, seat or "table"))}
    log = " ".join(table.moves.values_list("sentence", flat=True))
    return {
        v
        for _k, t, v in forbidden
        # Phrases only: single words ("prestige") are the game's vocabulary, not a secret.
        if t == "str" and len(v) >= 8 and " " in v.strip() and v not in own_values and v not in log
    }


def act_three(state: dict) -> None:
    """Tales of Danger: hands are secret from Act 3 on (a long way for a random walk)."""
    state["stage"] = "act3"


def face_down_hero(state: dict) -> None:
    """Tavern Tales: a claim in a 2-player game where Bo has played a hero face-down."""
    state["phase"] = "claim"
    state["claim"] = {
        "starter": 0,
        "depth": state["depths"][0]["name"],
        "feats": [],
        "plays": [
            {
                "player": 1,
                "hero": {"name": "Sir Unseen of the Deep", "kind": "elite", "depths": []},
                "face_up": False,
                "secret": True,
            }
        ],
        "stage": "answer",
        "responder": 0,
    }


# Where a random walk rarely goes, the test puts the table itself: the game's own model must
# take the state (games must keep loading it), then the usual checks run.
SECRET_STATES = {"tales-of-danger": act_three, "tavern-tales": face_down_hero}


def with_secrets(slug: str) -> Table:
    """A table of ``slug`` where some seat holds a secret: each of the game's option sets
    in turn, a few seeds each. A game that declares no secrets: its first sample table after
    the whole walk, each seat's view holding nothing another's lacks."""
    if not handed.game(slug).secret_keys:
        table = played(slug, handed.game(slug).sample_options[0], seed=0)
        hidden = {seat: undeclared_for(table, seat) for seat in seat_ids(table)}
        assert not any(hidden.values()), (
            f"{slug} declares no secret_keys, yet some seats' views lack what others hold "
            f"(name their keys in secret_keys): {hidden}"
        )
        return table
    for seed in range(3):
        for options in handed.game(slug).sample_options:
            table = played(slug, options, seed)
            if slug in SECRET_STATES and not holds_secrets(table):
                state = dict(table.state)
                SECRET_STATES[slug](state)
                table.state = handed.game(slug).load(state).model_dump(mode="json")
                table.save(update_fields=["state"])
            if holds_secrets(table):
                return table
    raise AssertionError(f"{slug}: no walk reached a state where a seat holds a secret")


@pytest.mark.parametrize("slug", sorted(all_games()))
def test_no_secret_reaches_another_requester(slug):
    check_no_secret_reaches_another_requester(slug)


def check_no_secret_reaches_another_requester(slug: str) -> None:
    table = with_secrets(slug)
    game = handed.game(slug)
    addresses = table_addresses(table)
    assert {"games:table", "games:poll", "api-table", "api-history", "api-export"} <= {
        name for name, _ in addresses
    }
    checked = secrets_seen = 0
    leaks = []
    for who, seat, keeper, client in requesters(table):
        forbidden = forbidden_for(table, seat)
        texts = secret_texts(table, forbidden, seat)
        secrets_seen += len(forbidden)
        for url_name, path in addresses:
            if keeper and url_name in KEEPER_DOCUMENTS:
                continue
            query = "?v=0" if url_name == "games:poll" else ""
            for headers in ({}, {"HX-Request": "true"}):
                response = client.get(path + query, headers=headers)
                # A page's body, or all that a stream sends (its versions, games/live)...
                raw = b"".join(response)
                if response.status_code in (302, 403, 404, 405) or not raw:
                    continue
                checked += 1
                body = raw.decode()
                own_view = game.view(table.state, seat or "table")
                if response["Content-Type"].startswith("application/json"):
                    data = json.loads(body)
                    found = pairs(data, keep=game.secret_keys) & forbidden
                    # A secret text quoted inside another value (a sentence naming it).
                    found |= {t for t in texts if t in json.dumps(data, ensure_ascii=False)}
                    is_table = isinstance(data, dict) and "state" in data and "code" in data
                    if is_table and data["state"] != json.loads(json.dumps(own_view)):
                        found.add("a table's JSON with another seat's view")
                else:
                    page = html.unescape(body)
                    found = {t for t in texts if t in page}
                    rendered = (response.context or {}).get("view") if response.context else None
                    if rendered is not None and rendered != own_view:
                        found.add("a page rendered from another seat's view")
                if found:
                    leaks.append((who, url_name, sorted(map(str, found))[:3]))
    assert not leaks, leaks
    assert checked > 20
    # with_secrets found them (this checked something), or the game declares it has none.
    assert secrets_seen or not game.secret_keys
