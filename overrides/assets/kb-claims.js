// The claims ledger: filters by topic, metric, hardware and source kind, and
// sorting by column. The table is complete without this script; the filter
// menus are built here from the rows themselves, with the words the page
// carries in its data-label-* attributes (kb/render.py claims_ledger).
// The current filters live in the address (?source=vendor&topic=...), so a
// filtered view can be linked.
(() => {
  const table = document.querySelector("table.kb-claims-ledger");
  if (!table) return;
  const words = table.dataset;
  const rows = [...table.tBodies[0].rows];
  rows.forEach((row, index) => (row.dataset.order = index));
  const lang = document.documentElement.lang || "zh";
  const compare = new Intl.Collator(lang, { numeric: true }).compare;

  // ---- filters -------------------------------------------------------------
  const cellText = (column) => (row) => row.cells[column].textContent.trim();
  const FILTERS = {
    topic: { values: (row) => row.dataset.topics.split(" "), label: (row, value) =>
      row.querySelector(`[data-topic="${value}"]`).textContent.trim() },
    metric: { values: (row) => [row.dataset.metric], label: cellText(4) },
    hardware: { values: (row) => (row.dataset.hardware ? [row.dataset.hardware] : []), label: (row, value) => value },
    source: { values: (row) => [row.dataset.source], label: cellText(7) },
  };
  const params = new URLSearchParams(location.search);
  const bar = document.createElement("div");
  bar.className = "kb-claims-filters";
  const menus = {};
  for (const [key, filter] of Object.entries(FILTERS)) {
    const options = new Map();
    for (const row of rows) for (const value of filter.values(row)) options.set(value, filter.label(row, value));
    const label = document.createElement("label");
    label.textContent = words[`label${key[0].toUpperCase()}${key.slice(1)}`];
    const menu = document.createElement("select");
    menu.name = key;
    menu.add(new Option(words.labelAll, ""));
    [...options].sort((a, b) => compare(a[1], b[1])).forEach(([value, text]) => menu.add(new Option(text, value)));
    menu.value = options.has(params.get(key)) ? params.get(key) : "";
    menu.addEventListener("change", apply);
    label.append(menu);
    bar.append(label);
    menus[key] = menu;
  }
  const status = document.createElement("p");
  status.className = "kb-claims-status";
  status.setAttribute("aria-live", "polite");
  const wrapper = table.closest(".md-typeset__scrollwrap") || table;
  wrapper.before(bar, status);

  function apply() {
    let shown = 0;
    for (const row of rows) {
      const visible = Object.entries(menus).every(([key, menu]) => !menu.value || FILTERS[key].values(row).includes(menu.value));
      row.hidden = !visible;
      shown += visible;
    }
    status.textContent = `${words.labelShown.replace("{shown}", shown).replace("{total}", rows.length)} · ${words.labelSort}`;
    const query = new URLSearchParams();
    for (const [key, menu] of Object.entries(menus)) if (menu.value) query.set(key, menu.value);
    history.replaceState(null, "", `${location.pathname}${query.size ? "?" + query : ""}${location.hash}`);
  }

  // ---- sorting -------------------------------------------------------------
  const KEYS = {
    factor: (row) => parseFloat(row.dataset.factor),
    date: (row) => row.dataset.date,
    metric: cellText(4),
    hardware: (row) => row.dataset.hardware,
    source: cellText(7),
  };
  const NUMERIC_FIRST_DESCENDING = new Set(["factor", "date"]); // biggest and newest first
  const headers = [...table.tHead.rows[0].cells];
  for (const th of headers.filter((cell) => cell.dataset.sort)) {
    const button = document.createElement("button");
    button.type = "button";
    button.className = "kb-sort";
    button.append(...th.childNodes);
    th.append(button);
    button.addEventListener("click", () => {
      const key = th.dataset.sort;
      const descending = th.getAttribute("aria-sort") ? th.getAttribute("aria-sort") === "ascending"
        : NUMERIC_FIRST_DESCENDING.has(key);
      headers.forEach((cell) => cell.removeAttribute("aria-sort"));
      th.setAttribute("aria-sort", descending ? "descending" : "ascending");
      const value = KEYS[key];
      const sorted = [...rows].sort((a, b) => {
        const [x, y] = [value(a), value(b)];
        const order = typeof x === "number" ? x - y : compare(x, y);
        return (descending ? -order : order) || a.dataset.order - b.dataset.order;
      });
      table.tBodies[0].append(...sorted);
    });
  }
  apply();
})();
