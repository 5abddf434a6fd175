"""Tavern Tales: Legends of Dungeon Drop — pure rules (no Django). The game object is in rules."""
