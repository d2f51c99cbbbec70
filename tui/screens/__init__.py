"""The app's screens, one module each; the app imports them lazily so startup stays fast.

Screens ask the app for places with the messages of `tui.messages`; none imports `tui.app`.
"""
