"""A game's catalog pages (its "card data", in the pages' words): the card-data sheet (every
card on one page), the YAML page, a download.

Everyone may read them. The sheet saves a group's card data for the keeper of one of the
group's tables (``?group=<key>``, the group's key) and the server's for a librarian
(the project's ``librarians``), through ``card_sheets.saving``; the YAML page stays a librarian's.
"""

from __future__ import annotations

from dataclasses import replace
from urllib.parse import urlencode

from django.contrib import messages
from django.http import (
    Http404,
    HttpRequest,
    HttpResponse,
)
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods

from games.core import codes
from games.core.engine import RuleError
from games.core.registry import get_game
from games.models import Table
from games.services import access, card_sheets, catalogs, group_results, tables
from games.services.card_sheets import saving
from games.web import browser_groups, credentials
from games.web.table import device_tables, partial_or_page, table_or_404
from librarians import is_librarian, librarian_required


def _game_or_404(slug: str):
    try:
        return get_game(slug)
    except LookupError:
        raise Http404(_("No such game.")) from None


@require_http_methods(["GET", "POST"])
@librarian_required()
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
                table = table_or_404(codes.normalize(request.POST["from_table"]))
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
        {
            "game": game,
            "yaml": text,
            "error": error,
            "notice": notice,
            "librarian": is_librarian(request.user),
        },
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


def _editor(request: HttpRequest) -> tuple[catalogs.Editor, dict[str, str], list[Table]]:
    """Who this browser is for the sheet, its groups (key -> name): those it keeps a table
    of, then those it saved a sheet for before their first table (games/web/browser_groups.py),
    and the tables it holds."""
    mine = device_tables(request)
    groups = {
        table.group_key: table.group for table, held in mine if held.keeper and table.group_key
    }
    for key, name in browser_groups.remembered(request).items():
        groups.setdefault(key, name)
    editor = catalogs.Editor(librarian=is_librarian(request.user), groups=frozenset(groups))
    return editor, groups, [table for table, _held in mine]


def _group_key(request: HttpRequest, name: str, mine: list[Table]) -> str:
    """The key of the group ``name`` this browser saves a sheet for: the one of that name it
    already plays with, else a new one (a new table of that name joins it: key_for)."""
    return group_results.key_for(name, mine, browser_groups.remembered(request))


def _opened_at(request: HttpRequest, code: str, game) -> tuple[Table | None, access.Access]:
    """The table the sheet was opened from, when this browser holds a seat there or keeps it
    (a keeper who has not taken a seat yet names its group, but enters no cards: moves are a
    seat's), and what it holds there."""
    try:
        table, held = credentials.page_access(request, code)
    except access.TableNotFound:
        return None, access.ANONYMOUS
    if (held.seat or held.keeper) and table.game == game.slug:
        return table, held
    return None, access.ANONYMOUS


