"""The words of a query search may set aside, per language: one list, read by the search box through the
language's search vocabulary (kb.search.records.search_vocabulary; kb-search/query.js: contentWords).

A question's function words ("which", 哪个) name no page: a query that finds nothing as typed is searched again
without them, then with the fewest of its other words dropped (kb-search/search.js). Only words that never carry
what a reader looks for belong here; a word that may ("support", 支持: "FP8 support") is left to that dropping,
which says on the panel which words it dropped. Chinese stop words are cut out of a run of characters (哪个引擎:
引擎), so each is two characters or more, except the particles that end a question (吗, 呢) and 的: a single
character that is part of other words (了解, 参与, 及时) is not one. The judgment a yes/no question asks for
("are vendor numbers reliable", 厂商倍数可信吗) is one too: the pages state what a figure rests on and who measured it,
never that it is "reliable", so the word only finds pages that happen to use it elsewhere. A query that is a
glossary name whole ("time to first token") is searched with its stop words.
"""
from __future__ import annotations

STOP_WORDS = {
    "zh": ("有哪些", "哪个", "哪些", "哪家", "哪款", "哪种", "什么", "怎么", "怎样", "如何", "为什么", "是否", "有没有", "能否",
           "可以", "请问", "一下", "目前", "现在", "哪里", "吗", "呢", "的", "可信", "可靠", "靠谱"),
    "en": ("which", "what", "who", "whom", "whose", "how", "why", "when", "where", "does", "do", "did", "is", "are",
           "was", "were", "be", "can", "could", "should", "would", "will", "the", "a", "an", "of", "for", "in", "on",
           "at", "to", "by", "with", "and", "or", "any", "there", "that", "this", "these", "those", "about", "me",
           "i", "we", "you", "it", "its", "vs", "versus", "reliable", "trustworthy", "credible"),
}
# How a query may write a factor, where the language's pages write `written` (kb-search/query.js: asFactor):
# "n times", "n-fold", "nx" and "n 倍" are one figure. `first`: the query is searched so before as typed, as the
# pages write every factor so (English prose writes n×, `kb check --fix`); Chinese pages write n 倍 in prose and
# n× in a figure's hardware (a count of GPUs), so a Chinese query is read so only when it finds nothing as typed.
FACTOR = {
    "zh": {"written": "{n} 倍", "typed": ("x", "×", "times", "fold", "倍"), "first": False},
    "en": {"written": "{n}×", "typed": ("x", "×", "times", "fold", "倍"), "first": True},
}
# How a query may write a percentage, where the pages of both languages write "n%" (Chinese copywriting writes the
# sign after the figure too): "95 percent", "95 per cent" and "95 pct" are one figure, searched so first.
PERCENT = {lang: {"written": "{n}%", "typed": ("percent", "per cent", "pct", "%"), "first": True} for lang in STOP_WORDS}
