"""``python -m geochunk`` runs the command line."""

from .cli import run

run()
