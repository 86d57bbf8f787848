"""Totals and failures of a fuzzing run; failures are deduplicated by kind."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

TOTALS = ("games", "actions", "illegal", "api_calls", "bridge", "records", "cli")
LABELS = {
    "games": "whole games",
    "actions": "actions applied",
    "illegal": "illegal attempts",
    "api_calls": "API misuse calls",
    "bridge": "bridge requests",
    "records": "tampered records",
    "cli": "command-line replays",
}


@dataclass
class Failure:
    kind: str
    message: str
    repro: str
    count: int = 1
    scopes: list[str] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "message": self.message, "repro": self.repro, "count": self.count,
                "scopes": list(self.scopes)}


@dataclass
class Report:
    """What a run did and what it found. ``fail`` keeps the first case of each kind."""

    totals: dict[str, int] = field(default_factory=lambda: dict.fromkeys(TOTALS, 0))
    failures: dict[str, Failure] = field(default_factory=dict)

    def count(self, key: str, n: int = 1) -> None:
        self.totals[key] = self.totals.get(key, 0) + n

    def fail(self, kind: str, message: str, repro: str, scope: str | None = None) -> None:
        """One failure; the first of its ``kind`` is kept with its reproduction, later ones
        are counted, and the ``scope`` of each (a game id) is listed."""
        known = self.failures.get(kind)
        if known is None:
            known = self.failures[kind] = Failure(kind, _line(message), _line(repro, 600), 0)
        known.count += 1
        if scope is not None and scope not in known.scopes:
            known.scopes.append(scope)

    def merge(self, data: dict[str, Any]) -> None:
        """Add what a sandbox worker reported (``totals`` and ``failures`` as JSON)."""
        for key, n in data.get("totals", {}).items():
            self.count(key, n)
        for item in data.get("failures", []):
            known = self.failures.setdefault(item["kind"], Failure(item["kind"], item["message"], item["repro"], 0))
            known.count += item.get("count", 1)
            known.scopes += [s for s in item.get("scopes", []) if s not in known.scopes]

    def to_json(self) -> dict[str, Any]:
        return {"totals": dict(self.totals), "failures": [f.to_json() for f in self.failures.values()]}

    def summary(self) -> str:
        lines = ["fuzz totals: " + ", ".join(f"{self.totals.get(k, 0):,} {LABELS[k]}" for k in TOTALS)]
        if not self.failures:
            lines.append("no failures")
        else:
            lines.append(f"{len(self.failures)} kinds of FAILURE ({sum(f.count for f in self.failures.values())} cases):")
            for f in sorted(self.failures.values(), key=lambda f: f.kind):
                where = f" (in {', '.join(sorted(f.scopes))})" if f.scopes else ""
                lines.append(f"FAILURE [{f.kind}] x{f.count}{where}: {f.message}")
                lines.append(f"    repro: {f.repro}")
        return "\n".join(lines)


def _line(text: str, limit: int = 400) -> str:
    """One printable line of at most ``limit`` characters."""
    text = " ".join(str(text).split())
    return text if len(text) <= limit else text[:limit - 3] + "..."


def short(value: Any, limit: int = 120) -> str:
    """A short repr of an input (5,000-digit numbers and deep lists stay one line)."""
    try:
        text = repr(value)
    except Exception as error:  # noqa: BLE001 - an input whose repr fails is itself a finding elsewhere
        text = f"<unprintable {type(value).__name__}: {type(error).__name__}>"
    return _line(text, limit)