@require_http_methods(["GET", "POST"])
def card_sheet(request: HttpRequest, game_slug: str) -> HttpResponse:
    """Every card the game needs on one page; one Save for the group (or the server), and for
    the table it was opened from when this browser holds a seat there."""
    game = _game_or_404(game_slug)
    if not card_sheets.has_sheet(game.slug):
        raise Http404(_("This game has no card-data sheet."))
    source = request.POST if request.method == "POST" else request.GET
    back = codes.normalize(source.get("table", "")) if source.get("table") else ""
    editor, groups, mine = _editor(request)
    table, held = _opened_at(request, back, game) if back else (None, access.ANONYMOUS)
    seated = table is not None and bool(held.seat)  # saving enters the cards there too
    if table is not None:
        # From a table: its group's sheet, when this browser keeps one of the group's tables.
        group_key = table.group_key if table.group_key in groups else ""
    else:
        # No group asked for: the group of the table this browser kept most recently ("" asks
        # for the server's sheet); a group this browser keeps no table of: the server's sheet.
        group_key = source.get("group")
        if group_key is None:
            group_key = next(iter(groups), "")
        if group_key and group_key not in groups:
            group_key = ""
    # The sheet asks for the group's name (saving files it) in a browser with no group, and
    # on the keeper's device at a table without one; a librarian saves the server's instead.
    ask_group = (
        not group_key
        and not editor.librarian
        and (table is None or (held.keeper and not table.group_key))
    )
    new_group = request.POST.get("new_group", "").strip() if request.method == "POST" else ""
    # From a table: the cards as that table has them (the group's, and what it entered since).
    saved = game.catalog_from_state_fn(game.load(table.state)) if table else None
    if saved is None:
        saved = catalogs.saved(game, group_key)
    error, notice, status = "", "", 200
    sections, remember = None, False
    if request.method == "POST":
        sections = card_sheets.posted(game.slug, request.POST, saved)
        at, named = None, None
        if table is not None:
            version = request.POST.get("version", "")
            credential = access.Credential(credentials.page_secret(request, table.code))
            if seated:
                at = saving.AtTable(
                    table.code, int(version) if version.isdigit() else table.version, credential
                )
            if ask_group:  # the table joins the group, the cards are the group's
                key = _group_key(request, new_group, mine) if new_group else ""
                named = saving.NewGroup(table.code, new_group, credential, key)
        try:
            if ask_group and table is None:
                if not new_group:
                    raise RuleError(_("Enter your group's name to save its card data."))
                new_group = tables.group_name(new_group)
                group_key = _group_key(request, new_group, mine)
                groups[group_key] = new_group
                editor = replace(editor, groups=editor.groups | {group_key})
            data = card_sheets.to_data(game.slug, sections, saved)
            done = saving.save(game, data, group_key=group_key, by=editor, at=at, new_group=named)
        except access.AccessDenied as exc:
            error, status = str(exc), 403
        except tables.VersionConflict as exc:
            error, status = str(exc), 409
            table = exc.table  # the sheet is sent again against the latest version
        except RuleError as exc:
            error, status = str(exc), 400
            if ask_group:
                group_key = ""  # nothing saved: the group is not created
        else:
            saved, sections = done.data, None
            if done.named:  # the table joined the group: this browser keeps one of its tables
                group_key, groups[done.key] = done.key, done.named
                editor = replace(editor, groups=editor.groups | {done.key})
            remember = ask_group and table is None
            ask_group = False
            notice = saving.notice(done, groups.get(group_key, ""), game)
            if done.move is not None:
                table = done.move.table
    may_save = editor.may_save(group_key) or seated
    context = {
        "game": game,
        "sections": sections or card_sheets.rows(game.slug, saved),
        # blanks are allowed (a partial sheet is saved): what is still missing, card by card
        "missing": card_sheets.missing(game.slug, saved),
        "group_key": group_key,
        "group_name": groups.get(group_key, ""),
        "groups": sorted(groups.items(), key=lambda item: item[1].casefold()),
        # The names this browser's groups go by, offered by the group-name field.
        "group_names": browser_groups.names(request, mine),
        "may_save": may_save,
        "ask_group": ask_group,
        # A seat that saves for its table alone (not its keeper, or not the group's).
        "table_only": seated and not ask_group and not editor.may_save(group_key),
        "seated": seated,
        "new_group": new_group,
        "refusal": catalogs.refusal(group_key),
        "back": back,
        "table": table,
        "error": error,
        "notice": notice,
    }
    response = partial_or_page(request, "games/card_sheet.html", "sheet", context, status)
    if remember:  # a group saved before its first table: this browser keeps its key
        browser_groups.remember(response, request, group_key, new_group)
    return response


@require_http_methods(["GET", "POST"])
def table_card_sheet(request: HttpRequest, code: str) -> HttpResponse:
    """The sheet of a table's game for the table's group, with a way back to the table.

    POST keeps the card data the table's players entered during the game for the group's next
    tables (the table's keeper, for its group; a librarian for a table with no group; at a
    table with no group, the sheet asks its keeper for the group's name first)."""
    table = table_or_404(code)
    game = _game_or_404(table.game)
    sheet = card_sheets.has_sheet(table.game)
    if not sheet and (request.method != "POST" or game.Catalog is None):
        # Galzyr has no sheet (its own box's cards are named beside them): no page to send to
        raise Http404(_("This game has no card-data sheet."))
    editor, groups, _mine = _editor(request)
    query = {"table": table.code}
    # The group's key opens its results: only a browser keeping one of its tables is sent it.
    query["group"] = table.group_key if table.group_key in groups else ""
    if request.method == "POST" and sheet and not table.group_key and not editor.librarian:
        # No group to keep them for yet: the sheet (its cards as this table has them) asks the
        # keeper for the group's name, and saving there keeps them for the group.
        messages.info(
            request, _("This table has no group yet: name it by the Save button to keep its cards.")
        )
    elif request.method == "POST":
        try:
            catalogs.save_sheet(
                game, catalogs.from_table(game, table.state), group_key=table.group_key, by=editor
            )
        except RuleError as exc:
            messages.error(request, str(exc))
        else:
            messages.success(request, _("This table's card data is kept for the next tables."))
    if not sheet:  # Galzyr: back to the table's own-box cards, where the group names them
        return redirect(reverse("games:table", args=[table.code]) + "#gz-own-cards")
    return redirect(reverse("games:card-sheet", args=[table.game]) + "?" + urlencode(query))
