"""Messages of the house style (kb.content.typography) and of `kb check --fix`."""

TEMPLATES = {
    # ---- Chinese typography: what AutoCorrect changes, and brackets beside Han ----
    "typo-space": {
        "en": "Chinese typography: no space between Han and Latin letters or digits — insert one",
        "zh": "中文排版：汉字与英文字母或数字之间缺少空格——请加一个空格",
    },
    "typo-full-width": {
        "en": "Chinese typography: half-width punctuation beside Han — write it full-width",
        "zh": "中文排版：汉字旁用了半角标点——请改用全角标点",
    },
    "typo-no-space": {
        "en": "Chinese typography: a space Chinese text does not take here — remove it",
        "zh": "中文排版：这里不应有空格——请删去",
    },
    "typo-other": {
        "en": "Chinese typography: not as the house rules (AutoCorrect) write it — write it as shown",
        "zh": "中文排版：与本站规则（AutoCorrect）的写法不同——请按提示改写",
    },
    "typo-bracket": {
        "en": "Chinese typography: half-width `{char}` beside Han — use full-width （） and “”",
        "zh": "中文排版：汉字旁用了半角的 `{char}`——请改用全角的（）和“”",
    },
    # ---- English ----
    "factor-with-x": {
        "en": "writes a factor as `{found}` — write factors with × (`{fixed}`)",
        "zh": "把倍数写成了 `{found}`——倍数请用 ×（`{fixed}`）",
    },
    "unit-glued": {
        "en": "`{found}` joins a number and its unit — put a space between them (`{fixed}`)",
        "zh": "`{found}` 的数字和单位连在一起——请在中间加空格（`{fixed}`）",
    },
    "sentence-case": {
        "en": "titles are in sentence case: `{word}` — write `{lower}` (names keep their capitals)",
        "zh": "英文标题只有句首大写：`{word}`——请写成 `{lower}`（专有名词保留大写）",
    },
    # ---- both ----
    "watch-note-alone": {
        "en": "`{word}` has no referent on the watch list, where notes stand alone — name the issue or the thing "
              "instead",
        "zh": "`{word}` 在盯梢清单上没有指代对象，那里的说明是单独显示的——请直接写明是哪一期或哪件事",
    },
    "trailing-space": {
        "en": "ends with spaces — remove them (`kb check --fix` does)",
        "zh": "行尾有空格——请删去（`kb check --fix` 会删）",
    },
    # ---- what the caret line under a problem says ----
    "hint-insert-space": {
        "en": "insert a space: {text}",
        "zh": "加空格：{text}",
    },
    "hint-full-width": {
        "en": "write it full-width: {text}",
        "zh": "改成全角：{text}",
    },
    "hint-remove-space": {
        "en": "remove the space: {text}",
        "zh": "删去空格：{text}",
    },
    "hint-write": {
        "en": "write: {text}",
        "zh": "改为：{text}",
    },
    "hint-remove": {
        "en": "remove it",
        "zh": "删去",
    },
    "hint-did-you-mean": {
        "en": "did you mean {names}?",
        "zh": "是不是想写 {names}？",
    },
    "hint-fields": {
        "en": "the fields here: {names}",
        "zh": "这里可用的字段：{names}",
    },
    # ---- kb check --fix ----
    "fix-done": {
        "en": "kb check --fix: {count} in {files}",
        "zh": "kb check --fix：在 {files}里改了 {count}",
    },
    "fix-dry-run": {
        "en": "kb check --fix --dry-run: {count} in {files}, nothing written",
        "zh": "kb check --fix --dry-run：会在 {files}里改 {count}，没有写入",
    },
    "fix-nothing": {
        "en": "kb check --fix: nothing it can fix by itself",
        "zh": "kb check --fix：没有能自动修复的问题",
    },
    "fix-remaining": {
        "en": "kb check --fix: what remains is for you to fix:",
        "zh": "kb check --fix：剩下的问题需要手动修改：",
    },
}
