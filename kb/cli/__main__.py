"""`python -m kb.cli`: the `kb` command."""
import sys

from kb.cli.commands import main

if __name__ == "__main__":
    sys.exit(main())
