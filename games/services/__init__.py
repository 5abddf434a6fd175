"""Every read and write of a table, one module per group of actions, one transaction each.

The pages (games/web), the REST API (games/api) and the commands call these and nothing else
writes tables or moves, so an action is written once. Each write locks the table row, checks
the version the device saw, runs the game's pure rules and stores the new state with one line
of the log (games/services/tables.py).
"""
