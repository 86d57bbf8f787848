"""Forest plots of a contested rule's paired differences, drawn at build time as inline SVG.

One plot per reading other than the default: one row per measure (the rule's focus measures
first), and in each row one mark per kind of player measured (heuristic bots: a filled circle;
sampling bots: a diamond), at the paired difference from the default, with its 95 % interval as
a bar, against the zero line. Measures are in different units (a share in percentage points, a
mean in its own unit), so each row has its own scale, symmetric about zero: what a row shows at a
glance is whether its intervals hold zero and on which side they lie. The row's scale is the
heuristic bots' interval (their campaign is the larger); a wider interval (the sampling bots' few
games) is cut at the column's edge. The numbers, whole, are in the table the page prints beside
the plot (:func:`rows`). A mark whose verdict is an effect (after the
Benjamini–Hochberg control of the rule's measures, engine/paired.py) is drawn solid; "no
difference detected" hollow. No script: the page draws the SVG as it stands.

>>> entry = {"players": {"heuristic": {"differences": {"b": {"identical": False, "metrics": {
...     "x_share": {"estimate": 0.02, "low": 0.01, "high": 0.03, "verdict": "effect"}}}}}}}
>>> svg = plot(entry, "b", ["x_share"], lambda name: "x", "Under b")
>>> svg.startswith("<svg") and 'role="img"' in svg and svg.count("<circle") == 1
True
>>> rows(entry, "b", ["x_share"])[0][:2]
('x_share', 'heuristic')
"""

from __future__ import annotations

import html
from collections.abc import Callable
from typing import Any

KINDS = ("heuristic", "sampling")
"""The kinds of player a campaign measures (engine/campaign.py), in the order drawn."""

ROW = 22         # the height of a measure's row
LABEL = 340      # the width of the labels' column
PLOT = 320       # the width of the plot's column
PAD = 8
TOP = 26         # room for the scale's words above the rows


def rows(entry: dict[str, Any], reading: str, names: list[str]) -> list[tuple[str, str, dict[str, Any]]]:
    """(measure, kind of player, its paired difference) for each measure and kind measured."""
    out = []
    for name in names:
        for kind in KINDS:
            measured = (entry.get("players") or {}).get(kind) or {}
            row = (measured.get("differences") or {}).get(reading) or {}
            d = (row.get("metrics") or {}).get(name)
            if isinstance(d, dict) and all(isinstance(d.get(k), (int, float)) for k in ("estimate", "low", "high")):
                out.append((name, kind, d))
    return out


def _x(value: float, scale: float) -> float:
    """A value's place across the plot's column (zero in the middle; cut at its edges)."""
    half = PLOT / 2 - PAD
    return LABEL + PLOT / 2 + (max(-1.0, min(1.0, value / scale)) * half if scale else 0.0)


def plot(entry: dict[str, Any], reading: str, names: list[str], label: Callable[[str], str], title: str,
         words: Callable[[str], str] = lambda text: text) -> str:
    """The forest plot of ``reading`` against the default as one ``<svg>`` element (one line).
    ``label(name)``: a measure's words (plain text); ``title``: the plot's accessible name;
    ``words``: the plot's own few words in the page's language."""
    by_name: dict[str, list[tuple[str, str, dict[str, Any]]]] = {}
    for found_row in rows(entry, reading, names):
        by_name.setdefault(found_row[0], []).append(found_row)
    measured = list(by_name)
    height = TOP + ROW * len(measured) + PAD
    width = LABEL + PLOT
    zero = LABEL + PLOT / 2
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" class="edition-forest" role="img" '
             f'viewBox="0 0 {width} {height}" width="{width}" height="{height}" '
             f'aria-label="{html.escape(title, quote=True)}">',
             f"<title>{html.escape(title)}</title>",
             f'<text x="{zero}" y="12" text-anchor="middle" class="edition-forest-scale">0</text>',
             f'<text x="{LABEL + PAD}" y="12" class="edition-forest-scale">{html.escape(words("lower"))}</text>',
             f'<text x="{width - PAD}" y="12" text-anchor="end" class="edition-forest-scale">'
             f'{html.escape(words("higher"))}</text>',
             f'<line x1="{zero}" y1="{TOP - 8}" x2="{zero}" y2="{height - PAD / 2}" class="edition-forest-zero"/>']
    for i, name in enumerate(measured):
        found = by_name[name]
        # the row's scale: the heuristic bots' interval (the larger campaign) where it is not a point,
        # else every mark's; an interval beyond it is cut at the column's edge (the table has it whole)
        spans = [[abs(v) for v in (d["low"], d["high"], d["estimate"])] for _, kind, d in found if kind == "heuristic"]
        scale = max((max(s) for s in spans), default=0.0) * 1.05
        if not scale:
            scale = max(abs(v) for _, _, d in found for v in (d["low"], d["high"], d["estimate"])) * 1.05
        middle = TOP + ROW * i + ROW / 2
        if i % 2 == 0:
            parts.append(f'<rect x="0" y="{TOP + ROW * i}" width="{width}" height="{ROW}" class="edition-forest-band"/>')
        text = label(name)
        shown = text if len(text) <= 52 else text[:51] + "…"
        parts.append(f'<text x="{PAD}" y="{middle + 4}" class="edition-forest-label"><title>{html.escape(text)}</title>'
                     f"{html.escape(shown)}</text>")
        for j, (_, kind, d) in enumerate(found):
            y = middle + (j - (len(found) - 1) / 2) * 7
            low, high, at = (_x(d[k], scale) for k in ("low", "high", "estimate"))
            solid = d.get("verdict") == "effect"
            cls = f'edition-forest-mark edition-forest-{kind}{" edition-forest-effect" if solid else ""}'
            parts.append(f'<line x1="{low:.1f}" y1="{y:.1f}" x2="{high:.1f}" y2="{y:.1f}" class="{cls}"/>')
            if kind == "sampling":
                parts.append(f'<path d="M{at:.1f} {y - 4:.1f}l4 4l-4 4l-4 -4z" class="{cls}"/>')
            else:
                parts.append(f'<circle cx="{at:.1f}" cy="{y:.1f}" r="3.5" class="{cls}"/>')
    parts.append("</svg>")
    return "".join(parts)
