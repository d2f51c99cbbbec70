"""Parlour's pure game logic: rules, matches and bots. No I/O, no clock, no Textual."""

__version__ = "0.1.0"
