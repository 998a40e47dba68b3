"""``python -m geochunk`` runs the command line."""

from geochunk.cli import run

run()
