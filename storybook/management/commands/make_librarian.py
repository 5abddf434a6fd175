"""manage.py make_librarian USERNAME: let a user upload and edit worlds and card catalogs."""

from __future__ import annotations

import getpass
import sys

from django.contrib.auth.password_validation import validate_password
from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError
from rest_framework.authtoken.models import Token

from librarians import GROUP, PERMISSION, make_librarian


class Command(BaseCommand):
    help = (
        f"Put a user in the group {GROUP!r}, which holds the permission {PERMISSION} (both are "
        "made when missing). A missing user is created: asked for a password, or with "
        "--no-password a user that signs in only with a token (--token prints it)."
    )

    def add_arguments(self, parser):
        parser.add_argument("username")
        parser.add_argument(
            "--no-password",
            action="store_true",
            help="create a missing user without a password (a script's user; use --token)",
        )
        parser.add_argument(
            "--token",
            action="store_true",
            help="print the user's API token (made when missing), for Authorization: Token …",
        )

    def handle(self, *args, username: str, **options):
        password = None
        if not options["no_password"] and not self._exists(username):
            password = self._ask_password(username)
        user, created = make_librarian(username, password=password)
        made = "created and made" if created else "is now"
        self.stdout.write(
            self.style.SUCCESS(f"{user.get_username()} {made} a librarian (group {GROUP}).")
        )
        if options["token"]:
            token, _ = Token.objects.get_or_create(user=user)
            self.stdout.write(token.key)

    def _exists(self, username: str) -> bool:
        from django.contrib.auth import get_user_model

        User = get_user_model()
        return User.objects.filter(**{User.USERNAME_FIELD: username}).exists()

    def _ask_password(self, username: str) -> str:
        if not sys.stdin.isatty():
            raise CommandError(
                f"There is no user {username!r}: run this in a terminal to give the new user a "
                "password, create it first (manage.py createsuperuser, or the admin), or pass "
                "--no-password for a script's user that signs in with a token."
            )
        first = getpass.getpass(f"Password for the new user {username}: ")
        if first != getpass.getpass("Password (again): "):
            raise CommandError("The two passwords differ; nothing was created.")
        try:
            validate_password(first)
        except ValidationError as exc:
            raise CommandError(" ".join(exc.messages)) from None
        return first
