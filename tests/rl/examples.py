"""Loading a script of examples/ as a module, for the tests of its parts."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def load_example(script: str) -> ModuleType:
    """examples/`script`.py as a module (examples/ is a folder of scripts, not a package)."""
    name = f"{script}_example"
    if name not in sys.modules:
        if str(EXAMPLES) not in sys.path:  # as running the script puts it there
            sys.path.insert(0, str(EXAMPLES))
        spec = importlib.util.spec_from_file_location(name, EXAMPLES / f"{script}.py")
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module  # dataclasses look their module up here
        spec.loader.exec_module(module)
    return sys.modules[name]
