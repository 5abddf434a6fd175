"""Who may write worlds and card data: a librarian.

A librarian is a signed-in Django user with the permission ``storybook.edit_worlds`` (given
directly, through a group such as "Librarians", or as a superuser). Uploading or replacing a
world, editing its catalog and map, and saving a game's shared card catalog need one; reading
them stays open to every device. The same check answers everywhere, on the storybook's pages
and API and on the platform's card-data pages alike, so it sits below both (it imports
neither; the permission itself is declared on the storybook's ``World`` model, where it is
stored, and only named here):

- ``is_librarian(user)`` for templates and views;
- ``IsLibrarianOrReadOnly`` on the DRF endpoints (401 without credentials, 403 for a user
  who is not a librarian; a session user must also send the CSRF token);
- ``librarian_required`` on the pages: a visitor is sent to the admin's sign-in page, a user
  who is not a librarian gets a 403 page with the reason.

``manage.py load_world`` and ``load_fixtures`` run on the server and need no librarian.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any

from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractBaseUser, AnonymousUser, Group, Permission
from django.contrib.auth.views import redirect_to_login
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext as _
from rest_framework import exceptions
from rest_framework.permissions import SAFE_METHODS, BasePermission

PERMISSION = "storybook.edit_worlds"
GROUP = "Librarians"


def is_librarian(user: AbstractBaseUser | AnonymousUser | None) -> bool:
    """An active, signed-in user holding the permission (superusers hold every one)."""
    return bool(
        user is not None and user.is_authenticated and user.is_active and user.has_perm(PERMISSION)  # type: ignore[union-attr]
    )


def refusal(user: AbstractBaseUser | AnonymousUser | None) -> str:
    """The sentence a refused request reads."""
    if user is None or not user.is_authenticated:
        return _(
            "Only a signed-in librarian can change worlds and card catalogs: sign in, or send "
            "a librarian's token (Authorization: Token …)."
        )
    return _("Only a librarian can change worlds and card catalogs, and %(user)s is not one.") % {
        "user": user.get_username()
    }


class IsLibrarianOrReadOnly(BasePermission):
    """Reads (GET, HEAD, OPTIONS) for everyone; writes for a librarian only."""

    def has_permission(self, request, view) -> bool:
        if request.method in SAFE_METHODS:
            return True
        if is_librarian(request.user):
            return True
        if not request.user or not request.user.is_authenticated:
            raise exceptions.NotAuthenticated(refusal(request.user))
        raise exceptions.PermissionDenied(refusal(request.user))


def librarian_required(
    back: Callable[..., str] | None = None,
) -> Callable[[Callable[..., HttpResponse]], Callable[..., HttpResponse]]:
    """Page decorator: writes (anything but GET and HEAD) need a librarian.

    A visitor goes to the admin's sign-in page and comes back to ``back(request, **kwargs)``
    (default: this page), which must be a page that answers GET: a form's action usually
    doesn't. With htmx the whole page goes there (``HX-Redirect``), not the swapped row. A
    signed-in user who is not a librarian gets 403 and the sentence.
    """

    def decorate(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
        @wraps(view)
        def wrapped(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
            if request.method in ("GET", "HEAD") or is_librarian(request.user):
                return view(request, *args, **kwargs)
            next_url = back(request, **kwargs) if back else request.get_full_path()
            login = redirect_to_login(next_url, reverse("admin:login"))
            if not request.user.is_authenticated:
                if getattr(request, "htmx", False):
                    response = HttpResponse(refusal(request.user), status=401)
                    response["HX-Redirect"] = login["Location"]
                    return response
                return login
            return render(
                request,
                "librarians/required.html",
                {
                    "message": refusal(request.user),
                    "login_url": login["Location"],
                    "back": next_url,
                },
                status=403,
            )

        return wrapped

    return decorate


def make_librarian(username: str, *, password: str | None = None, create: bool = True):
    """Put the user in the "Librarians" group, which holds the permission (both made when
    missing), and mark it staff, which the admin's sign-in page requires (staff status alone
    opens nothing in the admin). A user made here with no password can't sign in with one (a
    script's user, which uses a token). Returns ``(user, created)``."""
    User = get_user_model()
    app_label, codename = PERMISSION.split(".")
    permission = Permission.objects.get(content_type__app_label=app_label, codename=codename)
    group, _made = Group.objects.get_or_create(name=GROUP)
    group.permissions.add(permission)
    created = False
    try:
        user = User.objects.get_by_natural_key(username)
    except User.DoesNotExist:
        if not create:
            raise
        user = User(**{User.USERNAME_FIELD: username})
        if password:
            user.set_password(password)
        else:
            user.set_unusable_password()
        user.save()
        created = True
    if not user.is_staff:  # the admin's sign-in page, where the pages send librarians, asks it
        user.is_staff = True
        user.save(update_fields=["is_staff"])
    user.groups.add(group)
    return user, created
