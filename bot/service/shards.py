"""Which Discord guilds a process serves: the shards of a sharded bot (``GOUJI_SHARDS``,
``GOUJI_SHARD_COUNT``). Discord puts a guild on shard ``(guild_id >> 22) % shard_count``; a table
belongs to its guild's shard, and only the process running that shard restores, times and acts on it."""

from __future__ import annotations

from dataclasses import dataclass


def shard_of(guild_id: int, count: int) -> int:
    """Discord's shard of a guild."""
    return (guild_id >> 22) % count


@dataclass(frozen=True)
class Shards:
    """Shards ``ids`` of ``count``: the guilds this process serves."""

    ids: frozenset[int]
    count: int

    def __post_init__(self) -> None:
        if self.count < 1 or not self.ids or not all(0 <= s < self.count for s in self.ids):
            raise ValueError(f"shards {sorted(self.ids)} must lie in 0–{self.count - 1}")

    def owns(self, guild_id: int) -> bool:
        return shard_of(guild_id, self.count) in self.ids

    @classmethod
    def parse(cls, spec: str, count: int) -> Shards:
        """``"0-3"``, ``"4"`` or ``"0,2,5-7"`` of ``count`` shards (``ValueError`` if malformed)."""
        ids: set[int] = set()
        for part in spec.replace(" ", "").split(","):
            first, dash, last = part.partition("-")
            if not first.isdigit() or (dash and not last.isdigit()):
                raise ValueError(f"GOUJI_SHARDS must be shard numbers or ranges like 0-3, not {spec!r}")
            ids.update(range(int(first), int(last or first) + 1))
        return cls(frozenset(ids), count)
