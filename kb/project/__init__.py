"""The project's files: where each kind of content lives, the site's languages, where pages are published,
how content files are read (YAML with lines, front matter), the theme's folders, translations' status from git.

Owns: file names and folders (kb.project.layout), reading files safely (kb.project.sources).
May import: kb.base.
"""
