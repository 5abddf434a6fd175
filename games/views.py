"""The HTMX pages of every table. Thin: parse, call a service, re-render from fresh state."""

from __future__ import annotations

import json
from typing import Any

from django.core.exceptions import PermissionDenied
from django.http import (
    Http404,
    HttpRequest,
    HttpResponse,
    HttpResponseRedirect,
)
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.text import slugify
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST
from django_htmx.http import HttpResponseClientRedirect

from games import backups, catalogs, codes, exchange, results, services
from games.engine import RuleError, Seat
from games.forms import args_from_form, version_from_form
from games.models import Table
from games.registry import all_games, get_game
from games.seats import remember_seat, remembered_seat

RECENT = 5  # log lines shown under the panel


def healthz(request: HttpRequest) -> HttpResponse:
    """Liveness for load balancers, and the bare view `make bench` compares against."""
    return HttpResponse(b"ok", content_type="text/plain")


@require_GET
def home(request: HttpRequest) -> HttpResponse:
    tables = Table.objects.only("code", "game", "name", "updated").order_by("-updated")[:30]
    games = all_games()
    return render(
        request,
        "games/home.html",
        {
            "games": games.values(),
            "tables": [(t, games.get(t.game)) for t in tables],
            "code_error": request.GET.get("error") == "code",
        },
    )


@require_http_methods(["GET", "POST"])
def new_table(request: HttpRequest, game_slug: str) -> HttpResponse:
    try:
        game = get_game(game_slug)
    except LookupError:
        raise Http404(_("No such game.")) from None
    error = ""
    if request.method == "POST":
        options = options_from_form(request.POST)
        try:
            table = services.create_table(
                game.slug,
                request.POST.get("name", ""),
                options,
                group=request.POST.get("group", ""),
            )
        except RuleError as exc:
            error = str(exc)
        else:
            return redirect("games:seat", code=table.code)
    return render(
        request,
        "games/new.html",
        {"game": game, "error": error, "form": request.POST, "player_slots": range(1, 7)},
    )


def options_from_form(data) -> dict[str, Any]:
    """Player names from numbered inputs; anything richer comes as JSON from the game's form."""
    options: dict[str, Any] = {}
    if data.get("options_json"):
        try:
            options.update(json.loads(data["options_json"]))
        except json.JSONDecodeError:
            raise RuleError(_("The game options are not valid JSON.")) from None
    players = [name.strip() for name in data.getlist("player") if name.strip()]
    if players:
        options["players"] = players
    for key in data:
        if key.startswith("opt_"):
            values = [v for v in data.getlist(key) if v != ""]
            if values:
                # A dotted name nests: opt_modules.rooms=on → {"modules": {"rooms": "on"}}.
                *parents, leaf = key[4:].split(".")
                target = options
                for part in parents:
                    target = target.setdefault(part, {})
                    if not isinstance(target, dict):
                        raise RuleError(_("The game options contradict each other."))
                target[leaf] = values[0] if len(values) == 1 else values
    return options


@require_GET
def join(request: HttpRequest) -> HttpResponse:
    code = codes.normalize(request.GET.get("code", ""))
    if not code or not Table.objects.filter(code=code).exists():
        return HttpResponseRedirect(reverse("games:home") + "?error=code#join")
    return redirect("games:seat", code=code)


def _table_or_404(code: str) -> Table:
    try:
        return services.get_table(code)
    except services.TableNotFound:
        raise Http404(_("No table has this code.")) from None


@require_http_methods(["GET", "POST"])
def choose_seat(request: HttpRequest, code: str) -> HttpResponse:
    table = _table_or_404(code)
    seats = services.game_of(table).seats(table.state)
    if request.method == "POST":
        chosen = request.POST.get("seat", "")
        if chosen in {seat.id for seat in seats}:
            response = redirect("games:table", code=code)
            remember_seat(response, code, chosen)
            return response
    return render(
        request,
        "games/seat.html",
        {"table": table, "seats": seats, "current": remembered_seat(request, code)},
    )


