// The language switch (Material's header menu, links written from mkdocs-static-i18n's alternates: each names this
// page's counterpart) keeps where the reader is: the item's anchor and the query string (the claims ledger's
// filters: overrides/assets/kb-claims.js writes them with history.replaceState, which fires no event).
//
// Material's own script reads <link rel="alternate"> as language homes (mkdocs-material#6582): it fetches
// sitemap.xml next to each, and takes over a click on a link under one, to map the page's path through that
// sitemap. Our alternates name the counterpart page itself (overrides/main.html), so:
//  - a click on the switch stops here, in the capture phase, before Material's listener on <body> sees it, and the
//    browser follows the link as written; other clicks are left alone;
//  - the sitemap Material asks for next to each hreflang link (an address like /en/issues/007/sitemap.xml,
//    which does not exist: a 404 and a console error on every page) is asked of the site's own sitemap.xml.
//    This module runs before Material reads the links (module scripts run before DOMContentLoaded, when
//    Material's document$ first emits), and changes only requests to those exact addresses.
const SWITCH = ".md-select__link[hreflang]";

const config = document.getElementById("__config");
const siteRoot = new URL(config ? JSON.parse(config.textContent).base : ".", location.href);
const siteSitemap = new URL("sitemap.xml", siteRoot).href;
const besideAlternates = new Set(
  [...document.querySelectorAll("link[rel=alternate][hreflang]")].map((link) => new URL("sitemap.xml", link.href).href)
);
besideAlternates.delete(siteSitemap);
const open = XMLHttpRequest.prototype.open;
XMLHttpRequest.prototype.open = function (method, url, ...rest) {
  return open.call(this, method, besideAlternates.has(String(url)) ? siteSitemap : url, ...rest);
};

// Each switch link's own address (the counterpart page), without query or anchor, as the page was built.
const switches = new Map(
  [...document.querySelectorAll(SWITCH)].map((link) => {
    const page = new URL(link.getAttribute("href"), location.href);
    page.search = page.hash = "";
    return [link, page.href];
  })
);

// The switch's links follow the address bar: on load, on every change of anchor or history, and just before a
// reader can use one (hover, focus, press, context menu), so a copied or middle-clicked link keeps them too.
const follow = () => {
  for (const [link, page] of switches) {
    const target = new URL(page);
    target.search = location.search;
    target.hash = location.hash;
    link.href = target.href;
  }
};
follow();
for (const event of ["hashchange", "popstate"]) window.addEventListener(event, follow);
for (const event of ["pointerover", "pointerdown", "focusin", "contextmenu"]) {
  document.addEventListener(event, (e) => e.target instanceof Element && e.target.closest(SWITCH) && follow(), true);
}
document.addEventListener(
  "click",
  (event) => {
    if (!(event.target instanceof Element) || !event.target.closest(SWITCH)) return;
    follow();
    event.stopPropagation(); // the browser follows the link; Material's handler never rewrites it
  },
  true
);
