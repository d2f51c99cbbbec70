"""Parlour's Textual app. Import-light on purpose: `parlour --help` must never load Textual."""
