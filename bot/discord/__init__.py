"""The Discord client: the discord.py ``Bot`` that opens the store, loads the cogs as an extension by
name and restores the tables at start (``app``); the cogs' messenger keeps their messages in step.

The top of the stack, yet it imports no cog module (the cogs see it only as a type, so no import
cycle closes through it); nothing of ours imports it but the entry point."""