def table_context(
    table: Table, seat_id: str, message: str = "", error: bool = False, state=None
) -> dict:
    """What games/table.html shows; ``state`` is the table's state already parsed, if the
    request has it (a big state takes a millisecond to parse: once per request is enough)."""
    game = services.game_of(table)
    if state is None:
        # Parsed once for the seats, the outcome and the view (or left by the move).
        state = services.loaded_state(table)
    seats = {seat.id: seat for seat in game.seats_fn(state)}
    outcome = game.outcome_fn(state)
    return {
        "table": table,
        "game": game,
        "seat": seats[seat_id],
        "view": game.view_fn(state, seat_id),
        "outcome": outcome,
        "recent": list(services.history(table, RECENT)),
        "message": message,
        "error": error,
        "panel": game.template,
        # Every move form posts to move_base + its name (see games/move_form_open.html).
        "move_base": reverse("games:move", args=[table.code, "x"])[:-2],
        "moves": game.moves,
    }


def _seat_and_state(request: HttpRequest, table: Table) -> tuple[str | None, Any]:
    """The device's seat if this table has it (else None), and the parsed state, which the
    page's context then reuses instead of parsing it a second time."""
    game = services.game_of(table)
    state = game.load(table.state)
    seat = remembered_seat(request, table.code)
    if seat and seat in {s.id for s in game.seats_fn(state)}:
        return seat, state
    return None, state


@require_GET
def table_page(request: HttpRequest, code: str) -> HttpResponse:
    table = _table_or_404(code)
    seat, state = _seat_and_state(request, table)
    if seat is None:
        return redirect("games:seat", code=code)
    return render(request, "games/table.html", table_context(table, seat, state=state))


@require_GET
def poll(request: HttpRequest, code: str) -> HttpResponse:
    """204 while nothing changed (one indexed query, no body); the fresh live region otherwise."""
    version = services.current_version(code)
    if version is None:
        raise Http404(_("No table has this code."))
    if str(version) == request.GET.get("v"):
        return HttpResponse(status=204)
    table = services.get_table(code)
    seat, state = _seat_and_state(request, table)
    if seat is None:
        return HttpResponseClientRedirect(reverse("games:seat", args=[code]))
    return render(request, "games/table.html#live", table_context(table, seat, state=state))


def _write(request: HttpRequest, code: str, action) -> HttpResponse:
    """Shared by every write: seat from the cookie, version from the form, errors in place.

    No query before the service's own locked read: the seat is checked there too.
    """
    seat = remembered_seat(request, code)
    if seat is None:
        return HttpResponseClientRedirect(reverse("games:seat", args=[code]))
    try:
        table, logged = action(seat, version_from_form(request.POST))
    except services.TableNotFound:
        raise Http404(_("No table has this code.")) from None
    except services.VersionConflict as conflict:
        context = table_context(conflict.table, seat, str(conflict), error=True)
        return _respond(request, context, status=409)
    except RuleError as exc:
        table = _table_or_404(code)
        remembered, state = _seat_and_state(request, table)
        if remembered is None:
            return HttpResponseClientRedirect(reverse("games:seat", args=[code]))
        context = table_context(table, seat, str(exc), error=True, state=state)
        return _respond(request, context, status=400)
    return _respond(request, table_context(table, seat, logged.sentence))


def _respond(request: HttpRequest, context: dict, status: int = 200) -> HttpResponse:
    return _partial_or_page(request, "games/table.html", "live", context, status)


def _partial_or_page(
    request: HttpRequest, template: str, partial: str, context: dict, status: int = 200
) -> HttpResponse:
    """The ``partial`` of ``template`` for htmx, the whole page otherwise.

    htmx swaps only 2xx answers, so a refusal goes to htmx as 200 with the message shown in
    place and an ``HX-Trigger: tk:refused`` header; a full page keeps its status.
    """
    if request.htmx:
        response = render(request, f"{template}#{partial}", context)
        if status != 200:
            response["HX-Trigger"] = "tk:refused"
        return response
    return render(request, template, context, status=status)


@require_POST
def move(request: HttpRequest, code: str, name: str) -> HttpResponse:
    def action(seat: str, version: int):
        def read_form(model):
            return args_from_form(model, request.POST)

        return services.apply_move(code, name, read_form, expected_version=version, seat=seat)

    return _write(request, code, action)


@require_POST
def undo(request: HttpRequest, code: str) -> HttpResponse:
    return _write(
        request,
        code,
        lambda seat, version: services.undo_last(code, expected_version=version, seat=seat),
    )


