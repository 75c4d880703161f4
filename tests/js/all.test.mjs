// The search box's unit tests (overrides/assets/kb-search/) and the claims ledger's counts (kb-claims.js), one
// file a subject (*.spec.mjs), run in one process: `node --test` starts a process for each test file, ~0.15 s
// each. Run as `node --test tests/js/` (tests/test_search_script.py runs it for pytest); one subject alone:
// `node --test tests/js/query.spec.mjs`.
import "./query.spec.mjs";
import "./spelling.spec.mjs";
import "./rank.spec.mjs";
import "./excerpt.spec.mjs";
import "./results.spec.mjs";
import "./suggest.spec.mjs";
import "./search.spec.mjs";
import "./page.spec.mjs";
import "./claims.spec.mjs";
