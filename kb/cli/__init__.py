"""The `kb` command: check, fix, new, diff, audit, email, translations and the rest.

Owns: the command line and the review reports (kb diff).
May import: every other kb package; nothing imports it.
"""
from kb.cli.commands import main

__all__ = ["main"]