@require_GET
def history_page(request: HttpRequest, code: str) -> HttpResponse:
    table = _table_or_404(code)
    return render(
        request,
        "games/history.html",
        {"table": table, "moves": services.history(table), "game": services.game_of(table)},
    )


@require_GET
def export_table(request: HttpRequest, code: str) -> HttpResponse:
    table = _table_or_404(code)
    return _json_download(exchange.export_table(table), table, table.version)


def _json_download(document: dict, table: Table, version: int, kind: str = "") -> HttpResponse:
    response = HttpResponse(exchange.document_text(document), content_type="application/json")
    filename = f"talekeeper-{slugify(table.name) or table.game}-v{version}{kind}.json"
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


# -- backups ---------------------------------------------------------------------------------


def _keeper(request: HttpRequest, table: Table) -> Seat | HttpResponse:
    """The device's seat if it may use the backups (they hold every secret, as an export does)."""
    seat_id = remembered_seat(request, table.code)
    seat = next((s for s in services.game_of(table).seats(table.state) if s.id == seat_id), None)
    if seat is None:
        url = reverse("games:seat", args=[table.code])
        return HttpResponseClientRedirect(url) if request.htmx else redirect(url)
    try:
        backups.check_keeper(seat.kind)
    except RuleError as exc:
        raise PermissionDenied(str(exc)) from None
    return seat


def _backups_respond(
    request: HttpRequest,
    table: Table,
    seat: Seat,
    *,
    message: str = "",
    status: int = 200,
    confirm=None,
) -> HttpResponse:
    context = {
        "table": table,
        "seat": seat,
        "backups": backups.listing(table),
        "keep": backups.KEEP,
        "message": message,
        "error": status != 200,
        "confirm": confirm,
    }
    return _partial_or_page(request, "games/backups.html", "backups", context, status)


@require_GET
def backups_page(request: HttpRequest, code: str) -> HttpResponse:
    table = _table_or_404(code)
    seat = _keeper(request, table)
    if isinstance(seat, HttpResponse):
        return seat
    return _backups_respond(request, table, seat)


@require_POST
def back_up_now(request: HttpRequest, code: str) -> HttpResponse:
    table = _table_or_404(code)
    seat = _keeper(request, table)
    if isinstance(seat, HttpResponse):
        return seat
    try:
        table, backup = services.back_up(code, seat=seat.id)
    except services.TableNotFound:
        raise Http404(_("No table has this code.")) from None
    message = _("Backed up: version %(version)s.") % {"version": backup.version}
    return _backups_respond(request, table, seat, message=message)


def _backup_or_404(table: Table, token: str):
    try:
        return backups.find(table, token)
    except backups.BackupNotFound:
        raise Http404(_("This table has no such backup.")) from None


@require_http_methods(["GET", "POST"])
def restore_backup(request: HttpRequest, code: str, token: str) -> HttpResponse:
    """GET asks to confirm (naming the backup); POST, carrying the table's version, restores."""
    table = _table_or_404(code)
    seat = _keeper(request, table)
    if isinstance(seat, HttpResponse):
        return seat
    backup = _backup_or_404(table, token)
    if request.method == "GET":
        return _backups_respond(request, table, seat, confirm=backup)
    try:
        version = version_from_form(request.POST)
        services.restore_backup(code, token, expected_version=version, seat=seat.id)
    except (services.TableNotFound, backups.BackupNotFound):
        raise Http404(_("This table has no such backup.")) from None
    except services.VersionConflict as conflict:
        # Ask again against the fresh version: the group may not want this backup any more.
        return _backups_respond(
            request, conflict.table, seat, message=str(conflict), status=409, confirm=backup
        )
    except RuleError as exc:
        return _backups_respond(request, table, seat, message=str(exc), status=400)
    url = reverse("games:table", args=[code])
    return HttpResponseClientRedirect(url) if request.htmx else redirect(url)


@require_GET
def backup_download(request: HttpRequest, code: str, token: str) -> HttpResponse:
    table = _table_or_404(code)
    seat = _keeper(request, table)
    if isinstance(seat, HttpResponse):
        return seat
    backup = _backup_or_404(table, token)
    return _json_download(exchange.export_backup(backup), table, backup.version, "-backup")


