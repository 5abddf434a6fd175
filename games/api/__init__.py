"""The REST API: tables and moves, seats, backups — thin views over games/services/."""
