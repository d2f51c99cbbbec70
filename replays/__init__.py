"""Persistence and time travel: the match file, the match store, replay cursor and export.

Modules: `paths` (where files live), `chain` + `logfile` (the `.parlour` format, see
docs/FORMAT.md), `lock` (one writer per match), `store` (create / open / list matches),
`cursor` (step through a match), `export` (text, markdown, json). Errors are in `errors`.
"""
