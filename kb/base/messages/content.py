"""Messages about files as files: reading them, their YAML, their Markdown, their template syntax, page names."""

TEMPLATES = {
    # ---- files (kb.content.files, kb.project.sources) ----
    "file-missing": {
        "en": "is missing — restore it (every archive needs it)",
        "zh": "缺失——请恢复它（每个归档都需要它）",
    },
    "file-too-big": {
        "en": "is {size} bytes, over the {limit} a content file may hold — split it",
        "zh": "有 {size} 字节，超过了内容文件的上限 {limit}——请拆分它",
    },
    "file-encoding": {
        "en": "byte {byte} is not UTF-8 — save the file as UTF-8",
        "zh": "字节 {byte} 不是 UTF-8——请把文件存为 UTF-8",
    },
    "folder-symlink": {
        "en": "is a symbolic link — the folder must be in the repository itself",
        "zh": "是符号链接——这个文件夹必须直接放在仓库里",
    },
    "file-symlink": {
        "en": "is a symbolic link — commit the file itself; content may not point outside the repository",
        "zh": "是符号链接——请提交文件本身；内容不能指向仓库之外",
    },
    "file-name": {
        "en": "has a name other than letters, digits, `-`, `_` and dots between them — rename it",
        "zh": "文件名含有字母、数字、`-`、`_` 和中间的点以外的字符——请改名",
    },
    "file-not-regular": {
        "en": "is not a regular file — remove it",
        "zh": "不是普通文件——请删除它",
    },
    "file-wrong-kind": {
        "en": "is not a kind of file {folder}/ may hold (only {kinds}) — remove it; pages are Markdown, facts YAML",
        "zh": "不是 {folder}/ 能放的文件类型（只能是 {kinds}）——请删除它；页面用 Markdown，事实用 YAML",
    },
    "snippet-missing": {
        "en": "`{name}` is not a file of {folder}/ — include one that exists there",
        "zh": "`{name}` 不是 {folder}/ 里的文件——请引用那里已有的文件",
    },
    # ---- YAML (kb.project.sources) ----
    "yaml-alias": {
        "en": "uses a YAML anchor and alias (`&name` … `*name`) — write the value out where it is needed",
        "zh": "用了 YAML 锚点和别名（`&name` … `*name`）——请在需要的地方把值完整写出来",
    },
    "yaml-too-deep": {
        "en": "nests deeper than {depth} levels — flatten it",
        "zh": "嵌套超过了 {depth} 层——请减少嵌套",
    },
    "yaml-recursion": {
        "en": "nests too deeply — flatten it to {depth} levels or fewer",
        "zh": "嵌套太深——请减到 {depth} 层以内",
    },
    "yaml-tag": {
        "en": "uses the YAML tag `{tag}` — remove the tag and write a plain value, list (`[a, b]`) or mapping "
              "(`{{key: value}}`)",
        "zh": "用了 YAML 标签 `{tag}`——请去掉标签，写普通的值、列表（`[a, b]`）或映射（`{{key: value}}`）",
    },
    "yaml-merge-key": {
        "en": "uses the YAML merge key `<<` — write each key in this mapping itself",
        "zh": "用了 YAML 合并键 `<<`——请把每个键直接写在这个映射里",
    },
    "yaml-complex-key": {
        "en": "has a key that is a list or a mapping — a key is a plain word, like `title:`",
        "zh": "有一个键是列表或映射——键应当是一个普通的词，比如 `title:`",
    },
    "yaml-key-twice": {
        "en": "the key `{key}` is written twice in this mapping — keep one (YAML would silently drop the first)",
        "zh": "键 `{key}` 在这个映射里写了两次——只留一个（YAML 会悄悄丢掉第一个）",
    },
    "yaml-character": {
        "en": "holds the character U+{code}, which YAML does not allow — remove it",
        "zh": "含有 YAML 不允许的字符 U+{code}——请删除它",
    },
    "yaml-syntax": {
        "en": "cannot be parsed ({reason}) — fix the YAML syntax",
        "zh": "无法解析（{reason}）——请修正 YAML 语法",
    },
    "front-matter-missing": {
        "en": "is missing — start the page with a `---` block holding `title:` and `description:`, then `---`",
        "zh": "缺失——页面要以 `---` 开头，写上 `title:` 和 `description:`，再以 `---` 结束",
    },
    "front-matter-not-mapping": {
        "en": "must be a mapping of `key: value` lines — write `title: ...` and `description: ...`",
        "zh": "必须是若干行 `key: value` 组成的映射——请写 `title: ...` 和 `description: ...`",
    },
    # ---- Markdown and characters (kb.markup.safety) ----
    "hidden-character": {
        "en": "holds the invisible or control character U+{code} — remove it",
        "zh": "含有不可见字符或控制字符 U+{code}——请删除它",
    },
    "hidden-character-named": {
        "en": "holds the invisible or control character U+{code} ({name}) — remove it",
        "zh": "含有不可见字符或控制字符 U+{code}（{name}）——请删除它",
    },
    "one-line": {
        "en": "must be one line of plain text — join the lines",
        "zh": "必须是一行纯文本——请把几行合成一行",
    },
    "plain-text-markup": {
        "en": "must be plain text, without `{markup}` — write it in words (markup, character references and template "
              "syntax are not read here)",
        "zh": "必须是纯文本，不能有 `{markup}`——请用文字写出来（这里不解析标记、字符引用和模板语法）",
    },
    "snippet-not-abbreviation": {
        "en": "a snippet holds abbreviation definitions only, one a line (`*[TTFT]: time to first token`) — no markup, "
              "macro or admonition: it would show on every page that includes it",
        "zh": "片段文件只能放缩写定义，一行一条（`*[TTFT]: time to first token`）——不能有标记、宏或提示框："
              "它会出现在每个引用它的页面上",
    },
    "snippet-empty-expansion": {
        "en": "this abbreviation says nothing — write what it stands for after the colon",
        "zh": "这条缩写没有写全称——请在冒号后写出它代表什么",
    },
    "snippet-outside": {
        "en": "`{name}` is outside the snippets/ folder — include only a file of snippets/ by its name",
        "zh": "`{name}` 在 snippets/ 文件夹之外——只能按文件名引用 snippets/ 里的文件",
    },
    # ---- limits (kb.base.limits) ----
    "line-too-long": {
        "en": "this line is {length} characters long, over the {limit} a line may hold — break it into shorter "
              "lines (a paragraph may run over many)",
        "zh": "这一行有 {length} 个字符，超过了一行的上限 {limit}——请拆成较短的几行（一个段落可以跨多行）",
    },
    "markdown-too-deep": {
        "en": "Markdown nests this text too deep to read (quotes, lists or brackets inside each other) — nest less",
        "zh": "这段文字嵌套得太深（引用、列表或括号层层套叠），Markdown 读不了——请减少嵌套",
    },
    "tag-openings-too-many": {
        "en": "this text has more than {limit} `<` that could open an HTML tag, which the converter reads very slowly "
              "— content writes no HTML: put code in a fenced block of fewer lines, or write `&lt;`",
        "zh": "这段文字里可能开启 HTML 标签的 `<` 超过了 {limit} 个，转换器读起来会非常慢——内容里不写 HTML："
              "代码请放进行数更少的代码块，或写成 `&lt;`",
    },
    "nesting-too-deep": {
        "en": "this line is nested {depth} levels deep in quotes and lists, over the {limit} allowed — nest less",
        "zh": "这一行在引用和列表里嵌套了 {depth} 层，超过了上限 {limit}——请减少嵌套",
    },
    "abbreviations-too-many": {
        "en": "defines more than {limit} abbreviations, which every text of a page is searched for — keep the ones "
              "readers need",
        "zh": "定义了超过 {limit} 个缩写，页面的每段文字都要逐一查找它们——只保留读者需要的",
    },
    "open-brackets": {
        "en": "this paragraph opens over {limit} `[` it never closes, which Markdown reads very slowly — close them, "
              "or write `\\[`",
        "zh": "这一段打开了超过 {limit} 个没有闭合的 `[`，Markdown 解析会非常慢——请闭合它们，或写成 `\\[`",
    },
    "raw-html": {
        "en": "raw HTML `{tag}` is not allowed in content — write it in Markdown (links, emphasis, lists, tables, "
              "admonitions), or put code in backticks",
        "zh": "内容里不能写原始 HTML `{tag}`——请用 Markdown 写（链接、强调、列表、表格、提示框），代码请放进反引号",
    },
    "content-element": {
        "en": "`<{tag}>` is not an element content may make — write it in Markdown (links, emphasis, lists, tables, "
              "admonitions)",
        "zh": "内容不能生成 `<{tag}>` 元素——请用 Markdown 写（链接、强调、列表、表格、提示框）",
    },
    "content-attribute": {
        "en": "the attribute `{name}` on `<{tag}>` is not one content may set — only `{{ #id }}` and `{{ .class }}` may "
              "follow Markdown; remove it",
        "zh": "内容不能给 `<{tag}>` 设置 `{name}` 属性——Markdown 后面只能跟 `{{ #id }}` 和 `{{ .class }}`，请删除它",
    },
    "content-class": {
        "en": "the class `{name}` is not one content may use — use an admonition kind Material documents (note, tip, "
              "warning…), `md-button`, or none (README: what content may make)",
        "zh": "内容不能使用 class `{name}`——请用 Material 文档列出的提示框类型（note、tip、warning 等）、`md-button`，"
              "或者不加 class（见 README：内容可以生成的标记）",
    },
    "content-theme-id": {
        "en": "the id `{id}` is one the theme's script reads (ids starting `__`) — choose another",
        "zh": "id `{id}` 会被主题脚本读取（以 `__` 开头的 id）——请换一个",
    },
    "links-too-many": {
        "en": "this text makes more than {limit} links — a page of thousands is slow to check, render and read; "
              "keep the links readers need",
        "zh": "这段文字生成了超过 {limit} 个链接——成千上万个链接的页面检查、渲染和阅读都很慢；请只保留读者需要的链接",
    },
    "content-input": {
        "en": "a form field (`<input type={type}>`) is not allowed in content — remove it",
        "zh": "内容里不能有表单字段（`<input type={type}>`）——请删除它",
    },
    "outside-image": {
        "en": "an image from another site is not allowed: every reader's browser would fetch it from there (a "
              "tracking pixel) — link to it instead: [text](address)",
        "zh": "不能用其他网站的图片：每位读者的浏览器都会去那里取图（相当于跟踪像素）——请改成链接：[文字](地址)",
    },
    "attribute-reserved-id": {
        "en": "the id `#{id}` belongs to the site's own markup (ids starting {prefixes} are generated or the "
              "theme's) — choose another id",
        "zh": "id `#{id}` 属于网站自己的标记（以 {prefixes} 开头的 id 由构建生成或属于主题）——请换一个 id",
    },
    "attribute-reserved-class": {
        "en": "the class `{name}` belongs to the site's own markup ({prefixes} classes are generated or the "
              "theme's) — remove it, or use a class of your own",
        "zh": "class `{name}` 属于网站自己的标记（{prefixes} 开头的 class 由构建生成或属于主题）——请删除它，或用自己的 class",
    },
    "theme-heading": {
        "en": "a heading may not start with `__` (its id would clash with the theme's own) — reword it",
        "zh": "标题不能以 `__` 开头（它的 id 会和主题自己的冲突）——请换个写法",
    },
    "link-scheme": {
        "en": "`{scheme}:` links are not allowed — link to an http(s):// page or another page of the site",
        "zh": "不能用 `{scheme}:` 链接——请链接到 http(s):// 网页或本站的其他页面",
    },
    # ---- template syntax (kb.markup.templates) ----
    "template-front-matter": {
        "en": "cannot read this `{marker}` — in front matter write only {{{{ ref(\"id\") }}}} or "
              "{{{{ ref(\"id\", \"text\") }}}}",
        "zh": "无法读取这个 `{marker}`——front matter 里只能写 {{{{ ref(\"id\") }}}} 或 {{{{ ref(\"id\", \"text\") }}}}",
    },
    "template-syntax": {
        "en": "template syntax error ({error}) — write macros as {{{{ ref(\"id\") }}}}",
        "zh": "模板语法错误（{error}）——宏要写成 {{{{ ref(\"id\") }}}}",
    },
    "template-too-deep": {
        "en": "template syntax nested too deeply — write macros as {{{{ ref(\"id\") }}}}",
        "zh": "模板语法嵌套太深——宏要写成 {{{{ ref(\"id\") }}}}",
    },
    "template-comment": {
        "en": "`{{#` starts a template comment: the build removes it and everything up to `#}}`, so readers would never "
              "see it — to show the characters, write `{{ #` (with a space)",
        "zh": "`{{#` 会开始一段模板注释：构建时它和直到 `#}}` 的内容都会被删掉，读者看不到——如果要显示这两个字符，"
              "请写成 `{{ #`（中间加空格）",
    },
    "template-statement": {
        "en": "`{{% {kind} %}}` is not allowed in content — use only the project's macros, e.g. {{{{ ref(\"id\") }}}}",
        "zh": "内容里不能写 `{{% {kind} %}}`——只能用本项目的宏，例如 {{{{ ref(\"id\") }}}}",
    },
    "template-not-a-call": {
        "en": "only a call of one of the project's macros may stand in {{{{ }}}} — use one of: {names}",
        "zh": "{{{{ }}}} 里只能调用本项目的宏——请用其中之一：{names}",
    },
    "template-unknown-macro": {
        "en": "`{name}` is not a macro this page may call — use one of: {names}",
        "zh": "`{name}` 不是这个页面能调用的宏——请用其中之一：{names}",
    },
    "template-literal-arguments": {
        "en": "`{name}` takes only quoted literal arguments — write it like {name}(\"id\")",
        "zh": "`{name}` 只接受带引号的字面参数——请写成 {name}(\"id\") 这样",
    },
    "template-argument": {
        "en": "an argument of `{name}` {problem}",
        "zh": "`{name}` 的参数{problem}",
    },
    "template-argument-count": {
        "en": "`{name}` takes {count}, not {given} — see the macros in CONTRIBUTING.md",
        "zh": "`{name}` 接受 {count}，而不是 {given} 个——见 CONTRIBUTING.md 里的宏",
    },
    "template-argument-range": {
        "en": "`{name}` takes {fewest} to {most} arguments, not {given} — see the macros in CONTRIBUTING.md",
        "zh": "`{name}` 接受 {fewest} 到 {most} 个参数，而不是 {given} 个——见 CONTRIBUTING.md 里的宏",
    },
    # ---- page files (kb.content.reader) ----
    "placeholder": {
        "en": "still holds the scaffold's `TODO` placeholder — replace it with the real value",
        "zh": "还留着脚手架的 `TODO` 占位符——请换成真正的内容",
    },
    "placeholder-text": {
        "en": "still holds the scaffold's `TODO` placeholder — write the text",
        "zh": "还留着脚手架的 `TODO` 占位符——请写上正文",
    },
    "page-translates-nothing": {
        "en": "translates {page}, which does not exist — add the Chinese page or fix the file name",
        "zh": "翻译的是 {page}，但它不存在——请添加中文页面，或改正文件名",
    },
    "page-no-chinese": {
        "en": "{what} has no Chinese page — create {page} (`kb new` writes one)",
        "zh": "{what}没有中文页面——请创建 {page}（`kb new` 会写一个）",
    },
    "page-name-default-suffix": {
        "en": "pages in the default language ({lang}) have no language suffix — rename it {name}",
        "zh": "默认语言（{lang}）的页面没有语言后缀——请改名为 {name}",
    },
    "page-name-dots": {
        "en": "a page's name has no dot but the one before its language — rename it {name}",
        "zh": "页面文件名里只能有语言前面的那一个点——请改名为 {name}",
    },
    "page-name-language": {
        "en": "`.{suffix}` is not a language of the site — rename it {names}",
        "zh": "`.{suffix}` 不是本站的语言——请改名为 {names}",
    },
    "page-name-in": {
        "en": "{name} ({lang})",
        "zh": "{name}（{lang}）",
    },
    "issue-n": {
        "en": "issue {number}",
        "zh": "第 {number} 期",
    },
    "topic-named": {
        "en": "topic `{id}`",
        "zh": "主题 `{id}`",
    },
    "entity-named": {
        "en": "entity `{id}`",
        "zh": "实体 `{id}`",
    },
}
