"""Messages of the figure checks: numbers in prose against the facts, published ids and withdrawn issues."""

TEMPLATES = {
    "number-not-a-figure": {
        "en": "`{number}` is not one of the figures of {owner} ({figures}) — write the figure as the facts give it, "
              "or, if this number is not a figure (a count, a version, a date), list it as written in {place} "
              "in {file}",
        "zh": "`{number}` 不是{owner}的数字（{figures}）——请按事实里写的数字来写；如果它不是测得的数字（数量、"
              "版本、日期），请把它原样列进 {file} 里{place}",
    },
    "noun-figures-of-item": {
        "en": "item `{id}`",
        "zh": "条目 `{id}` ",
    },
    "noun-figures-of-issue": {
        "en": "issue {number} (its items' figures)",
        "zh": "第 {number} 期（各条目的数字）",
    },
    "place-not-figures-of-item": {
        "en": "`not_figures:` of the item",
        "zh": "这个条目的 `not_figures:`",
    },
    "place-not-figures-of-issue": {
        "en": "the top-level `not_figures:`",
        "zh": "顶层的 `not_figures:`",
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
        "en": "`{value}` is not written in the prose of {owner} in any language — remove it from `not_figures:`",
        "zh": "`{value}` 在{owner}任何语言的正文里都没有出现——请把它从 `not_figures:` 里删掉",
    },
    "not-figure-twice": {
        "en": "`{value}` is listed twice — list each number once",
        "zh": "`{value}` 列了两次——每个数字只列一次",
    },
    "former-id-taken": {
        "en": "`{id}` is an id of the archive or of the issue page already — a former id must be one no record has "
              "now; remove it, or write the id the item was published under",
        "zh": "`{id}` 已经是归档里的 id 或期刊页面的锚点——曾用 id 必须是现在没有任何记录使用的 id；请删掉它，"
              "或写上条目发布时的 id",
    },
    "former-id-twice": {
        "en": "`{id}` is a former id of item `{item}` already — an old link can land on one item only; remove one",
        "zh": "`{id}` 已经是条目 `{item}` 的曾用 id——旧链接只能指向一个条目；请删掉一处",
    },
    "withdrawn-no-reason": {
        "en": "the issue is withdrawn in {file} but its page does not say why — add `withdrawn:` with the reason, "
              "in one or two sentences",
        "zh": "{file} 写明这一期已撤回，但页面没有说明原因——请添加 `withdrawn:`，用一两句话写明原因",
    },
    "withdrawn-reason-unwithdrawn": {
        "en": "the page gives a reason for withdrawing the issue, but {file} does not withdraw it — add "
              "`withdrawn: {{date: YYYY-MM-DD}}` there, or remove the reason",
        "zh": "页面写了撤回的原因，但 {file} 没有撤回这一期——请在那里添加 `withdrawn: {{date: YYYY-MM-DD}}`，"
              "或删掉原因",
    },
    "issue-deleted": {
        "en": "issue {number} was published and is gone — a published issue is withdrawn, never deleted: restore "
              "{file} and its pages, and add `withdrawn: {{date: YYYY-MM-DD}}` there with the reason on its pages",
        "zh": "第 {number} 期已经发布过，现在却不见了——已发布的期刊只能撤回，不能删除：请恢复 {file} 和它的页面，"
              "在那里添加 `withdrawn: {{date: YYYY-MM-DD}}`，并在页面上写明原因",
    },
    "published-item-gone": {
        "en": "item `{id}` of issue {number} was published under this id and no item has it now — its anchor "
              "and feed entries would move: keep the id, or list it under `formerly:` of the item that replaces it",
        "zh": "第 {number} 期的条目 `{id}` 以这个 id 发布过，现在没有条目使用它——它的锚点和订阅条目会因此失效："
              "请保留这个 id，或把它列进接替它的条目的 `formerly:`",
    },
    "published-id-gone": {
        "en": "`{id}` of issue {number} was published under this id and is gone — published ids are permanent: "
              "keep it (a correction is made in its text or figures, and shows in the review report)",
        "zh": "第 {number} 期的 `{id}` 以这个 id 发布过，现在不见了——已发布的 id 不能改动：请保留它"
              "（更正写在它的文字或数字里，并会出现在审阅报告中）",
    },
    "figure-context-missing": {
        "en": "names `{name}`, a {field} the archive's facts know, but figure `{claim}` carries no `{field}:` — add "
              "`{field}: {name}` (as the source writes it) to the claim `{claim}` in {file}, so every view shows the "
              "figure with it; if the figure was not measured on `{name}`, say so in this text",
        "zh": "写到了 `{name}`（档案事实里出现过的 {field}），但数字 `{claim}` 的事实里没有 `{field}:`——请在 {file} "
              "的 `{claim}` 下加上 `{field}: {name}`（照来源的写法），各处显示这个数字时才会带上它；如果这个数字"
              "并不是在 `{name}` 上测得的，请在这段文字里说清楚",
    },
}
