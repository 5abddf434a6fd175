"""Lint: the checks beyond the schema (``checks.check_world`` with ``flow``, ``refs`` and
``scenes``), and a world folder read and checked (``folder.load_world``, ``folder.lint_world``).
Pure: no Django. Imports ``storybook.format``, ``storybook.loading`` and the interpreter's
outcome ranges.
"""
