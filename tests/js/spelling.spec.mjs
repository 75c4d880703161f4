import assert from "node:assert/strict";
import { test } from "node:test";
import { KNOBS, spelling } from "./modules.mjs";

const { distance, joined, respelled } = spelling;
const NAMES = ["llama.cpp", "SGLang", "vLLM", "深度求索", "控制面", "FlashInfer", "DeepSeek", "TensorRT-LLM", "Kimi"];

test("distance counts letters changed, added, left out or swapped with their neighbour", () => {
  const d = (a, b, most = 3) => distance([...a], [...b], most);
  assert.equal(d("sglang", "sglang"), 0);
  assert.equal(d("sglnag", "sglang"), 1); // swapped
  assert.equal(d("lama.cpp", "llama.cpp"), 1); // left out
  assert.equal(d("nvidea", "nvidia"), 1); // changed
  assert.equal(d("llamma", "llama"), 1); // doubled
  assert.equal(d("abcdef", "badcfe"), 3);
  assert.equal(d("a", "abcdef", 2), 3); // more than `most`: most + 1, as soon as it is sure
  assert.equal(d("kimi", "qwen", 1), 2);
});

test("words set apart that a name writes as one are read as the name", () => {
  assert.equal(joined("SG Lang", NAMES), "SGLang");
  assert.equal(joined("llama cpp 量化", NAMES), "llama.cpp 量化");
  assert.equal(joined("tensorrt llm", NAMES), "TensorRT-LLM");
  assert.equal(joined("flash attention", NAMES), null);
  assert.equal(joined("深度 求索", NAMES), null); // Latin names only
});

test("a misspelt name is read as the one name closest to it", () => {
  const spell = (q) => respelled(q, NAMES, KNOBS.respell);
  assert.equal(spell("lama.cpp"), "llama.cpp");
  assert.equal(spell("lama.cpp 量化"), "llama.cpp 量化");
  assert.equal(spell("sglnag"), "SGLang");
  assert.equal(spell("深度求素"), "深度求索");
  assert.equal(spell("SG Lang"), "SGLang");
  assert.equal(spell("Flashinfre"), "FlashInfer"); // 8 letters or more: two letters off
  assert.equal(spell("lama.cq"), null); // under 8 letters: one letter off only
});

test("short words, words with a digit, names as written and ties are left as typed", () => {
  const spell = (q) => respelled(q, NAMES, KNOBS.respell);
  assert.equal(spell("控制器"), null); // 3 characters: one letter makes another word
  assert.equal(spell("VLM"), null);
  assert.equal(spell("0.3x"), null);
  assert.equal(spell("sglang"), null); // a name as written, in any case
  assert.equal(spell("Kimo"), "Kimi"); // 4 letters: long enough
  assert.equal(respelled("Kimo", ["Kimi", "Kiwo"], KNOBS.respell), null); // two names as close: no guess
  assert.equal(respelled("sglnag", NAMES, { shortest: 7, two_slips: 8 }), null); // as the knobs say
});
