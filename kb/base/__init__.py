"""What every layer shares, and nothing else: text helpers, problems and their wording in both languages
(`messages`), the limits content must keep, and how names and addresses are read and compared.

Owns: the Problem and ContentError types, every problem message, the size limits (kb.base.limits), name
skeletons (kb.base.names), URL rules (kb.base.urls) and counts in words (kb.base.plural).
May import: the standard library and third-party packages only — never another kb package.
"""
