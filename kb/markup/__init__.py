"""What a text may contain: Markdown read the way the site's renderer reads it, the allowlists of what it may
make, template calls (`ref()` and the other macros), the glossary, and the numbers prose states.

Owns: the content safety rules (kb.markup.safety, kb.markup.content_markup), the macro names (kb.markup.templates).
May import: kb.base, kb.project.
"""
