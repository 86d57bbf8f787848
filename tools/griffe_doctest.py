"""A Griffe extension for the API reference: doctests and reST roles read as Markdown.

The engine's docstrings carry short runnable examples written as bare doctests
(``>>> ...``) and name other objects with reST roles (``:func:`handle```). Markdown
would read a bare ``>>>`` line as a nested quotation and ``['AS', 'KS']`` in its output
as a link reference, so this extension, loaded by mkdocstrings (see ``mkdocs.yml``):

- fences every doctest block that starts at the left margin as a ``pycon`` code block
  (indented blocks belong to a docstring section, which Griffe already parses);
- turns ``:role:`name``` into plain code, ``name``.

The docstrings themselves stay plain doctests, runnable by ``python -m doctest``.
"""

from __future__ import annotations

import re
from typing import Any

import griffe

_ROLE = re.compile(r":(?:py:)?(?:func|class|meth|mod|attr|data|exc|obj|const|ref):`~?([^`]+)`")
_FENCE = re.compile(r"^\s*(```|~~~)")


def fence_doctests(text: str) -> str:
    """Wrap left-margin doctest blocks in ``pycon`` fences.

    >>> fence_doctests("Text.\\n>>> 1 + 1\\n2\\n\\nMore.").split("\\n")
    ['Text.', '```pycon', '>>> 1 + 1', '2', '```', '', 'More.']
    """
    out: list[str] = []
    in_fence = False
    in_block = False
    for line in text.split("\n"):
        if in_block:
            if line.strip():
                out.append(line)
                continue
            out.append("```")
            in_block = False
        elif _FENCE.match(line):
            in_fence = not in_fence
        elif not in_fence and line.startswith(">>>"):
            out.append("```pycon")
            in_block = True
        out.append(line)
    if in_block:
        out.append("```")
    return "\n".join(out)


def plain_roles(text: str) -> str:
    """``:func:`handle``` becomes ``handle`` in code.

    >>> plain_roles("See :func:`handle` and :class:`~engine.game.Action`.")
    'See `handle` and `engine.game.Action`.'
    """
    return _ROLE.sub(lambda m: f"`{m.group(1)}`", text)


class DoctestFences(griffe.Extension):
    """Rewrite each docstring once, when its object is created."""

    def on_instance(self, *, obj: griffe.Object, **kwargs: Any) -> None:
        if obj.docstring is not None and obj.docstring.value:
            obj.docstring.value = plain_roles(fence_doctests(obj.docstring.value))
