"""`python -m borough` runs the command line."""

from borough.cli import main

main()
