"""Tales of Danger #1: Days of Discovery — pure rules (see rules.py)."""
