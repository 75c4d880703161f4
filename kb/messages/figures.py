"""Messages of the figure checks: numbers in prose against the facts, published ids and withdrawn issues."""

TEMPLATES = {
    "number-not-a-figure": {
        "en": "`{number}` is not a figure of item `{item}` (its figures: {figures}) — write the figure as its facts "
              "give it, or, if this number is not a figure (a count, a version, a date), list it as written in "
              "`not_figures:` of the item in {file}",
        "zh": "`{number}` 不是条目 `{item}` 的数字（它的数字：{figures}）——请按事实里写的数字来写；如果它不是测得的"
              "数字（数量、版本、日期），请把它原样列进 {file} 里这个条目的 `not_figures:`",
    },
    "noun-no-figures": {
        "en": "none",
        "zh": "无",
    },
    "not-figure-unreadable": {
        "en": "`{value}` is not one number as prose writes it (`8192`, `12.9`, `1,000`, `2026-11-04`) — write one "
              "number per entry",
        "zh": "`{value}` 不是正文里写的单个数字（`8192`、`12.9`、`1,000`、`2026-11-04`）——每项只写一个数字",
    },
    "not-figure-unused": {
        "en": "`{value}` is not written in the prose of item `{item}` in any language — remove it from `not_figures:`",
        "zh": "`{value}` 在条目 `{item}` 的任何语言的正文里都没有出现——请把它从 `not_figures:` 里删掉",
    },
    "not-figure-twice": {
        "en": "`{value}` is listed twice — list each number once",
        "zh": "`{value}` 列了两次——每个数字只列一次",
    },
}
