"""Messages of `kb check --base`: what a content pull request changed that only a maintainer may change."""

TEMPLATES = {
    "code-path-changed": {
        "en": "{how} outside the content folders ({folders}): code or configuration of the site, which a content "
              "pull request does not change — take it out of the pull request, or ask a maintainer to review it",
        "zh": "{how}，不在内容目录（{folders}）里：这是站点的代码或配置，内容投稿不能改动——请把它从拉取请求中去掉，"
              "或请维护者审核",
    },
    "change-added": {"en": "added", "zh": "新增了这个文件"},
    "change-modified": {"en": "changed", "zh": "改动了这个文件"},
    "change-deleted": {"en": "deleted", "zh": "删除了这个文件"},
    "change-renamed": {"en": "renamed (from or to here)", "zh": "重命名了这个文件（改自或改为此处）"},
    "change-type": {"en": "changed in kind (a file, a link)", "zh": "改变了这个文件的类型（文件或链接）"},
    "base-unreadable": {
        "en": "cannot compare the working tree with `{base}`: {reason} — fetch that commit (`git fetch origin`) "
              "and pass a commit, branch or tag git knows",
        "zh": "无法把工作区与 `{base}` 比较：{reason}——请先取回该提交（`git fetch origin`），再给出 git 认得的提交、分支或标签",
    },
}
