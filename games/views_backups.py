"""A table's backups: the list, backing up now, restoring one (after asking) and downloading one.

Only a seat that may keep the backups sees them (see ``_keeper``).
"""

from __future__ import annotations

from django.core.exceptions import PermissionDenied
from django.http import (
    Http404,
    HttpRequest,
    HttpResponse,
)
from django.shortcuts import redirect
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST
from django_htmx.http import HttpResponseClientRedirect

from games import backups, exchange, services
from games.engine import RuleError, Seat
from games.forms import version_from_form
from games.models import Table
from games.seats import remembered_seat
from games.views_history import json_download
from games.views_table import partial_or_page, table_or_404


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
    return partial_or_page(request, "games/backups.html", "backups", context, status)


@require_GET
def backups_page(request: HttpRequest, code: str) -> HttpResponse:
    table = table_or_404(code)
    seat = _keeper(request, table)
    if isinstance(seat, HttpResponse):
        return seat
    return _backups_respond(request, table, seat)


@require_POST
def back_up_now(request: HttpRequest, code: str) -> HttpResponse:
    table = table_or_404(code)
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
    table = table_or_404(code)
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
    table = table_or_404(code)
    seat = _keeper(request, table)
    if isinstance(seat, HttpResponse):
        return seat
    backup = _backup_or_404(table, token)
    return json_download(exchange.export_backup(backup), table, backup.version, "-backup")
