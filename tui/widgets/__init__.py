"""Widgets shared by the app's screens: the game frame's contracts, the move log, card faces."""
