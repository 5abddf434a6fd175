"""The reader: a book of numbered scenes read aloud at the table (book-only mode)."""
