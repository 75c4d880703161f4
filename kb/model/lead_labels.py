"""Words of the parts that lead a reader on: previous and next issue, next in a topic, subscribing, the home page's
recent changes, the archive beside an issue and the footer. Merged into kb.model.labels.LABELS (one dictionary per
language for every generated part); kept here, beside it, as one block of the pages' words."""
from __future__ import annotations

LEAD_LABELS = {
    "zh": {
        "issue_nav": "前后各期",
        "previous_issue": "上一期",
        "next_issue": "下一期",
        "next_in_topic": "“{topic}”的下一条",
        "subscribe_what": {"issues": "各期", "topic": "专题“{name}”", "entity": "{name}", "watch": "盯梢清单"},
        "subscribe_hint": "用 RSS 阅读器订阅，有新内容时就能收到。",
        "recent_changes": "最近的变化",
        "changes_since": "自{issue}（{date}）以来",
        "changes_more": "另有 {n} 项，见{page}。",
        "watch_opened": "新开的盯梢项",
        "watch_closed": "了结的盯梢项",
        "claims_checked": "核对过的数字",
        "claims_new": "新报出的数字",
        "archive_by_year": "按年的各期",
        "footer_source": "源代码与内容",
        "footer_generator": "使用 {generator} 构建",
    },
    "en": {
        "issue_nav": "Issues before and after",
        "previous_issue": "Previous issue",
        "next_issue": "Next issue",
        "next_in_topic": "Next in “{topic}”",
        "subscribe_what": {"issues": "Issues", "topic": "Topic “{name}”", "entity": "{name}", "watch": "The watch list"},
        "subscribe_hint": "Follow it in a feed reader to hear of what is new.",
        "recent_changes": "What changed recently",
        "changes_since": "Since {issue} ({date})",
        "changes_more": "{n} more: see the {page}.",
        "watch_opened": "Watch entries opened",
        "watch_closed": "Watch entries resolved",
        "claims_checked": "Figures checked",
        "claims_new": "New figures",
        "archive_by_year": "Issues by year",
        "footer_source": "Source and content",
        "footer_generator": "Made with {generator}",
    },
}
