// Material's own search box, driven with Pagefind: the results panel, its facets and rows, and the keyboard.
// Nothing is fetched until the reader opens the search; then Pagefind loads the index of the language searched
// in small pieces, as queries need them (pagefind.js).
//
// Every page and every item of an issue is a record with filters (topic, category, year, entity, source kind)
// and metadata (issue, date, category; kb/search/records.py).
import { createLoader } from "./pagefind.js";
import { resultsHtml } from "./results.js";
import { createSearch } from "./search.js";
import { otherEdition, searchOf, settingsOf } from "./settings.js";
import { escape } from "./excerpt.js";
import { suggestions } from "./suggest.js";

// The search box `box` ([data-kb-search]) of this page, set going; `root`: the site's root, a URL.
export const start = (box, root) => {
  const settings = settingsOf(box.dataset, { root, pathname: location.pathname, htmlLang: document.documentElement.getAttribute("lang") });
  const { words, knobs } = settings;
  const toggle = document.getElementById("__search");
  const form = box.querySelector("form");
  const input = box.querySelector("input[name=query]");
  const meta = box.querySelector(".md-search-result__meta");
  const list = box.querySelector(".md-search-result__list");
  if (words.input) { // the 404 page: its box, in the default language's frame, in the language searched
    input.placeholder = words.input;
    input.setAttribute("aria-label", words.input);
  }
  const selected = {}; // facet -> value
  const { load, fragment } = createLoader({ root, indexLang: settings.indexLang, vocabulary: settings.vocabulary,
    ranking: knobs.pagefind, namesAnchor: settings.namesAnchor, page: document });
  const searcher = createSearch({ load, fragment, knobs, stemmed: settings.stemmed,
    filters: () => Object.fromEntries(Object.entries(selected).map(([f, v]) => [f, [v]])) });
  const html = resultsHtml({ words, knobs, root });

  const note = Object.assign(document.createElement("p"), { className: "kb-respelled", hidden: true });
  meta.after(note);
  const away = Object.assign(document.createElement("p"), { className: "kb-elsewhere", hidden: true });
  note.after(away);
  // A query that finds nothing leads on: to the archive's topics (search.js has already tried it respelled, its
  // terms as the site writes them and with words dropped).
  const suggest = Object.assign(document.createElement("div"), { className: "kb-suggest", hidden: true });
  away.after(suggest);
  const facetBar = document.createElement("div");
  facetBar.className = "kb-facets";
  note.after(facetBar);
  facetBar.addEventListener("click", (event) => {
    if (event.target.closest("[data-kb-show-facets]")) {
      searcher.askFacets();
      search().then(() => facetBar.querySelector("button")?.focus());
      return;
    }
    const chip = event.target.closest("[data-facet]");
    if (!chip) return;
    const { facet, value } = chip.dataset;
    if (selected[facet] === value) delete selected[facet];
    else selected[facet] = value;
    search();
  });

  // The rest of a query's results, knobs.shown at a time: a button after the last row, pressed by the reader or
  // by scrolling near it (as Material's own search lists its results while the panel scrolls).
  let listed = null; // the search whose rows are on screen
  const rowsListed = () => list.querySelectorAll(":scope > .md-search-result__item").length;
  const nearEnd = new IntersectionObserver((seen) => seen.some((entry) => entry.isIntersecting) && listMore(),
    { root: box.querySelector(".md-search__scrollwrap"), rootMargin: "0px 0px 200px 0px" });
  const watchMore = () => {
    nearEnd.disconnect();
    const row = list.querySelector(".kb-more");
    if (row) nearEnd.observe(row);
  };
  const listMore = async () => {
    const row = list.querySelector(".kb-more");
    if (!listed || !row || row.dataset.loading) return;
    row.dataset.loading = "true";
    const found = listed;
    const from = rowsListed();
    const batch = await searcher.withPages(found.results.slice(from, from + knobs.shown));
    if (!searcher.isLatest(found.mine)) return; // the reader typed on
    const pressed = row.contains(document.activeElement);
    row.remove();
    list.insertAdjacentHTML("beforeend", html.rows(batch, found.groups) + html.moreRow(found.results.length - from - batch.length));
    if (pressed) list.querySelectorAll(":scope > .md-search-result__item")[from]?.querySelector("a")?.focus();
    watchMore();
  };
  list.addEventListener("click", (event) => event.target.closest("[data-kb-list-more]") && listMore());

  const search = async () => {
    const query = input.value.trim();
    const found = await searcher.search(query);
    if (!found) return; // a newer query is on its way
    const { spelled, folded, dropped, partly } = found;
    const some = found.results.length > 0;
    const topics = query && !some ? (await load()).vocabulary.topics : null;
    if (!searcher.isLatest(found.mine)) return;
    meta.textContent = query ? html.count(found.results.length) : words.placeholder;
    // what was searched, when it is not the query as typed; one pass each: the query may hold "{shown}" or "$&"
    const quoted = (list) => new Intl.ListFormat(settings.pageLang, { type: "conjunction" }).format(list.map((w) => `“${w}”`));
    note.textContent = !some ? "" : [
      folded && words.folded.replace("{shown}", () => folded),
      spelled && words.respelled.replace(/\{(typed|shown)\}/g, (_, part) => (part === "typed" ? query : spelled)),
      dropped.length && words[partly ? "dropped_some" : "dropped"].replace("{dropped}", () => quoted(dropped)),
    ].filter(Boolean).join(" ");
    note.hidden = !note.textContent;
    suggest.innerHTML = topics ? suggestions(words, topics, root) : "";
    suggest.hidden = !suggest.innerHTML;
    remember(query);
    const other = query && !found.results.length ? otherEdition(query, settings) : null;
    // target="_self" (where a link opens anyway): Material's script takes a click on any link into another
    // language's site to that language's version of this page, dropping ?q=, once it has read that
    // language's sitemap, and it leaves a link with a target alone
    away.innerHTML = other ? `<a href="${escape(searchOf(other, query, settings))}" hreflang="${escape(other)}" target="_self">${escape(
      words.elsewhere.replace(/\{(language|query)\}/g, (_, part) => (part === "query" ? query : words.languages[other])))}</a>` : "";
    away.hidden = !other;
    list.innerHTML = html.rows(found.shown, found.groups) + html.moreRow(found.results.length - found.shown.length);
    listed = found;
    watchMore();
    facetBar.innerHTML = found.results.length ? html.facets(found.counts, selected, searcher.facetsAsked()) : "";
    if (query) { // for tests: the results of this query are on screen
      box.dataset.kbQuery = query;
      box.dataset.kbResults = String(found.results.length);
    }
  };

  // The query in the address (?q=), replaced as the reader types (one history entry, not one a keystroke): Back
  // from a result, a reload and a shared link open the search with it.
  const remember = (query) => {
    const url = new URL(location.href);
    if (query) url.searchParams.set("q", query);
    else url.searchParams.delete("q");
    if (url.href !== location.href) history.replaceState(history.state, "", url);
  };

  // A search asked for in the address (?q=, as another language's panel links here) opens with its results.
  const asked = new URLSearchParams(location.search).get("q");
  if (asked) {
    input.value = asked;
    toggle.checked = true;
    load();
    search();
  }
  input.addEventListener("focus", load, { once: true });
  // On a phone the box opens from the header's button: loading starts as the finger presses it, not once the tap
  // has ended and the box has the focus. Only a press, never a hover: a page view fetches nothing for search.
  for (const opener of document.querySelectorAll(`label[for="${toggle.id}"]`)) {
    opener.addEventListener("pointerdown", load, { once: true });
  }
  input.addEventListener("focus", () => { toggle.checked = true; }); // opens the results panel, as Material's does
  // While an input method composes (拼音 letters), wait for the characters it commits.
  input.addEventListener("input", (event) => event.isComposing || search());
  input.addEventListener("compositionend", search);
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    list.querySelector("a")?.click();
  });
  form.addEventListener("reset", () => setTimeout(search));
  toggle.addEventListener("change", () => toggle.checked && input.focus());
  document.addEventListener("keydown", (event) => {
    const typing = /input|textarea|select/i.test(document.activeElement?.tagName || "");
    if (toggle.checked && (event.key === "ArrowDown" || event.key === "ArrowUp")) {
      // arrows move between the query and the results (Tab reaches them too); Enter opens one
      const links = [...list.querySelectorAll("a.md-search-result__link")];
      const at = links.indexOf(document.activeElement);
      if (at < 0 && document.activeElement !== input) return;
      event.preventDefault();
      const next = event.key === "ArrowDown" ? Math.min(at + 1, links.length - 1) : at - 1;
      (next < 0 ? input : links[next])?.focus();
    } else if (event.key === "Escape" && toggle.checked) {
      toggle.checked = false;
      input.blur();
      remember(""); // closed: a reload no longer opens it
    } else if (!typing && (event.key === "/" || event.key === "s" || event.key === "f")) {
      event.preventDefault();
      toggle.checked = true;
      input.focus();
    }
  });
};
