"""pytest's own configuration: the tests' helpers live in ``helpers.py`` and are imported from there."""
