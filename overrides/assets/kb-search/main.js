// Search with Pagefind in Material's own search box (panel.js). A module (mkdocs.yml: extra_javascript, type
// module): the site's root is where this file's folder is (assets/kb-search/), right on every page, the 404 page
// (served at any address) and under a sub-path (a GitHub Pages project site).
//
// Every module of the search is named here, not only panel.js: the browser then asks for all of them as soon as
// it has read this file, where it would find each level of imports only after fetching the one above it (one
// round trip a level, before the search box works).
import "./excerpt.js";
import "./knobs.js";
import "./pagefind.js";
import "./query.js";
import "./rank.js";
import "./results.js";
import "./search.js";
import "./settings.js";
import "./spelling.js";
import "./suggest.js";
import { start } from "./panel.js";

const box = document.querySelector("[data-kb-search]");
if (box) start(box, new URL("../../", import.meta.url));
