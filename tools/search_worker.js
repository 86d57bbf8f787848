// The site's search worker: Material's own (__MATERIAL_WORKER__, beside this file), with one
// fix to the lunr it carries. Written to site/assets/javascripts/workers/edition-search.js by
// tools/hooks.py, which points every page's search at it.
//
// lunr 2.3.9 names a node of its word automaton (TokenSet.toString, the key under which the
// builder merges equal nodes) by writing each edge as its label and the id of the node it leads
// to, with nothing between them. A label may be a digit and ids are numbers, so two different
// nodes can write the same name (edges "1" to node 234, against "1" to node 2 and "3" to node 4:
// both "1234"): the builder merges them, and the automaton then holds words the index does not
// (olivernn/lunr.js issues 279 and 314). A query that reaches one fails, "Invalid query" and a
// TypeError reading '_index', so no result at all: "ruff" found nothing in either language. The
// name below separates each label and id, so that equal names are equal nodes.
importScripts("__MATERIAL_WORKER__");

self.lunr.TokenSet.prototype.toString = function () {
  if (this._str) return this._str;
  let name = this.final ? "1" : "0";
  for (const label of Object.keys(this.edges).sort()) name += `\u0000${label}\u0000${this.edges[label].id}`;
  this._str = name;
  return name;
};

// Material's worker asks lunr for every word of the query with a trailing wildcard ("терцы*": a
// word as it is being typed), and lunr runs no pipeline on a wildcard term: the Russian index,
// stemmed ("терцы", "терцами" are kept as "терц"), would then find no inflected word at all. A
// term with a trailing wildcard only is therefore first put through the index's search pipeline
// (stop words, the stemmers), and the stem looked up with the wildcard: "терцы*" becomes "терц*".
// A term the pipeline drops (a stop word) is left as typed.
const search = self.lunr.Index.prototype.search;
self.lunr.Index.prototype.search = function (query) {
  const stemmed = String(query).replace(/(^|\s)([+-]?)([^\s*:^~+-][^\s*:^~]*)\*(?=\s|$)/gu, (whole, space, presence, word) => {
    const [stem] = this.pipeline.runString(word.toLowerCase());
    return typeof stem === "string" && stem ? `${space}${presence}${stem}*` : whole;
  });
  return search.call(this, stemmed);
};
