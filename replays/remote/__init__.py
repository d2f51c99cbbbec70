"""Remote play: a host process owns the match and its file; guests on other machines receive,
over a WebSocket in msgpack frames, only their own seat's view and chronicle lines, never a
state. This package holds the host and guest sides of that link: the invitations that carry a
seat's secret, the codec that turns views into plain msgpack values and back, and the server,
client and frames built on them.
"""
