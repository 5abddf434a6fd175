"""The worlds the Galzyr rules tests read, from their folders (no database), and the game
supplied by them: the rules are handed each book by ``Game.start``/``Game.load`` from this
``FolderShelf``, as the services hand them a stored world's (games/services/handed.py)."""

from __future__ import annotations

from pathlib import Path

from games.galzyr.game import game as registered
from games.galzyr.reader.book import FolderShelf

ROOT = Path(__file__).resolve().parents[3]
SAMPLE = ROOT / "fixtures" / "worlds" / "sallowmere-marches"
MINIMAL = ROOT / "fixtures" / "worlds" / "_minimal"
BOX = ROOT / "fixtures" / "worlds" / "lands-of-galzyr"  # the published box: read from print
READER = Path(__file__).parent / "reader" / "reader_world"  # the reader's own test world

# Each folder loaded once, when first read; a table naming no world reads the sample world,
# as on a server. "sample" is the sample world under a second slug (the reader's tests).
SHELF = FolderShelf(
    {
        "sallowmere-marches": SAMPLE,
        "sample": SAMPLE,
        "minimal": MINIMAL,
        "reader": READER,
        "lands-of-galzyr": BOX,
    },
    default="sallowmere-marches",
)
game = registered.supplied_by(SHELF)
