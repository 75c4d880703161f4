// The results panel's HTML, in Material's result markup and classes, every value escaped where it lands.
// Strings only: the panel (panel.js) puts them on the page.
import { escape, excerpt, text } from "./excerpt.js";

// `words`: what the panel says in the language searched (kb.search.records.panel_labels and Material's result
// lines); `knobs`: the page's (knobs.js); `root`: the site's root, a URL.
export const resultsHtml = ({ words, knobs, root }) => {
  const href = (page, anchor) => {
    const url = new URL((page.meta?.url || page.url).replace(/^\//, ""), root);
    if (anchor) url.hash = anchor;
    return url.pathname + url.hash;
  };

  // Up to `knobs.excerpt.sections` headings of the page that hold the most matches, the most first (ties in page
  // order): the row's links below its page are the places to go, best first, as the rows are.
  const sections = (page, at, groups) => {
    const heads = (page.anchors || []).filter((a) => /^h[2-6]$/i.test(a.element) && a.text && a.id)
      .sort((a, b) => a.location - b.location);
    return heads
      .map((a, i) => {
        const to = heads[i + 1]?.location ?? page.text;
        return { a, to, hits: at.filter((p) => p >= a.location && p < to).length };
      })
      .filter((s) => s.hits)
      .sort((x, y) => y.hits - x.hits || x.a.location - y.a.location)
      .slice(0, knobs.excerpt.sections)
      .map(({ a, to }) => ({
        url: href(page, a.id),
        title: text(a.text.split(" ")),
        excerpt: excerpt(page, at, groups, knobs.excerpt, a.location, to),
      }));
  };

  const article = (url, title, body, isDocument) => `
    <a href="${escape(url)}" class="md-search-result__link">
      <article class="md-search-result__article${isDocument ? " md-search-result__article--document" : ""} md-typeset">
        ${isDocument ? '<div class="md-search-result__icon md-icon"></div>' : ""}
        <h${isDocument ? 1 : 2}>${title}</h${isDocument ? 1 : 2}>
        <p>${body}</p>
      </article>
    </a>`;

  // A row for each of `shown` ({ page, at, apart }) of the query `groups`: the page, its line (issue, date,
  // category, whether the words stand apart), its excerpt, and its best sections.
  const rows = (shown, groups) =>
    shown
      .map(({ page, at, apart }) => {
        const title = page.meta.title ? text(page.meta.title.split(" ")) : escape(page.url);
        const subs = sections(page, at, groups).map((s) => article(s.url, s.title, s.excerpt, false));
        const m = page.meta;
        // metadata is written as is (kb/search/index.py, kb/search/pagefind_service.py), not as indexed words
        const line = [m.issue && words.issue.replace("#", m.issue), m.date, m.category, apart && words.apart]
          .filter(Boolean).map(escape).join(" · ");
        // what the result is (kb.search.records.KINDS), named in the language searched, on every row
        const kind = words.kinds && (Object.hasOwn(words.kinds, m.kind) ? words.kinds[m.kind] : words.kinds.page);
        const label = kind ? `<span class="kb-result-kind">${escape(kind)}</span> ` : "";
        const body = label + (line ? `<small class="kb-result-meta">${line}</small>` : "") + (label || line ? "<br>" : "") +
          excerpt(page, at, groups, knobs.excerpt);
        return `<li class="md-search-result__item">${article(href(page), title, body, true)}${subs.join("")}</li>`;
      })
      .join("");

  // The button after the last row listing the next of `left` results, `knobs.shown` at a time.
  const moreRow = (left) => (left > 0 ? `<li class="kb-more"><button type="button" data-kb-list-more>` +
    `${escape(words.more.replace("#", Math.min(left, knobs.shown)))}</button></li>` : "");

  // The facets' chips for the `counts` of a search (Pagefind's filters), the chosen ones (`selected`: facet ->
  // value) pressed, in the panel's order (words.facets: [facet, its name]); a button asking for them until
  // `asked`.
  const facets = (counts, selected, asked) => !asked
    ? `<button type="button" data-kb-show-facets>${escape(words.narrow)}</button>`
    : words.facets.filter(([f]) => counts?.[f])
      .map(([f, name]) => {
        const values = Object.entries(counts[f]).filter(([, n]) => n > 0)
          // newest year first; otherwise most results first, ties by name (the same order from one index or runs)
          .sort((a, b) => (f === "year" ? b[0].localeCompare(a[0]) : b[1] - a[1] || a[0].localeCompare(b[0])))
          .slice(0, knobs.facet_values);
        return values.length ? `<p role="group" aria-label="${escape(name)}" data-kb-facet="${escape(f)}">` +
          `<span class="kb-facet-name">${escape(name)}</span> ${values.map(([v, n]) =>
          `<button type="button" data-facet="${escape(f)}" data-value="${escape(v)}" aria-pressed="${selected[f] === v}">` +
          `${escape(v)} <small>${n}</small></button>`).join(" ")}</p>` : "";
      }).join("");

  // The count line: no results, one, or n (Material's words; a count line is text, not HTML).
  const count = (n) => (n === 0 ? words.none : n === 1 ? words.one : words.other.replace("#", n));

  return { href, sections, rows, moreRow, facets, count };
};
