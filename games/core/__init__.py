"""The platform's pure core: no Django, no I/O (tests/test_layout.py keeps it so).

The engine is the contract between the platform and a game's pure rules; the registry says
which games this server knows; the rest are small pure tools every layer uses (the seeded
generator, bounds, reverse patches, commuting moves, scores over time, shared words).
"""
