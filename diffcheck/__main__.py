"""``python -m diffcheck``: the command line."""

from diffcheck.cli import main

main()
