"""The layers, as contracts on imports (issue 16): data runs one way — interaction → cog → table
service → engine → store → render → Discord — and each package imports only what lies below it.

Read from the source with ``ast`` (module-level and function-level imports alike, ``TYPE_CHECKING``
blocks aside, since a type is no dependency at run time), so a new import that crosses a layer
fails here before review. And no import cycle anywhere among our modules, ``TYPE_CHECKING`` imports
included (issue 33 §3): a cycle through a type still couples two modules both ways.
"""

from __future__ import annotations

import ast
from graphlib import CycleError, TopologicalSorter
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

SERVICE_BANS = {"discord", "PIL", "render", "cogs"}
LAYERS: dict[str, tuple[set[str], set[str]]] = {
    # package prefix: (ours it may import, third-party roots it must not import)
    "bot.engine": ({"bot.engine"}, {"discord", "PIL", "aiosqlite", "sqlite3", "asyncio", "render", "cogs"}),
    "bot.ai": ({"bot.engine", "bot.ai"}, {"discord", "PIL", "aiosqlite", "sqlite3", "render", "cogs"}),
    "bot.words": ({"bot.engine"}, SERVICE_BANS | {"aiosqlite", "sqlite3"}),
    "render": ({"bot.engine", "bot.words", "bot.service.league", "render"},
               {"discord", "aiosqlite", "sqlite3", "cogs"}),
    "bot.logs": (set(), SERVICE_BANS),
    "bot.service.league": (set(), SERVICE_BANS),
    "bot.service.rating": (set(), SERVICE_BANS),
    "bot.service.db": ({"bot.logs"}, SERVICE_BANS),
    "bot.service.shards": (set(), SERVICE_BANS),
    "bot.service.memory": (set(), SERVICE_BANS),
    "bot.service.store": ({"bot.service.db", "bot.service.league", "bot.service.rating", "bot.service.shards",
                           "bot.logs"}, SERVICE_BANS),
    "bot.service.tables": ({"bot.engine", "bot.ai", "bot.service.store", "bot.service.league", "bot.service.shards",
                            "bot.logs", "bot.words"}, SERVICE_BANS),
    "bot.service.replay": ({"bot.engine"}, SERVICE_BANS | {"aiosqlite", "sqlite3"}),
    "bot.service.review": ({"bot.engine", "bot.ai", "bot.service.replay"}, SERVICE_BANS | {"aiosqlite", "sqlite3"}),
    "bot.service": ({"bot.service"}, SERVICE_BANS),
    "bot.cli": ({"bot.engine", "bot.ai", "bot.cli", "bot.words", "render", "bot.service.replay", "bot.service.store",
                 "bot.service.db"},
                {"discord", "aiosqlite", "cogs"}),
    "bot.bench": ({"bot.engine", "bot.ai", "bot.cli", "bot.service", "bot.bench", "bot.logs"},
                  {"discord", "PIL", "render", "cogs"}),
    # the arena's frozen baseline reads nothing of bot.ai, so changing basic or situation.py cannot move it
    "bot.bench.basic0": ({"bot.engine", "bot.bench.situation0"}, {"discord", "PIL", "render", "cogs"}),
    "bot.bench.situation0": ({"bot.engine"}, {"discord", "PIL", "render", "cogs"}),
    # the end-to-end benchmark (issue 34) runs the whole bot on an offline Discord: it alone may reach the top
    "bot.bench.discord_fakes": ({"bot.discord", "bot.service", "cogs"}, set()),
    "bot.bench.discord_tables": ({"bot.bench", "bot.discord", "bot.engine", "bot.service", "cogs"}, set()),
    "cogs": ({"bot.engine", "bot.ai", "bot.service", "bot.words", "bot.logs", "render", "cogs"}, set()),
    "bot.discord": ({"bot.service", "bot.logs"}, {"cogs", "render"}),
}
"""What each layer may import of ours, and what it must not import at all. The cogs sit on the
service and see the client (``bot.discord``) only under ``TYPE_CHECKING``; the client on top
(``bot.discord``) loads the cogs by name and imports none of them (issue 33 §3); the entry point
``bot.__main__`` may import everything."""


