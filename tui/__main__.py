"""`python -m tui` is the `parlour` command."""

from tui.cli import main

raise SystemExit(main())