@require_http_methods(["GET", "POST"])
def import_table(request: HttpRequest) -> HttpResponse:
    error = ""
    if request.method == "POST":
        upload = request.FILES.get("document")
        if upload is None:
            error = _("Choose an exported table file first.")
        elif upload.size > exchange.MAX_BYTES:
            error = _("The file is larger than 5 MB; a table export can be at most 5 MB.")
        else:
            try:
                table = exchange.import_table(upload.read())
            except RuleError as exc:
                error = str(exc)
            else:
                return redirect("games:seat", code=table.code)
    return render(request, "games/import.html", {"error": error}, status=400 if error else 200)


@require_GET
def scores_page(request: HttpRequest, code: str) -> HttpResponse:
    """A finished table's scores after every move (undone moves left out)."""
    table = _table_or_404(code)
    game = services.game_of(table)
    outcome = game.outcome(table.state)
    chart = None
    if outcome and outcome.finished:
        chart = results.chart(results.scores_by_move(game, services.kept_states(table)))
    return render(
        request,
        "games/scores.html",
        {"table": table, "game": game, "outcome": outcome, "chart": chart},
    )


@require_GET
def results_page(request: HttpRequest) -> HttpResponse:
    """A group's finished games, per game title, with each player's final scores over time."""
    group = request.GET.get("group", "").strip()
    groups = (
        Table.objects.exclude(group="").order_by("group").values_list("group", flat=True).distinct()
    )
    sections = []
    if group:
        games = all_games()
        tables = Table.objects.filter(group=group, game__in=list(games)).order_by("created")
        by_game: dict[str, list] = {}
        for table in tables:
            game = games[table.game]
            outcome = game.outcome(table.state)
            if outcome and outcome.finished:
                by_game.setdefault(table.game, []).append((table, game, outcome))
        for slug, finished in by_game.items():
            sections.append(
                {
                    "game": games[slug],
                    "tables": finished,
                    "chart": results.chart(
                        results.final_scores_by_game([(g, t.state) for t, g, _ in finished])
                    ),
                }
            )
    return render(
        request,
        "games/results.html",
        {"group": group, "groups": list(groups), "sections": sections},
    )


def _game_or_404(slug: str):
    try:
        return get_game(slug)
    except LookupError:
        raise Http404(_("No such game.")) from None


@require_http_methods(["GET", "POST"])
def catalog_page(request: HttpRequest, game_slug: str) -> HttpResponse:
    """Edit the group's card data as YAML, upload a file, or save a table's entries."""
    game = _game_or_404(game_slug)
    if game.Catalog is None:
        raise Http404(_("This game has no card catalog."))
    error, notice = "", ""
    text = None
    if request.method == "POST":
        upload = request.FILES.get("file")
        try:
            if request.POST.get("from_table"):
                table = _table_or_404(codes.normalize(request.POST["from_table"]))
                if table.game != game.slug:
                    raise RuleError(_("That table plays another game."))
                data = catalogs.from_table(game, table.state)
            else:
                if upload is not None:
                    if upload.size > catalogs.MAX_BYTES:
                        raise RuleError(_("A catalog file can be at most 1 MB."))
                    text = upload.read().decode("utf-8", errors="replace")
                else:
                    text = request.POST.get("yaml", "")
                data = catalogs.parse_yaml(game, text)
        except RuleError as exc:
            error = str(exc)
        else:
            catalogs.save(game, data)
            notice = _("Saved. New tables of %(game)s start with this card data.") % {
                "game": game.title
            }
            text = None
    if text is None:
        text = catalogs.to_yaml(catalogs.saved(game))
    return render(
        request,
        "games/catalog.html",
        {"game": game, "yaml": text, "error": error, "notice": notice},
        status=400 if error else 200,
    )


@require_GET
def catalog_download(request: HttpRequest, game_slug: str) -> HttpResponse:
    game = _game_or_404(game_slug)
    response = HttpResponse(
        catalogs.to_yaml(catalogs.saved(game)), content_type="application/yaml; charset=utf-8"
    )
    response["Content-Disposition"] = f'attachment; filename="{game.slug}-catalog.yaml"'
    return response
