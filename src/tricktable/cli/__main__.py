"""``python -m tricktable.cli``: the ``tricktable`` command."""

from tricktable.cli import main

main()
