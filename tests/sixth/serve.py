"""Borough's command line with Terrace registered: `python -m tests.sixth.serve serve ...`.

The registration runs on import, so the server's bot processes, which start by
importing this module again (multiprocessing's spawn), know the game too.
"""

from borough.cli import main
from borough.games.registry import REGISTRY, register

if "terrace" not in REGISTRY:
    register("terrace", "tests.sixth.rules:Terrace")

if __name__ == "__main__":
    main()
