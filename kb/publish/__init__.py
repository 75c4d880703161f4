"""What leaves the build: the output firewall that checks every built file, HTML and CSP rules, feeds, the
open-data export, each issue's e-mail, share cards, and the audit of a built site.

Owns: the rules of the published output.
May import: every layer below it (kb.render, kb.content, kb.search, kb.model, kb.markup, kb.project, kb.base).
"""
