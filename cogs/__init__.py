"""The thin discord.py layer: app commands, views and modals that talk to the table service."""
