// The claims ledger: filters by topic, metric, hardware, source kind and status across every figure of the
// archive, and sorting by column. Each page of the ledger (the newest figures, a quarter's) is complete
// without this script. The filter menus come with the page (kb/render/ledgers.py); the figures of all
// periods (layout.CLAIMS_DATA) are fetched only when a reader filters. The filters live in the address
// (?source=vendor&status=unchecked: vendor figures never checked), so a filtered view can be linked.
// Rows are built with textContent only. A module: its count words are unit-tested under Node (tests/js/).

// ---- a count, said right for zero, one and many (kb/base/plural.py, the same rule) ----------------
// The page carries a count's forms as data-label-<name>-zero, -one, -many (kb/render/ledgers.py); Chinese has no
// "one", and says it as "many".
export const form = (n) => (n === 0 ? "zero" : n === 1 ? "one" : "many");

export function plural(forms, n, fields = {}) {
  const key = form(n) === "one" && forms.one === undefined ? "many" : form(n);
  return Object.entries({ n, ...fields }).reduce((text, [name, value]) => text.replaceAll(`{${name}}`, String(value)), forms[key]);
}

// The forms of the count `name` from an element's dataset (`labelShownOne` for data-label-shown-one).
export function formsOf(dataset, name) {
  const prefix = `label${name[0].toUpperCase()}${name.slice(1)}`;
  const found = ["zero", "one", "many"].map((key) => [key, dataset[`${prefix}${key[0].toUpperCase()}${key.slice(1)}`]]);
  return Object.fromEntries(found.filter(([, text]) => text !== undefined));
}

const ledgerTable = globalThis.document?.querySelector("table.kb-claims-ledger");
const filterBar = globalThis.document?.querySelector(".kb-claims-filters");
if (ledgerTable && filterBar) ledger(filterBar, ledgerTable);

