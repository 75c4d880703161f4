// The claims ledger's counts (overrides/assets/kb-claims.js): said right for zero, one and many, as kb/base/plural.py
// says them on the server ("1 of 1 figure shown", never "1 of 1 figures").
import assert from "node:assert/strict";
import { test } from "node:test";
import "./modules.mjs"; // registers the load hook that reads the script as a module

// Imported where there is no document: the ledger wakes only on a page that has one.

const claims = await import(new URL("../../overrides/assets/kb-claims.js", import.meta.url).href);
const EN = { zero: "No figure matches", one: "{shown} of {n} figure shown", many: "{shown} of {n} figures shown" };
const ZH = { zero: "没有符合条件的数据", many: "显示 {shown} / {n} 条" };

test("a count takes the form for zero, one or many", () => {
  assert.deepEqual([0, 1, 2, 11].map(claims.form), ["zero", "one", "many", "many"]);
  assert.equal(claims.plural(EN, 1, { shown: 1 }), "1 of 1 figure shown");
  assert.equal(claims.plural(EN, 12, { shown: 12 }), "12 of 12 figures shown");
  assert.equal(claims.plural(EN, 0, { shown: 0 }), "No figure matches");
});

test("Chinese has no form for one: it says one as many", () => {
  assert.equal(claims.plural(ZH, 1, { shown: 1 }), "显示 1 / 1 条");
  assert.equal(claims.plural(ZH, 0, { shown: 0 }), "没有符合条件的数据");
});

test("every placeholder is filled, each time it is written", () => {
  assert.equal(claims.plural({ many: "{n}: {n} of {n}" }, 3), "3: 3 of 3");
});

test("the forms are read from the page's data-label-<name>-<form> attributes", () => {
  const dataset = { labelShownZero: EN.zero, labelShownOne: EN.one, labelShownMany: EN.many, labelSort: "Sort" };
  assert.deepEqual(claims.formsOf(dataset, "shown"), EN);
  assert.deepEqual(claims.formsOf({ labelShownZero: ZH.zero, labelShownMany: ZH.many }, "shown"), ZH);
});