def _module(path: Path) -> str:
    return ".".join(path.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__")


def _imports(path: Path, typing: bool = False) -> list[str]:
    """Every module the file imports at run time (relative imports resolved); with ``typing``, those
    under ``TYPE_CHECKING`` too, and each name of a ``from`` import that is a module of ours as that
    module (``from . import fonts`` imports ``render.fonts``, not only ``render``)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = _module(path) if path.name == "__init__.py" else _module(path).rpartition(".")[0]
    skip: set[int] = set()
    for node in ast.walk(tree):  # what is imported under ``if TYPE_CHECKING:`` is for the type checker
        if not typing and isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            skip.update(id(n) for child in node.body for n in ast.walk(child))
    out = []
    for node in ast.walk(tree):
        if id(node) in skip:
            continue
        if isinstance(node, ast.Import):
            out += [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                module = ".".join([*base, node.module] if node.module else base)
            elif node.module:
                module = node.module
            else:
                continue
            subs = [f"{module}.{a.name}" for a in node.names] if typing else []
            out += [m for m in subs if m in _MODULES] if any(m in _MODULES for m in subs) else [module]
    return out


def _files() -> list[Path]:
    return sorted(p for d in ("bot", "render", "cogs") for p in (ROOT / d).rglob("*.py"))


_MODULES = {_module(p) for p in _files()}


def _layer(module: str) -> str | None:
    return next((k for k in sorted(LAYERS, key=len, reverse=True) if module == k or module.startswith(k + ".")), None)


@pytest.mark.parametrize("path", _files(), ids=lambda p: str(p.relative_to(ROOT)))
def test_each_layer_imports_only_what_lies_below_it(path: Path) -> None:
    module = _module(path)
    layer = _layer(module)
    if layer is None:
        return  # the Discord layer and the entry points may import everything
    ours, banned = LAYERS[layer]
    for imported in _imports(path):
        root = imported.split(".")[0]
        assert root not in banned, f"{module} imports {imported}: {layer} must not import {root}"
        if root in ("bot", "render", "cogs") and imported != "bot":
            assert any(imported == o or imported.startswith(o + ".") for o in ours), \
                f"{module} imports {imported}: {layer} may import only {sorted(ours)}"


def test_the_contract_reads_relative_and_type_checking_imports() -> None:
    """The reader itself: ``from .x import`` resolves inside the package; TYPE_CHECKING imports are skipped."""
    legal = ROOT / "bot" / "engine" / "legal.py"
    imported = _imports(legal)
    assert "bot.engine.actions" in imported and "bot.engine.game" not in imported


def _graph() -> dict[str, set[str]]:
    """Each of our modules and ours it imports, ``TYPE_CHECKING`` imports included."""
    return {_module(p): {m for m in _imports(p, typing=True) if m in _MODULES} - {_module(p)} for p in _files()}


def test_no_import_cycle_among_our_modules_not_even_through_type_checking() -> None:
    """Issue 33 §3: bot, cogs and render form no import cycle, counting the imports made only for the
    type checker (the client imports no cog module, the rules see the game through ``bot.engine.port``)."""
    try:
        TopologicalSorter(_graph()).prepare()
    except CycleError as e:
        pytest.fail("import cycle: " + " → ".join(e.args[1]))


def test_the_cycle_check_reads_type_checking_imports_and_finds_a_cycle() -> None:
    """The check itself: ``legal`` imports the port only for the type checker, and a cycle is found."""
    graph = _graph()
    assert "bot.engine.port" in graph["bot.engine.legal"]
    assert "bot.engine.port" not in _imports(ROOT / "bot" / "engine" / "legal.py")
    graph["bot.engine.cards"].add("bot.engine.legal")  # legal → plays → cards → legal
    with pytest.raises(CycleError):
        TopologicalSorter(graph).prepare()
