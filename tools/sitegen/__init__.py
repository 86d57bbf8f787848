"""The site generator: the edition's pages built from one edition model.

``model`` reads the edition (sources, catalogues, glossary, bibliography, measures, the
engine's report) into an :class:`~sitegen.model.Edition`; ``tools/tei.py`` and
``tools/opendata.py`` read it from there too. ``words`` holds the site's Russian,
``markup`` the shared links, badges and anchors, and one module per page kind builds its
pages (``source``, ``game`` with ``rules`` and ``measures``, ``concordance``, ``glossary``,
``bibliography``, ``data``, ``api``, ``nav``). ``build.generate`` returns every page by path;
``tools/gen_pages.py`` is the entry point mkdocs-gen-files runs.

The package is imported as ``sitegen`` with ``tools/`` on ``sys.path`` (as it is for every
script under ``tools/``, and as ``tools/gen_pages.py`` puts it for mkdocs).
"""
