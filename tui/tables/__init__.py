"""The tables a game screen plays on: one port (`Table`), a local match file or one seat of a
match hosted elsewhere behind it.

The screen draws views, words the move log from lines, and sends decisions; whether the match
lives in this process (`LocalTable`: hot-seat and bots) or on a host (`RemoteTable`: one seat,
fed by the frames of the host's `replays.remote.host.MatchServer`) is the table's business.
This is boardgame.io's client over a local or a socket transport, and it keeps the game screen
one frame.
"""

from tui.tables.local import LocalTable
from tui.tables.port import Offer, Plays, Rematching, Table, Wait, notice_title

__all__ = ["LocalTable", "Offer", "Plays", "Rematching", "Table", "Wait", "notice_title"]
