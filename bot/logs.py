"""No hand in any log, at any level: the libraries whose DEBUG records carry whole payloads are
kept at INFO or above, whatever level the root logger is given.

aiosqlite logs every call with its parameters (a snapshot holds all six hands); discord.py's
gateway and HTTP loggers write the events and bodies they carry (a hand panel, its menu of plays).
"""

from __future__ import annotations

import logging


def at_least_info(*names: str) -> None:
    """Raise each named logger to INFO unless it is set higher already (a logger left NOTSET
    would follow the root down to DEBUG)."""
    for name in names:
        logger = logging.getLogger(name)
        if logger.level < logging.INFO:
            logger.setLevel(logging.INFO)
