// Search with Pagefind in Material's own search box.
// Nothing is fetched until the reader opens the search; then Pagefind loads the
// index of the page's language (<html lang>) in small pieces, as queries need them.
(() => {
  const box = document.querySelector("[data-kb-search]");
  if (!box) return;
  const toggle = document.getElementById("__search");
  const form = box.querySelector("form");
  const input = box.querySelector("input[name=query]");
  const meta = box.querySelector(".md-search-result__meta");
  const list = box.querySelector(".md-search-result__list");
  const root = new URL(box.dataset.kbSearch, location.href);
  const SHOWN = 10;
  let pagefind = null;

  const load = () => {
    pagefind ??= import(new URL("pagefind/pagefind.js", root).href).then(async (module) => {
      // Issue pages are long by nature (items, figures): a softer length penalty than
      // Pagefind's default (0.75) keeps them from ranking below short entity pages.
      await module.options({ baseUrl: root.pathname, ranking: { pageLength: 0.4 } });
      module.init();
      return module;
    });
    return pagefind;
  };

  const count = (n) =>
    n === 0 ? box.dataset.kbNone : n === 1 ? box.dataset.kbOne : box.dataset.kbOther.replace("#", n);

  // Chinese is indexed one character per word (kb/search_index.py): a Chinese run of
  // the query becomes the exact phrase of its characters, and results are shown unspaced.
  const HAN = "\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff";
  const asPhrases = (query) =>
    query.replace(new RegExp(`[${HAN}]+`, "g"), (run) => ` "${[...run].join(" ")}" `).replace(/\s+/g, " ").trim();
  const unspaced = (text) =>
    text.replace(new RegExp(`([${HAN}])((?:[\\s\u200b]|</?mark>)+)(?=[${HAN}])`, "g"),
      (_, han, gap) => han + gap.replace(/[\s\u200b]/g, "")); // keep the <mark>s, drop the spaces

  const escape = (text) => text.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]);

  // Pagefind's excerpts are escaped text with <mark> around matches: keep only that markup.
  const excerpt = (html) =>
    unspaced(escape(html.replace(/<\/?mark>/g, "\u0001")).replace(/\u0001(.*?)\u0001/g, "<mark>$1</mark>"));

  const article = (url, title, text, isDocument) => `
    <a href="${escape(url)}" class="md-search-result__link" tabindex="-1">
      <article class="md-search-result__article${isDocument ? " md-search-result__article--document" : ""} md-typeset">
        ${isDocument ? '<div class="md-search-result__icon md-icon"></div>' : ""}
        <h${isDocument ? 1 : 2}>${unspaced(escape(title))}</h${isDocument ? 1 : 2}>
        <p>${excerpt(text)}</p>
      </article>
    </a>`;

  const render = (pages) =>
    pages
      .map((page) => {
        const sections = (page.sub_results || [])
          .filter((sub) => sub.url !== page.url && sub.anchor && sub.anchor.element !== "h1")
          .slice(0, 3)
          .map((sub) => article(sub.url, sub.title, sub.excerpt, false));
        return `<li class="md-search-result__item">${article(page.url, page.meta.title || page.url, page.excerpt, true)}${sections.join("")}</li>`;
      })
      .join("");

  let latest = 0;
  const search = async () => {
    const query = input.value.trim();
    const mine = ++latest;
    if (!query) {
      meta.textContent = box.dataset.kbPlaceholder;
      list.innerHTML = "";
      return;
    }
    const found = await (await load()).search(asPhrases(query));
    const pages = await Promise.all(found.results.slice(0, SHOWN).map((result) => result.data()));
    if (mine !== latest) return; // a newer query is on its way
    meta.textContent = count(found.results.length);
    list.innerHTML = render(pages);
    box.dataset.kbResults = String(found.results.length); // for tests: results are on screen
  };

  input.addEventListener("focus", load, { once: true });
  input.addEventListener("focus", () => { toggle.checked = true; }); // opens the results panel, as Material's does
  input.addEventListener("input", search);
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    list.querySelector("a")?.click();
  });
  form.addEventListener("reset", () => setTimeout(search));
  toggle.addEventListener("change", () => toggle.checked && input.focus());
  document.addEventListener("keydown", (event) => {
    const typing = /input|textarea|select/i.test(document.activeElement?.tagName || "");
    if (event.key === "Escape" && toggle.checked) {
      toggle.checked = false;
      input.blur();
    } else if (!typing && (event.key === "/" || event.key === "s" || event.key === "f")) {
      event.preventDefault();
      toggle.checked = true;
      input.focus();
    }
  });
})();
