"""A world folder read into a typed ``World``, every schema finding as a ``Diagnostic`` at
file:line; and the ``World`` as the JSON the database keeps (``stored``). Pure: no Django.

Imports only ``storybook.format`` and the project's YAML reader (``yaml_source``, below the
storybook and the platform). The checks beyond the schema are ``storybook.lint``'s, and so is a
folder loaded for use: ``storybook.lint.folder.load_world`` reads it here, checks it there and
raises ``WorldError`` on any error (``loading`` may not import ``lint``, which stands on it:
tests/test_layout.py).
"""
