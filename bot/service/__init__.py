"""The table service, below Discord and above the engine: one table per channel (``tables``), the
store that commits every accepted action before anyone is answered (``store``), league rows
(``league``) and the frames of a finished game (``replay``).

May import the engine, the AI and ``bot.logs``; never discord, Pillow, ``render`` or ``cogs``
(``tests/test_layers.py``)."""
