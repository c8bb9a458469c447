"""``python -m bot.bench``: the benchmarks' command line (see the package's docstring)."""

from bot.bench import main

main()
