"""Print the performance figures as JSON lines (see ARCHITECTURE.md §6).

    .venv/bin/python bench/run.py            # all figures
    .venv/bin/python bench/run.py --quick    # smoke run
Equivalent to `westfront bench --json`.
"""

from __future__ import annotations

import sys

from westfront.cli import app

if __name__ == "__main__":
    app(["bench", "--json", *sys.argv[1:]])
