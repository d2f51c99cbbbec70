"""The app's screens, one module each; the app imports them lazily so startup stays fast."""