function ledger(bar, table) {
  const words = table.dataset;
  const counter = document.querySelector(".kb-claims-status");
  const body = table.tBodies[0];
  const own = [...body.rows]; // this page's rows, shown when nothing is filtered
  own.forEach((row, index) => (row.dataset.order = index));
  const lang = document.documentElement.lang || "zh";
  const compare = new Intl.Collator(lang, { numeric: true }).compare;
  // Rows drawn for a filter at a time; the count says how many match. Style and layout of 300 rows took longer
  // than the 300 ms a filter may take on a large archive; 100 take far less (measured: bench/README.md,
  // overrides/assets/kb-claims.js).
  const STEP = 100;
  let limit = STEP;
  const menus = Object.fromEntries([...bar.querySelectorAll("select")].map((menu) => [menu.name, menu]));
  const label = (menu, value) => [...menu.options].find((option) => option.value === value)?.textContent ?? value;
  let data = null; // the fetched figures: a promise of the rows as objects
  let matches = null; // the figures a filter chose (all periods), or null: this page's own rows
  const more = Object.assign(document.createElement("button"), { type: "button", className: "md-button kb-claims-more", hidden: true });
  table.closest(".md-typeset__scrollwrap").after(more);
  more.addEventListener("click", () => {
    limit += STEP;
    show();
  });

  // ---- rows from the fetched figures ------------------------------------------
  const home = new URL(bar.dataset.home, location.href);
  const cell = (...parts) => {
    const td = document.createElement("td");
    td.append(...parts);
    return td;
  };
  const link = (text, href) => Object.assign(document.createElement("a"), { textContent: text, href: new URL(href, home).href });
  const small = (text) => Object.assign(document.createElement("small"), { textContent: text });
  const versus = (text) => Object.assign(document.createElement("span"), { textContent: text, className: "kb-versus" });
  const headers = [...table.tHead.rows[0].cells].map((th) => th.textContent.trim());
  const toRow = (f) => {
    const tr = document.createElement("tr");
    Object.assign(tr.dataset, { topics: f.topics.join(" "), metric: f.metric, hardware: f.hardware, source: f.source,
                                status: f.status, factor: String(f.factor_value), date: f.date });
    const status = Object.assign(document.createElement(f.status_url ? "a" : "span"), {
      textContent: label(menus.status, f.status), className: `kb-status kb-status--${f.status}` });
    if (f.status_url) status.href = new URL(f.status_url, home).href;
    // who tied the figure that set the status to this one, labelled as the page labels it (Renderer.provenance)
    const by = f.status_by && Object.assign(document.createElement("span"), {
      className: `kb-provenance kb-provenance--${f.status_by}`, textContent: words[`labelBy${f.status_by[0].toUpperCase()}${f.status_by.slice(1)}`] });
    const cells = [
      cell(link(f.item, f.item_url), document.createElement("br"), small(f.topics.map((t) => label(menus.topic, t)).join(" · "))),
      cell(f.measured), cell(f.figure), cell(f.factor, ...(f.versus ? [document.createElement("br"), versus(f.versus)] : [])),
      cell(label(menus.metric, f.metric)), cell(f.hardware || "—"),
      cell(f.benchmark || "—"), cell(label(menus.source, f.source)), cell(status, ...(by ? [document.createElement("br"), by] : [])),
      cell(link(f.issue, f.issue_url), document.createElement("br"), small(f.date)),
    ];
    cells.forEach((td, i) => (td.dataset.label = headers[i]));
    tr.append(...cells);
    return tr;
  };
  const load = () => {
    data ??= fetch(bar.dataset.src).then((response) => response.json()).then(({ fields, rows }) =>
      rows.map((values) => Object.fromEntries(fields.map((name, i) => [name, values[i]]))));
    return data;
  };

  // ---- filters -------------------------------------------------------------------
  const VALUES = { topic: (f) => f.topics, metric: (f) => [f.metric], hardware: (f) => [f.hardware], source: (f) => [f.source],
                   status: (f) => [f.status] };
  const params = new URLSearchParams(location.search);
  for (const [key, menu] of Object.entries(menus)) {
    if ([...menu.options].some((option) => option.value === params.get(key))) menu.value = params.get(key);
    menu.addEventListener("change", apply);
  }

  async function apply() {
    const chosen = Object.entries(menus).filter(([, menu]) => menu.value);
    const query = new URLSearchParams(chosen.map(([key, menu]) => [key, menu.value]));
    history.replaceState(null, "", `${location.pathname}${query.size ? "?" + query : ""}${location.hash}`);
    counter.dataset.initial ??= counter.textContent;
    limit = STEP;
    if (!chosen.length) {
      matches = null;
      more.hidden = true;
      body.replaceChildren(...own);
      counter.textContent = counter.dataset.initial;
    } else {
      const rows = await load();
      matches = rows.filter((f) => chosen.every(([key, menu]) => VALUES[key](f).includes(menu.value)));
      show();
    }
    table.dataset.view = query.toString(); // what the table shows now (tests wait on it)
  }

  function show() {
    const drawn = body.rows.length;
    if (limit > STEP && drawn < limit) body.append(...matches.slice(drawn, limit).map(toRow)); // "more": only the new rows
    else body.replaceChildren(...matches.slice(0, limit).map(toRow));
    const shown = body.rows.length;
    counter.textContent = `${plural(formsOf(words, "shown"), matches.length, { shown })} · ${words.labelSort}`;
    more.hidden = shown >= matches.length;
    more.textContent = words.labelMore.replace("{n}", Math.min(STEP, matches.length - shown));
  }

  // ---- sorting -------------------------------------------------------------------
  // each key reads a page row or a fetched figure
  const KEYS = {
    factor: (row) => (row.dataset ? parseFloat(row.dataset.factor) : row.factor_value),
    date: (row) => (row.dataset ? row.dataset.date : row.date),
    metric: (row) => label(menus.metric, row.dataset ? row.dataset.metric : row.metric),
    hardware: (row) => (row.dataset ? row.dataset.hardware : row.hardware),
    source: (row) => label(menus.source, row.dataset ? row.dataset.source : row.source),
    status: (row) => label(menus.status, row.dataset ? row.dataset.status : row.status),
  };
  const NUMERIC_FIRST_DESCENDING = new Set(["factor", "date"]); // biggest and newest first
  const columns = [...table.tHead.rows[0].cells];
  for (const th of columns.filter((th) => th.dataset.sort)) {
    const button = document.createElement("button");
    button.type = "button";
    button.className = "kb-sort";
    button.append(...th.childNodes);
    th.append(button);
    button.addEventListener("click", () => {
      const key = th.dataset.sort;
      const descending = th.getAttribute("aria-sort") ? th.getAttribute("aria-sort") === "ascending"
        : NUMERIC_FIRST_DESCENDING.has(key);
      columns.forEach((cell) => cell.removeAttribute("aria-sort"));
      th.setAttribute("aria-sort", descending ? "descending" : "ascending");
      const value = KEYS[key];
      const by = (list, position) => [...list].sort((a, b) => {
        const [x, y] = [value(a), value(b)];
        const order = typeof x === "number" ? x - y : compare(x, y);
        return (descending ? -order : order) || position(a) - position(b);
      });
      if (matches) {
        const positions = new Map(matches.map((f, i) => [f, i]));
        matches = by(matches, (f) => positions.get(f));
        body.replaceChildren(); // a new order: redraw from the first row
        show();
      } else {
        body.replaceChildren(...by(own, (row) => row.dataset.order));
      }
    });
  }
  if (Object.values(menus).some((menu) => menu.value)) apply();
}
