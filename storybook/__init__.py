"""Talekeeper's storybook: world packages (a book of numbered scenes, its card catalog and map),
read, checked, stored and read aloud. It knows no game: a game's reader builds on it.

Pure (no Django, no I/O beyond reading a folder they are handed), each importing only the
ones above it in this list:

* ``refusal`` (a module) — ``StorybookRefused``, the storybook's refusal with a sentence (a
  game turns it into its own where it calls the storybook);
* ``format`` — the book format: typed models of world.yaml, cards.yaml, events.yaml, scenes;
* ``loading`` — a folder read into a ``World`` with every schema finding at file:line
  (``loader.read_world`` over the project's YAML reader, ``yaml_source``; ``diagnostics``;
  ``stored`` the JSON the database keeps);
* ``interpreter`` — what a seat sees of a scene, given a ``ReadContext``;
* ``lint`` — the checks beyond the schema (``checks.check_world``) and ``folder``:
  ``load_world(path) -> World`` (raises ``WorldError``) and ``lint_world(path)``; ``sections``,
  where a game adds its own section to the report (Galzyr: campaign readiness);
* ``playtest`` — what a game's playtester found (``report``: coverage and findings at
  file:line); the campaign playtester is Galzyr's (``games.galzyr.playtest``);
* ``worldgen`` (a module) — a large generated world, for benches and tests.

Django side: ``models``, ``admin``, ``apps``, ``services`` (worlds into the database),
``stored_worlds`` (stored worlds read a piece at a time, for a game's reader), ``world_edit``
(a librarian's edits of a stored world's cards and map), ``web`` (pages and API; who may write
them is the project's ``librarians``, beside the storybook), ``management``.

``format``, ``interpreter`` and ``world_edit`` have a front: their ``__init__`` re-exports the
names callers use. ``loading``, ``lint`` and ``web`` are imported module by module.
"""
