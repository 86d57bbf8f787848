// Aids the theme's page lacks, put in by edition.js on every page (issue 27): a skip link to the
// page's table, beside the theme's "Skip to content", and a name for the theme's search dialog.

import { tr } from "./lang.js";

/** Both aids on the page shown now (after an instant navigation, again). */
export function pageAids(root) {
  skipToTable(root);
  nameSearchDialog(root);
}

/** The theme's search dialog (`.md-search`, role="dialog") has no accessible name: axe's
 *  aria-dialog-name on every page. It is named in the page's language. */
export function nameSearchDialog(root) {
  for (const dialog of root.querySelectorAll('.md-search[role="dialog"]:not([aria-label]):not([aria-labelledby])')) {
    dialog.setAttribute("aria-label", tr("Search the edition"));
  }
}

/** From the top of a game page one Tab and Enter reach the table, not 89 Tabs: the link takes
 *  the focus to the table's first control (its start button, or the hand once it plays), and
 *  the table, scrolled into view, starts as it would. Gone on a page without a table. */
export function skipToTable(root) {
  for (const old of root.querySelectorAll(".ed-skip-table")) old.remove();
  const table = root.querySelector(".edition-table[data-game]");
  if (!table) return;
  if (!table.id) table.id = "edition-table";
  table.tabIndex = -1;
  const link = root.createElement("a");
  link.className = "md-skip ed-skip-table";
  link.href = `#${table.id}`;
  link.textContent = tr("Skip to the table");
  link.addEventListener("click", (event) => {
    event.preventDefault();
    table.scrollIntoView({ block: "start" });
    const first = table.querySelector('.ed-hand [tabindex="0"], .edition-table-start:not([disabled]), button, select');
    (first || table).focus({ preventScroll: true });
  });
  const theme = root.querySelector(".md-skip:not(.ed-skip-table)");
  if (theme) theme.after(link);
  else root.body.prepend(link);
}
