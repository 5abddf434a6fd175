"""Making a librarian: ``manage.py make_librarian`` and ``make_librarian`` in code."""

from __future__ import annotations

from io import StringIO

import pytest
from django.contrib.auth.models import Group
from django.core.management import CommandError, call_command
from rest_framework.authtoken.models import Token

from librarians import GROUP, PERMISSION, is_librarian, make_librarian

pytestmark = pytest.mark.django_db


def run(*args) -> str:
    out = StringIO()
    call_command("make_librarian", *args, stdout=out, stderr=StringIO())
    return out.getvalue()


def test_make_librarian_puts_an_existing_user_in_the_group(django_user_model):
    user = django_user_model.objects.create_user("ada", password="lantern-and-map-3")
    assert not is_librarian(user)
    assert "ada is now a librarian (group Librarians)." in run("ada")
    user = django_user_model.objects.get(username="ada")
    assert is_librarian(user) and user.is_staff  # staff: the admin's sign-in page lets them in
    group = Group.objects.get(name=GROUP)
    assert [f"storybook.{p.codename}" for p in group.permissions.all()] == [PERMISSION]
    run("ada")  # again: nothing new
    assert Group.objects.count() == 1 and user.groups.count() == 1


def test_make_librarian_makes_a_scripts_user_with_a_token(django_user_model):
    out = run("importer", "--no-password", "--token").splitlines()
    assert out[0] == "importer created and made a librarian (group Librarians)."
    user = django_user_model.objects.get(username="importer")
    assert not user.has_usable_password() and is_librarian(user)
    assert out[1] == Token.objects.get(user=user).key
    assert run("importer", "--token").splitlines()[1] == out[1]  # the same token again


def test_make_librarian_asks_for_a_password_it_cannot_ask_for(django_user_model):
    with pytest.raises(CommandError, match="--no-password"):
        run("nobody")
    assert not django_user_model.objects.filter(username="nobody").exists()


def test_make_librarian_in_code(django_user_model):
    user, created = make_librarian("bo", password="quill-and-ink-42")
    assert created and user.check_password("quill-and-ink-42") and is_librarian(user)
    assert make_librarian("bo")[1] is False
