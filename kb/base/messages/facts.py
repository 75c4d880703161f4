"""Messages about the value of a field: its kind (kb.model.fields), the schema (kb.model.schema, pydantic), claims (kb.model.claim_facts)."""

TEMPLATES = {
    # ---- the schema, as pydantic reports it (kb.content.reader) ----
    "missing": {
        "en": "is required but missing — add it",
        "zh": "是必填项，但没有写——请补上",
    },
    "unknown-key": {
        "en": "is not a known field — remove it or fix its spelling",
        "zh": "不是已知的字段——请删除它，或改正拼写",
    },
    "not-a-slug": {
        "en": "must be a lowercase slug like `vllm-v0-33-0` — use letters, digits and single hyphens",
        "zh": "必须是像 `vllm-v0-33-0` 这样的小写 slug——只用字母、数字和单个连字符",
    },
    "not-one-of": {
        "en": "must be one of {allowed}, not `{value}` — use one of these values",
        "zh": "必须是 {allowed} 之一，不能是 `{value}`——请从中选一个",
    },
    "not-a-list-of-one": {
        "en": "must be a list, not the single value `{value}` — write it as `[{value}]`",
        "zh": "必须是列表，而不是单个值 `{value}`——请写成 `[{value}]`",
    },
    "not-a-list": {
        "en": "must be a list — write it as `[a, b]`, or one `- value` per line",
        "zh": "必须是列表——请写成 `[a, b]`，或每行一个 `- value`",
    },
    "not-a-mapping": {
        "en": "must be a mapping of `key: value` lines — write its fields under it",
        "zh": "必须是若干行 `key: value` 组成的映射——请把它的字段写在它下面",
    },
    "not-text": {
        "en": "must be text, not `{value}` — write it in words, in quotes if YAML would read it as something else",
        "zh": "必须是文字，而不是 `{value}`——请用文字写，如果 YAML 会把它读成别的东西，请加引号",
    },
    "empty": {
        "en": "must not be empty — write at least one",
        "zh": "不能为空——请至少写一项",
    },
    "too-short": {
        "en": "must hold at least {least} entries — add some",
        "zh": "至少要有 {least} 项——请添加",
    },
    "too-long": {
        "en": "holds {count} entries, at most {most} — remove some",
        "zh": "有 {count} 项，最多只能有 {most} 项——请删掉一些",
    },
    "too-small": {
        "en": "must be at least {least}, not {value} — fix the number",
        "zh": "至少是 {least}，不能是 {value}——请改正这个数",
    },
    "impossible-date": {
        "en": "`{value}` is not a day of the calendar — write a real date as YYYY-MM-DD",
        "zh": "`{value}` 不是日历上存在的日子——请按 YYYY-MM-DD 写一个真实的日期",
    },
    "invalid": {
        "en": "is not valid here ({detail}) — fix the value",
        "zh": "在这里无效（{detail}）——请改正这个值",
    },
    # ---- kinds of field (kb.model.fields) ----
    "plain-text-too-long": {
        "en": "is {length} characters long — one line of plain text has at most {limit}; shorten it (a longer text "
              "belongs in prose)",
        "zh": "有 {length} 个字符——一行纯文本最多 {limit} 个字符；请缩短（更长的文字应当写进正文）",
    },
    "name-no-letter": {
        "en": "`{value}` holds no letter or digit — a name readers search for is written in words",
        "zh": "`{value}` 里没有字母、汉字或数字——读者搜索的名字要用文字写",
    },
    "name-too-long": {
        "en": "is {length} characters long — a name has at most {limit}; write the name alone",
        "zh": "有 {length} 个字符——名字最多 {limit} 个字符；请只写名字本身",
    },
    "url": {
        "en": "must be an http(s):// URL with a host and no spaces or quotes — link the original page, or leave the "
              "url out",
        "zh": "必须是带主机名、不含空格和引号的 http(s):// 地址——请链接原始页面，或者不写 url",
    },
    "url-user-info": {
        "en": "holds `{user_info}@` before its host, so it leads to {host} — remove the part before `@`",
        "zh": "在主机名前写了 `{user_info}@`，实际会打开 {host}——请删掉 `@` 之前的部分",
    },
    # ---- hosts that can pass for another, link text naming another host (kb.base.urls) ----
    "url-host-unicode": {
        "en": "the host `{host}` is written in non-ASCII letters, which can pass for another host — write its IDNA "
              "form `{idna}` if that is the address you mean",
        "zh": "主机名 `{host}` 含有非 ASCII 字母，可能冒充别的主机——如果确实是这个地址，请写成它的 IDNA 形式 `{idna}`",
    },
    "url-host-invalid": {
        "en": "has no host a browser reads as written (`{host}`) — write the host in ASCII letters, digits, dots and "
              "hyphens",
        "zh": "主机名 `{host}` 无法按原样读取——主机名只能用 ASCII 字母、数字、点和连字符",
    },
    "url-host-mixed-script": {
        "en": "the host label `{label}` reads as `{shown}`, mixing {scripts} letters, so it can pass for another "
              "host — link the address the page is really at",
        "zh": "主机名中的 `{label}` 显示为 `{shown}`，混用了 {scripts} 字母，可能冒充别的主机——请链接页面真正所在的地址",
    },
    "url-host-looks-ascii": {
        "en": "the host label `{label}` reads as `{shown}`, which looks like `{looks}` — link the address the page "
              "is really at",
        "zh": "主机名中的 `{label}` 显示为 `{shown}`，看起来和 `{looks}` 一样——请链接页面真正所在的地址",
    },
    "link-text-other-host": {
        "en": "the link text `{text}` names {named}, but the link opens {host} — make the text name {host}, or link "
              "{named}",
        "zh": "链接文字 `{text}` 写的是 {named}，链接打开的却是 {host}——请让文字写明 {host}，或者链接到 {named}",
    },
    "link-text-host-here": {
        "en": "the link text `{text}` names {named}, but the link opens a page of this site — describe the page in "
              "words, or link {named}",
        "zh": "链接文字 `{text}` 写的是 {named}，链接打开的却是本站的页面——请用文字描述这个页面，或者链接到 {named}",
    },
    "not-finite": {
        "en": "`{value}` is not a figure — write a finite number",
        "zh": "`{value}` 不是数字——请写一个有限的数",
    },
    "not-whole-number": {
        "en": "`{value}` is not a whole number — write it in decimal digits, like `7`, without quotes",
        "zh": "`{value}` 不是整数——请用十进制数字写，例如 `7`，不加引号",
    },
    "not-a-date": {
        "en": "`{value}` is not a date — write it as YYYY-MM-DD, like `2026-11-10`",
        "zh": "`{value}` 不是日期——请写成 YYYY-MM-DD，例如 `2026-11-10`",
    },
    # ---- records (kb.model.schema) ----
    "outlet-or-named": {
        "en": "names no outlet, or an outlet together with a name or url — write an outlet id from data/outlets.yml, "
              "or a one-off `{{name: ..., url: ...}}`",
        "zh": "没有写来源，或者同时写了来源 id 和 name/url——请写 data/outlets.yml 里的来源 id，或写一次性的 "
              "`{{name: ..., url: ...}}`",
    },
    "resolution-bare-id": {
        "en": "say who settles `{id}`: write `{{watch: {id}, by: weekly}}` (the weekly says so) or "
              "`{{watch: {id}, by: editors}}` (the archive's editors judge it) — and give the reason in one sentence "
              "per language under `resolutions:` in the issue's pages",
        "zh": "请说明是谁了结了 `{id}`：写 `{{watch: {id}, by: weekly}}`（周报本身这样说）或 "
              "`{{watch: {id}, by: editors}}`（归档编辑的判断）——并在本期各语言页面的 `resolutions:` 下用一句话写明理由",
    },
    "only-analyses": {
        "en": "has only analyses and carriers among its sources — name the source itself too",
        "zh": "来源里只有分析和转载——请把原始来源也写上",
    },
    "pinned-twice": {
        "en": "pins {pins} more than once — the hub would show it twice; keep one",
        "zh": "把 {pins} 置顶了不止一次——主题页会显示两遍；请只留一个",
    },
    "aliases-unwritten": {
        "en": "has aliases under `{language}` but is not written in it — add `written: {{{language}: ...}}`, or move "
              "the aliases",
        "zh": "在 `{language}` 下有别名，却没有这种语言的写法——请添加 `written: {{{language}: ...}}`，或把别名移走",
    },
    # ---- claims (kb.model.claim_facts) ----
    "not-a-figure": {
        "en": "`{value}` is not a figure — write it like {example}",
        "zh": "`{value}` 不是数字——请写成 {example} 这样",
    },
    "figure-digit": {
        "en": "`{value}` writes the digit `{digit}` (U+{code}) — write the figure with the ASCII digits 0–9",
        "zh": "`{value}` 用了数字字符 `{digit}`（U+{code}）——请用 ASCII 数字 0–9 写",
    },
    "not-a-number": {
        "en": "`{value}` is not a number — write it like `3.3`, `8.40` or `256K`",
        "zh": "`{value}` 不是数——请写成 `3.3`、`8.40` 或 `256K` 这样",
    },
    "not-a-quantity": {
        "en": "`{value}` is not a number with a unit — write it like `6.88 s` or `9.46`",
        "zh": "`{value}` 不是带单位的数——请写成 `6.88 s` 或 `9.46` 这样",
    },
    "unknown-unit": {
        "en": "unknown unit `{unit}` — use one of {units}, or none for a plain number",
        "zh": "未知的单位 `{unit}`——请用 {units} 之一，纯数字不写单位",
    },
    "no-figure": {
        "en": "has no figure — write a `result`, a `baseline` and `result`, a `change` (percent) or a `ratio`",
        "zh": "没有数字——请写 `result`，或 `baseline` 加 `result`，或 `change`（百分比），或 `ratio`",
    },
    "ratio-not-positive": {
        "en": "has a ratio that is not a positive number — write one like `3.3`, or a range `[2.4, 3.0]`",
        "zh": "ratio 不是正数——请写成 `3.3` 这样，或写成区间 `[2.4, 3.0]`",
    },
    "ratio-no-direction": {
        "en": "ratio {ratio} does not say which way the figure moved — add `direction: higher` ({ratio}× as much) "
              "or `direction: lower` (down to 1/{ratio})",
        "zh": "ratio {ratio} 没有说明数字往哪个方向变——请加上 `direction: higher`（是原来的 {ratio}×）或 "
              "`direction: lower`（降到原来的 1/{ratio}）",
    },
    "ratio-no-versus": {
        "en": "ratio {ratio} does not say what it is measured against — add `versus:` with what the source compares "
              "it with (a hardware, a precision such as `BF16 KV`, a release), or `versus: {unstated}` if the source "
              "does not say",
        "zh": "ratio {ratio} 没有说明是与什么相比——请加上 `versus:`，写来源拿它对比的对象（硬件、`BF16 KV` 这样的精度、"
              "某个版本），来源没有说明时写 `versus: {unstated}`",
    },
    "change-against-direction": {
        "en": "change {change}% goes the other way from `direction: {direction}` — fix one",
        "zh": "change {change}% 的方向与 `direction: {direction}` 相反——请改正其中一个",
    },
    "baseline-no-result": {
        "en": "has a baseline but no result — add `result:`",
        "zh": "有 baseline 却没有 result——请加上 `result:`",
    },
    "units-differ": {
        "en": "baseline is in `{baseline}` but result in `{result}` — write both in the same unit",
        "zh": "baseline 的单位是 `{baseline}`，result 的单位却是 `{result}`——请用同一个单位",
    },
    "no-unit": {
        "en": "no unit",
        "zh": "无单位",
    },
    "figure-zero": {
        "en": "a baseline or result of 0 gives no ratio — check the figures",
        "zh": "baseline 或 result 为 0，算不出倍数——请核对数字",
    },
    "figure-negative": {
        "en": "a baseline or result below 0 gives no ratio — write the measured figures, or the difference as a "
              "`change`",
        "zh": "baseline 或 result 小于 0，算不出倍数——请写测得的数字，或把差值写成 `change`",
    },
    "figures-too-far": {
        "en": "{baseline} → {result} are too far apart to give a ratio — check the figures",
        "zh": "{baseline} → {result} 相差太大，算不出倍数——请核对数字",
    },
    "direction-contradicts": {
        "en": "{baseline} → {result} went {moved}, not `{direction}` — fix one",
        "zh": "{baseline} → {result}{moved}，而不是 `{direction}`——请改正其中一个",
    },
    "moved-higher": {
        "en": "higher",
        "zh": "升高了",
    },
    "moved-lower": {
        "en": "lower",
        "zh": "降低了",
    },
    "ratio-mismatch": {
        "en": "ratio {ratio} does not match {baseline} → {result} ({factor}×) — fix one of them",
        "zh": "ratio {ratio} 与 {baseline} → {result}（{factor}×）不符——请改正其中一个",
    },
}
