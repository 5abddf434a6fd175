"""The storybook's pages and API: the worlds list and upload, the card catalog and map editor,
their API twins (``urls``, ``api_urls``). Who may write is the project's ``librarians``, which
the platform's card-data pages ask too."""
