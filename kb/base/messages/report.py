"""Words of the report itself: where a problem is (positions as a contributor counts them), and the totals."""

TEMPLATES = {
    # ---- the totals ----
    "summary": {
        "en": "{errors}, {warnings}",
        "zh": "{errors}，{warnings}",
    },
    # counts, each said right for zero, one and many (kb.base.plural)
    "count-errors": {
        "en": {"zero": "no errors", "one": "{n} error", "many": "{n} errors"},
        "zh": {"zero": "没有错误", "many": "{n} 个错误"},
    },
    "count-warnings": {
        "en": {"zero": "no warnings", "one": "{n} warning", "many": "{n} warnings"},
        "zh": {"zero": "没有警告", "many": "{n} 个警告"},
    },
    "count-fixes": {
        "en": {"zero": "no fixes", "one": "{n} fix", "many": "{n} fixes"},
        "zh": {"zero": "0 处", "many": "{n} 处"},
    },
    "count-files": {
        "en": {"zero": "no files", "one": "{n} file", "many": "{n} files"},
        "zh": {"zero": "0 个文件", "many": "{n} 个文件"},
    },
    "count-arguments": {
        "en": {"zero": "no arguments", "one": "{n} argument", "many": "{n} arguments"},
        "zh": {"zero": "0 个参数", "many": "{n} 个参数"},
    },
    "content-ok": {
        "en": "content OK: no errors, no warnings",
        "zh": "内容无误：没有错误，也没有警告",
    },
    "no-project": {
        "en": "no {file} in {folder} or above — run kb inside the project, or pass --root",
        "zh": "{folder} 及其上级目录里都没有 {file}——请在项目目录里运行 kb，或用 --root 指定",
    },
    "no-line": {
        "en": "(no line to show: the problem is the file as a whole)",
        "zh": "（没有可显示的行：问题在整个文件）",
    },
    # ---- places: `items.4.category` is `item 5 (loopvq) › category` ----
    "place-nth": {
        "en": "{noun} {n}",
        "zh": "第 {n} 个{noun}",
    },
    "place-named": {
        "en": "{place} ({id})",
        "zh": "{place}（{id}）",
    },
    "place-keyed": {
        "en": "{noun} {id}",
        "zh": "{noun} {id}",
    },
    "place-nth-of": {
        "en": "{key} entry {n}",
        "zh": "{key} 的第 {n} 项",
    },
    "noun-item": {"en": "item", "zh": "条目"},
    "noun-signal": {"en": "signal", "zh": "判断"},
    "noun-quick-take": {"en": "quick take", "zh": "速览"},
    "noun-pick": {"en": "pick", "zh": "推荐"},
    "noun-watch-entry": {"en": "watch entry", "zh": "盯梢项"},
    "noun-claim": {"en": "claim", "zh": "数字"},
    "noun-source": {"en": "source", "zh": "来源"},
    "noun-resolution": {"en": "resolution", "zh": "了结"},
    "noun-check": {"en": "check", "zh": "核对"},
    "noun-pin": {"en": "pin", "zh": "置顶"},
    "noun-topic": {"en": "topic", "zh": "主题"},
    "noun-entity": {"en": "entity", "zh": "实体"},
    "noun-outlet": {"en": "outlet", "zh": "常用来源"},
    "noun-term": {"en": "term", "zh": "术语"},
    "noun-alias": {"en": "alias", "zh": "别名"},
    "noun-unarchived": {"en": "unarchived entry", "zh": "未收录项"},
    "noun-figure": {"en": "figure", "zh": "数值"},
    # ---- what a problem is in, where it is not a field of the file ----
    "what-file": {"en": "file", "zh": "文件"},
    "what-encoding": {"en": "encoding", "zh": "编码"},
    "what-page": {"en": "page", "zh": "页面"},
    "what-text": {"en": "text", "zh": "正文"},
    "what-template": {"en": "template", "zh": "模板"},
    "what-html": {"en": "html", "zh": "HTML"},
    "what-link": {"en": "link", "zh": "链接"},
    "what-image": {"en": "image", "zh": "图片"},
    "what-attributes": {"en": "attributes", "zh": "属性"},
    "what-heading": {"en": "heading", "zh": "标题"},
    "what-snippet": {"en": "snippet", "zh": "片段"},
    "what-character": {"en": "character", "zh": "字符"},
    "what-brackets": {"en": "brackets", "zh": "方括号"},
    "what-glossary": {"en": "glossary", "zh": "缩写表"},
    "what-translation": {"en": "translation", "zh": "译文"},
    "what-top-level": {"en": "(top level)", "zh": "（顶层）"},
}
