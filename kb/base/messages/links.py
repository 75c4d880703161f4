"""Messages about how files fit together: records and their ids, references, pages, translations, the glossary."""

TEMPLATES = {
    # ---- registries and issues (kb.content.loading) ----
    "topics-not-a-list": {
        "en": "must be a list of topics — write one per line, as `- id` or `- {{id: ..., pins: [...]}}`",
        "zh": "必须是主题列表——每行写一个，形如 `- id` 或 `- {{id: ..., pins: [...]}}`",
    },
    "records-not-a-list": {
        "en": "must be a list of records — start each with `- id: ...`",
        "zh": "必须是记录列表——每条记录以 `- id: ...` 开头",
    },
    "listed-twice": {
        "en": "`{id}` is listed twice — remove one",
        "zh": "`{id}` 列了两次——请删掉一个",
    },
    "defined-twice": {
        "en": "`{id}` is defined twice — remove one",
        "zh": "`{id}` 定义了两次——请删掉一个",
    },
    "id-of-a-list-page": {
        "en": "`{id}` is the id of {what} ({page}) — choose another id",
        "zh": "`{id}` 是{what}的 id（{page}）——请换一个 id",
    },
    "topics-own-list": {
        "en": "the topics' own list",
        "zh": "主题总列表",
    },
    "entities-own-list": {
        "en": "the entities' own list",
        "zh": "实体总列表",
    },
    "page-not-listed": {
        "en": "`{id}` is not listed in {registry} — add it there or remove this page",
        "zh": "`{id}` 没有列在 {registry} 里——请在那里添加它，或删除这个页面",
    },
    "issue-page-without-facts": {
        "en": "has no facts file — add {file} (`kb new issue N` writes both)",
        "zh": "没有对应的事实文件——请添加 {file}（`kb new issue N` 会同时写好两者）",
    },
    "published-over": {
        "en": "would be published at {url}, which clashes with {clash} — rename it",
        "zh": "会发布在 {url}，与{clash}冲突——请改名",
    },
    "published-as-another": {
        "en": "would be published at {url}, as {others} is (names differing only by case are one file on macOS and "
              "Windows) — rename one of them",
        "zh": "会发布在 {url}，与 {others} 相同（只有大小写不同的文件名在 macOS 和 Windows 上是同一个文件）——请改掉其中一个",
    },
    "clash-generated-file": {
        "en": "the generated file `{path}`",
        "zh": "构建生成的文件 `{path}`",
    },
    "clash-theme-page": {
        "en": "the theme's page `{path}`",
        "zh": "主题的页面 `{path}`",
    },
    "clash-search-index": {
        "en": "the search index's folder `{path}`",
        "zh": "搜索索引的文件夹 `{path}`",
    },
    "clash-language-site": {
        "en": "the folder of the {lang} site `{path}`",
        "zh": "{lang} 版网站的文件夹 `{path}`",
    },
    "clash-theme-folder": {
        "en": "the theme's folder of scripts, styles and images `{path}`",
        "zh": "主题存放脚本、样式和图片的文件夹 `{path}`",
    },
    "clash-record-page": {
        "en": "the generated record page `{path}`",
        "zh": "构建生成的记录页 `{path}`",
    },
    "issue-in-wrong-file": {
        "en": "issue {number} must live in {file} — rename the file or fix the number",
        "zh": "第 {number} 期必须放在 {file} 里——请给文件改名，或改正期号",
    },
    "watch-id-is-a-heading": {
        "en": "`{id}` is the id of topic `{topic}`'s heading on the watch record pages, where each entry is headed by "
              "its id — rename it",
        "zh": "`{id}` 是盯梢记录页上主题 `{topic}` 的标题 id，而那里每个条目都以自己的 id 作标题——请改名",
    },
    "anchor-taken": {
        "en": "`{id}` would give the issue page the id `{anchor}`, which is already {taken} — rename it",
        "zh": "`{id}` 会让本期页面出现 id `{anchor}`，而它已经是{taken}——请改名",
    },
    "anchor-of-section": {
        "en": "the page's section `{anchor}`",
        "zh": "页面的栏目 `{anchor}`",
    },
    "anchor-of-entry": {
        "en": "the anchor of {noun} `{id}`",
        "zh": "{noun} `{id}` 的锚点",
    },
    "period-reversed": {
        "en": "is after period.end — swap them",
        "zh": "晚于 period.end——请把两者对调",
    },
    "published-outside-period": {
        "en": "{published} does not follow the period ending {end} — publish on or within 7 days after it",
        "zh": "{published} 与截至 {end} 的周期对不上——请在周期结束当天或之后 7 天内发布",
    },
    "prose-missing": {
        "en": "has no text in this language — add `{id}:` under `{section}:`",
        "zh": "在这个语言里没有文字——请在 `{section}:` 下添加 `{id}:`",
    },
    "prose-without-facts": {
        "en": "is not in {file} — fix the id or add its facts there",
        "zh": "不在 {file} 里——请改正 id，或在那里添加它的事实",
    },
    # ---- references and ids (kb.content.crosscheck) ----
    "id-taken": {
        "en": "`{id}` is already used by {where} — ids must be unique across the archive; rename one",
        "zh": "`{id}` 已经被 {where} 用了——id 在整个归档里必须唯一；请改掉一个",
    },
    "unknown-topic": {
        "en": "unknown topic `{id}` — use one of {file} or add it there with its hub page",
        "zh": "未知的主题 `{id}`——请用 {file} 里的主题，或在那里添加它和它的主题页",
    },
    "unknown-watch-topic": {
        "en": "unknown topic `{id}` — use one of {file}",
        "zh": "未知的主题 `{id}`——请用 {file} 里的主题",
    },
    "unknown-outlet": {
        "en": "unknown outlet `{id}` — use one of {file}, add it there, or write a one-off source as "
              "`{{name: ..., url: ...}}`",
        "zh": "未知的来源 `{id}`——请用 {file} 里的来源、在那里添加它，或写成一次性来源 `{{name: ..., url: ...}}`",
    },
    "unknown-entity": {
        "en": "unknown entity `{id}` — use one of {file} or add it there with its page",
        "zh": "未知的实体 `{id}`——请用 {file} 里的实体，或在那里添加它和它的页面",
    },
    "not-an-item": {
        "en": "`{id}` is not an item in the archive — fix the id",
        "zh": "`{id}` 不是归档里的条目——请改正 id",
    },
    "origin-not-in-issue": {
        "en": "`{id}` is not an item or signal of issue {number} — name the one that raised this entry",
        "zh": "`{id}` 不是第 {number} 期的条目或判断——请写提出这个盯梢项的那一条",
    },
    "issue-before-previous": {
        "en": "issue {number}'s period starts {start}, before issue {previous}'s ends ({end}) — issues are numbered in "
              "the order of their dates: fix the dates, or the number",
        "zh": "第 {number} 期的周期从 {start} 开始，早于第 {previous} 期的结束日（{end}）——期号按日期先后编排：请改正日期或期号",
    },
    "issue-numbers-skipped": {
        "en": "no issue {numbers} between issues {previous} and {number} — if they were published and are not in the "
              "archive, list them under `unarchived:` ({ids}) with their names in each page; if the number is a "
              "mistake, renumber this issue",
        "zh": "第 {previous} 期与第 {number} 期之间缺少第 {numbers} 期——若它们已出版但未收录，请在 `unarchived:` 下列出（{ids}），"
              "并在各语言页面写上名字；若是期号写错，请改正本期期号",
    },
    "unarchived-issue-archived": {
        "en": "`{id}` is in the archive — remove it from `unarchived:`",
        "zh": "`{id}` 已收录在档案中——请把它从 `unarchived:` 中删去",
    },
    "listed-twice": {
        "en": "lists `{id}` twice — keep one",
        "zh": "`{id}` 列了两次——保留一个",
    },
    "ref-needs-short": {
        "en": "a ref to `{id}` inside a sentence would show its whole title, which reads as part of the sentence — "
              "write the words to show (`ref(\"{id}\", \"…\")`) or give it a `short:` name in {page}",
        "zh": "句中引用 `{id}` 会把整条标题嵌进句子——请写出要显示的词（`ref(\"{id}\", \"…\")`），或在 {page} "
              "里给它一个 `short:` 短名",
    },
    "ref-repeats-words": {
        "en": "the ref shows “{shown}”, which repeats `{word}` written beside it — reword the sentence or give the ref "
              "its own words (`ref(\"{id}\", \"…\")`)",
        "zh": "这个引用显示为“{shown}”，与旁边的 `{word}` 重复——请改写句子，或给引用写出自己的词（`ref(\"{id}\", \"…\")`）",
    },
    "ref-twice-in-item": {
        "en": "links `{id}` a second time in the same item — link it once, write the second mention as text",
        "zh": "同一条目里第二次链接 `{id}`——只链接一次，再次提到时写成文字",
    },
    "ref-of-facts-line": {
        "en": "links `{id}`, which the item's line of topics and entities already links — write it as text",
        "zh": "链接了 `{id}`，而条目的主题与实体一行已经链接了它——请写成文字",
    },
    "ref-unarchived-issue": {
        "en": "issue {number} is not in the archive — list `{id}` under `unarchived:` of this issue's facts (with its "
              "name in each page) and the ref shows as text marked “not in the archive”",
        "zh": "第 {number} 期不在档案中——请在本期事实文件的 `unarchived:` 下列出 `{id}`（并在各语言页面写上名字），"
              "这个 ref 就会显示为标注“未收录”的文字",
    },
    "unknown-ref": {
        "en": "unknown id `{id}` — use the id of an item, signal, watch entry, topic, entity or issue (`issue-N`)",
        "zh": "未知的 id `{id}`——请用条目、判断、盯梢项、主题、实体或某一期（`issue-N`）的 id",
    },
    "pin-not-of-topic": {
        "en": "`{id}` is not an item of the topic `{topic}` — pin one of its items",
        "zh": "`{id}` 不是主题 `{topic}` 的条目——请置顶这个主题的条目",
    },
    "name-taken": {
        "en": "`{name}`{read_as} already names `{owner}` ({where}) — give each its own name, or merge the two",
        "zh": "`{name}`{read_as}已经是 `{owner}`（{where}）的名字——请给每个各起一个名字，或把两者合并",
    },
    "id-looks-taken": {
        "en": "`{id}` looks like `{other}`, used by {where} — ids must be told apart across the archive; rename one",
        "zh": "`{id}` 看起来和 {where} 用的 `{other}` 一样——整个归档里的 id 必须能分辨；请改掉一个",
    },
    "title-taken": {
        "en": "the title `{title}`{read_as} is already the title of {where} — give this page its own title",
        "zh": "标题 `{title}`{read_as}已经是 {where} 的标题——请给这个页面另起一个标题",
    },
    "default-ignorable": {
        "en": "holds U+{code} ({name}), a character readers do not see, so the text reads as another — remove it",
        "zh": "含有读者看不见的字符 U+{code}（{name}），会让这段文字看起来像另一段——请删除它",
    },
    "mixed-script": {
        "en": "`{word}` mixes {scripts} letters in one word, so it can pass for another name — write it in one "
              "script, or list it in {file} if it is meant",
        "zh": "`{word}` 在一个词里混用了 {scripts} 字母，可能冒充别的名字——请只用一种文字书写；如果确实如此，请把它列进 {file}",
    },
    "mixed-script-not-mixed": {
        "en": "`{name}` mixes no scripts in one word — remove it from the list",
        "zh": "`{name}` 没有在一个词里混用文字——请把它从列表中删除",
    },
    "mixed-script-listed-twice": {
        "en": "`{name}` is listed twice — remove one",
        "zh": "`{name}` 列了两次——请删掉一个",
    },
    "mixed-script-not-a-list": {
        "en": "must be a list of names — write one name a line, `- name`",
        "zh": "必须是名字的列表——请每行写一个名字，`- 名字`",
    },
    "entity-title-not-name": {
        "en": "is `{title}`, but {registry} names `{entity}` `{name}` on the {lang} pages — title the page by that name",
        "zh": "是 `{title}`，但 {registry} 给 `{entity}` 的 {lang} 页面起名 `{name}`——请用这个名字作页面标题",
    },
    "alias-taken": {
        "en": "`{alias}`{read_as} already names `{owner}` ({where}) — an alias names one thing; keep it where readers "
              "mean it",
        "zh": "`{alias}`{read_as}已经指 `{owner}`（{where}）——一个别名只能指一样东西；请把它留在读者真正指的那一条上",
    },
    "alias-is-name": {
        "en": "`{alias}`{read_as} is already its name — remove the alias",
        "zh": "`{alias}`{read_as}已经是它的名字——请删除这个别名",
    },
    "alias-repeated": {
        "en": "`{alias}`{read_as} is already one of its aliases — remove this one",
        "zh": "`{alias}`{read_as}已经是它的别名之一——请删除这一个",
    },
    "read-as": {
        "en": " (search reads it as `{typed}`)",
        "zh": "（搜索会把它读作 `{typed}`）",
    },
    "read-as-like": {
        "en": " (it looks like `{other}`)",
        "zh": "（看起来和 `{other}` 一样）",
    },
    "source-featured-before": {
        "en": "{url} was already featured in issue {number} (`{id}`) — make sure this is new, or link the earlier "
              "item with ref",
        "zh": "{url} 已经在第 {number} 期（`{id}`）出现过——请确认这是新消息，或用 ref 链接之前的条目",
    },
    "not-a-watch-entry": {
        "en": "`{id}` is not a watch entry — fix the id",
        "zh": "`{id}` 不是盯梢项——请改正 id",
    },
    "resolved-in-same-issue": {
        "en": "`{id}` was opened in this same issue — a later issue resolves it, or drop the entry",
        "zh": "`{id}` 是在同一期提出的——要由之后的某一期了结它，或者删掉这个盯梢项",
    },
    "resolved-before-opened": {
        "en": "`{id}` was opened after this item appeared — only a later item can resolve it",
        "zh": "`{id}` 是在这个条目之后才提出的——只有更晚的条目才能了结它",
    },
    "resolved-twice": {
        "en": "`{id}` is already resolved by `{by}` (issue {number}) — keep one resolution",
        "zh": "`{id}` 已经由 `{by}`（第 {number} 期）了结——只保留一个了结",
    },
    "not-a-claim": {
        "en": "`{id}` is not a claim of the archive — use the id of an earlier issue's figure (`kb claims` lists them)",
        "zh": "`{id}` 不是归档里的数字——请用之前某一期数字的 id（`kb claims` 会列出它们）",
    },
    "checks-same-issue": {
        "en": "`{id}` is a figure of this same issue — only a later issue's figure can check it",
        "zh": "`{id}` 是同一期的数字——只有之后某一期的数字才能核对它",
    },
    "checks-later-figure": {
        "en": "`{id}` was reported after this figure (issue {number}) — only a later figure can check it",
        "zh": "`{id}` 报出的时间比这个数字晚（第 {number} 期）——只有更晚的数字才能核对它",
    },
    "checks-other-metric": {
        "en": "checks `{id}`, a {earlier} figure, with a {metric} one — a check measures what the claim measured: "
              "give it the same metric",
        "zh": "用一个 {metric} 数字核对 {earlier} 数字 `{id}`——核对要测同一样东西：请用相同的 metric",
    },
    # ---- translations (kb.project.translations) and the glossary (kb.search.text) ----
    "translation-outdated": {
        "en": "is older than {source} ({changed} vs {translated}) — bring the translation up to date and commit it",
        "zh": "比 {source} 旧（{changed} 对 {translated}）——请更新译文并提交",
    },
    "date-uncommitted": {
        "en": "uncommitted",
        "zh": "未提交",
    },
    "date-unknown": {
        "en": "unknown",
        "zh": "未知",
    },
    "glossary-defined-again": {
        "en": "`{abbreviation}` is defined again (first at line {line}) — keep one line; pages show only the last",
        "zh": "`{abbreviation}` 又定义了一次（第一次在第 {line} 行）——只留一行；页面只显示最后一个",
    },
    "glossary-name-shared": {
        "en": "`{name}` already stands for `{first}` (line {line}) — a name stands for one abbreviation: search would "
              "find only that one; remove it here",
        "zh": "`{name}` 已经代表 `{first}`（第 {line} 行）——一个名字只能代表一个缩写，搜索只会找到那一个；请在这里删掉它",
    },
}
