"""A world folder read into a typed ``World``, every schema finding as a ``Diagnostic`` at
file:line; and the ``World`` as the JSON the database keeps (``stored``). Pure: no Django.

Imports only ``storybook.format`` and the project's YAML reader (``yaml_source``, below the
storybook and the platform). The checks beyond the schema are ``storybook.lint``'s.
"""
