"""`python -m flows.cli` runs the `casewright` command."""

from flows.cli import main

main()
