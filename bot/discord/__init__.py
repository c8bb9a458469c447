"""The Discord client: the discord.py ``Bot`` that loads the cogs as extensions, restores the tables
at start and keeps their messages and panels in step (``app``).

The top of the stack: it may import everything; nothing of ours imports it but the entry point."""
