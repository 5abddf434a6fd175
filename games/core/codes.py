"""Join codes: unguessable, short, and easy to read aloud across a table.

Ten symbols from a 30-letter alphabet without look-alikes (no 0/O, 1/I/L, U)
give 30**10 ≈ 2**49 codes. Shown in groups ("K7QM-R2XT-9B"); typing accepts
lower case, spaces and dashes.
"""

from __future__ import annotations

import secrets

ALPHABET = "23456789ABCDEFGHJKMNPQRSTVWXYZ"
LENGTH = 10
_LOOKALIKES = str.maketrans({"O": "0", "I": "1", "L": "1", "U": "V"})


def new_code() -> str:
    return "".join(secrets.choice(ALPHABET) for _ in range(LENGTH))


def normalize(typed: str) -> str:
    """What the player typed, as the code is stored (or "" when it can't be a code)."""
    code = "".join(ch for ch in typed.upper() if ch.isalnum()).translate(_LOOKALIKES)
    if len(code) != LENGTH or any(ch not in ALPHABET for ch in code):
        return ""
    return code


def spoken(code: str) -> str:
    return f"{code[:4]}-{code[4:8]}-{code[8:]}"
