"""D-Day (3rd Edition): the Allied invasion of Western Europe, 6 June 1944 – 15 May 1945, in 50 weekly turns.

Rules: ``shared/rulebooks/dday-3rd-edition.txt`` (cited as ``D-Day §n``). Layers: ``data/`` and ``data.py``,
``board.py``; ``position.py``; rules as functions (``movement``, ``supply``, ``combat``, ``logistics``,
``victory``); steps (``sequence`` and ``steps_*``); ``view``, ``ai``, ``rules``. See README.md for coverage,
readings and reconstructions.
"""

from .rules import INFO, MAP_FILE, RULE_SECTIONS, GameState

__all__ = ["INFO", "MAP_FILE", "RULE_SECTIONS", "GameState"]
