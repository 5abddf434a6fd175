"""A table's backups: the list, backing up now, restoring one (after asking) and downloading one.

Only a keeper uses them: they hold every secret, as an export does (see ``_keeper``).
"""

from __future__ import annotations

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

from games.core.engine import RuleError
from games.models import Table
from games.services import access, backups, keeping, tables
from games.services.access import Access
from games.web.forms import version_from_form
from games.web.history import json_download
from games.web.table import access_or_404, partial_or_page


def _keeper(request: HttpRequest, code: str) -> tuple[Table, Access]:
    """The table and the device's access, if it is a keeper (AccessDenied otherwise: a 403
    page with the sentence, games/web/middleware.py)."""
    table, held = access_or_404(request, code)
    held.require_keeper()
    return table, held


def _backups_respond(
    request: HttpRequest,
    table: Table,
    held: Access,
    *,
    message: str = "",
    status: int = 200,
    confirm=None,
) -> HttpResponse:
    context = {
        "table": table,
        "backups": keeping.backup_list(table, by=held),
        "keep": backups.KEEP,
        "message": message,
        "error": status != 200,
        "confirm": confirm,
    }
    return partial_or_page(request, "games/backups.html", "backups", context, status)


@require_GET
def backups_page(request: HttpRequest, code: str) -> HttpResponse:
    table, held = _keeper(request, code)
    return _backups_respond(request, table, held)


@require_POST
def back_up_now(request: HttpRequest, code: str) -> HttpResponse:
    table, held = _keeper(request, code)
    try:
        table, backup = keeping.back_up(code, by=held)
    except access.TableNotFound:
        raise Http404(_("No table has this code.")) from None
    message = _("Backed up: version %(version)s.") % {"version": backup.version}
    return _backups_respond(request, table, held, message=message)


def _backup_or_404(table: Table, token: str):
    try:
        return backups.find(table, token)
    except backups.BackupNotFound:
        raise Http404(_("This table has no such backup.")) from None


@require_http_methods(["GET", "POST"])
def restore_backup(request: HttpRequest, code: str, token: str) -> HttpResponse:
    """GET asks to confirm (naming the backup); POST, carrying the table's version, restores."""
    table, held = _keeper(request, code)
    backup = _backup_or_404(table, token)
    if request.method == "GET":
        return _backups_respond(request, table, held, confirm=backup)
    try:
        version = version_from_form(request.POST)
        keeping.restore_backup(code, token, expected_version=version, by=held)
    except (access.TableNotFound, backups.BackupNotFound):
        raise Http404(_("This table has no such backup.")) from None
    except tables.VersionConflict as conflict:
        # Ask again against the fresh version: the group may not want this backup any more.
        return _backups_respond(
            request, conflict.table, held, message=str(conflict), status=409, confirm=backup
        )
    except RuleError as exc:
        return _backups_respond(request, table, held, message=str(exc), status=400)
    url = reverse("games:table", args=[code])
    return HttpResponseClientRedirect(url) if request.htmx else redirect(url)


@require_GET
def backup_download(request: HttpRequest, code: str, token: str) -> HttpResponse:
    table, held = _keeper(request, code)
    backup = _backup_or_404(table, token)
    document = keeping.backup_document(table, token, by=held)
    return json_download(document, table, backup.version, "-backup")
