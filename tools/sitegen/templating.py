"""The pages' Jinja2 templates (``tools/sitegen/templates/*.j2``) and the helpers they call.

The templates write Markdown with HTML in it, so nothing is escaped for them: every value
that needs escaping is escaped by the helper that makes it (``inline``, ``literal_lines``,
``code``...), as before. Blocks are ``{% ... %}`` with ``trim_blocks`` and
``lstrip_blocks`` (a line that holds only a tag leaves nothing), and comments are
``{%# ... #%}``, so that Markdown's attribute lists (``{#id}``) are plain text.
A template renders the lines a builder used to join, so ``render(...)`` returns the
text, and :func:`lines` its lines for the builders that still return a list.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import jinja2

from . import markup, words

TEMPLATES = Path(__file__).resolve().parent / "templates"

ENV = jinja2.Environment(
    loader=jinja2.FileSystemLoader(TEMPLATES),
    autoescape=False,
    undefined=jinja2.StrictUndefined,
    trim_blocks=True,
    lstrip_blocks=True,
    keep_trailing_newline=True,
    comment_start_string="{%#",
    comment_end_string="#%}",
)
ENV.globals.update(
    tr=words.tr, local=words.local,
    anchor=markup.anchor, inline=markup.inline, code=markup.code, cite=markup.cite, cite_block=markup.cite_block,
    evidence_item=markup.evidence_item, kind_badge=markup.kind_badge, literal=markup.literal,
    literal_lines=markup.literal_lines, passage_link=markup.passage_link,
    rule_link=markup.rule_link, status_badge=markup.status_badge, section=markup.section,
    dumps=json.dumps, indented=lambda text: "\n".join("    " + line for line in text.split("\n")),
)


def render(template: str, /, **context: Any) -> str:
    """The template ``template`` rendered with ``context`` (and the helpers above)."""
    return ENV.get_template(template).render(**context)


def lines(template: str, /, **context: Any) -> list[str]:
    """The rendered template as the list of lines its builder returns (joined again with ``\\n``)."""
    return render(template, **context).split("\n")
