"""The storybook's pages and API: the worlds list and upload, the card catalog and map editor,
their API twins (``urls``, ``api_urls``), and who may write (``librarian``)."""
