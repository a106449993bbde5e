"""Runs a ClauZ3 plan under CPython for the differential harness.

    python3 clauz3_run.py PLAN.py TARGET ARGS_JSON

imports PLAN.py as a module (so `if __name__ == "__main__"` idioms do not
matter), converts ARGS_JSON (an object of the target's arguments by name,
in parameter order) by the target's annotations and calls the target.
An uncaught exception ends the run with CPython's traceback on stderr and
exit status 1, as for `python3 plan.py`; a simulation that runs out of
results prints `simulate: no result left for E (call N)` and exits 2, as a
sealed binary does. PYTHONPATH must hold this folder
and the plan's import roots; CLAUZ3_EFFECTS and CLAUZ3_TRACE name the
simulated results and the trace file (see clauz3._effects), and
CLAUZ3_MAX_PROVED_RUNE is the largest character an input or a result may
hold (an argument above it is refused before the target runs).
"""

import importlib.util
import json
import os
import sys
import typing

from clauz3 import _ints
from clauz3._effects import SimulationError, above_proved_rune, convert, max_proved_rune


def load(path, target, args_json):
    """Imports the plan and returns its target and the converted arguments."""
    # As for `python3 plan.py`: the plan's folder comes first on sys.path.
    sys.path[0] = os.path.dirname(os.path.abspath(path))
    sys.argv = [path]
    spec = importlib.util.spec_from_file_location("plan", path)
    mod = importlib.util.module_from_spec(spec)
    sys.modules["plan"] = mod
    # ClauZ3's ints are int64 with OverflowError (clauz3/_ints.py): the
    # plan runs rewritten so that CPython raises where the engines do.
    with open(path, "rb") as f:
        code = _ints.compile_plan(f.read(), path)
    mod.__file__ = path
    _ints.install(mod.__dict__)
    exec(code, mod.__dict__)
    fn = getattr(mod, target)
    hints = typing.get_type_hints(fn)
    args = {name: convert(hints.get(name), v) for name, v in json.loads(args_json).items()}
    # An input the proof never considered is refused before the target
    # runs, as the interpreter and the sealed binary refuse it.
    for name, v in args.items():
        r = above_proved_rune(v)
        if r is not None:
            raise ValueError(
                f"argument {name} of {target}: a str holds U+{r:04X}, above "
                f"U+{max_proved_rune():04X}, the largest character the prover represents"
            )
    return fn, args


# The target is called from module level, as a script's `main()` is, so
# the frame depth (and with it where RecursionError strikes) is the same as
# for `python3 plan.py`. clauz3_driver.py imports load and runs the same
# three steps for each case in a forked child.
if __name__ == "__main__":
    if len(sys.argv) != 4:
        sys.exit("usage: clauz3_run.py PLAN.py TARGET ARGS_JSON")
    _fn, _args = load(*sys.argv[1:])
    try:
        _fn(**_args)
    except SimulationError as e:
        sys.stdout.flush()
        print(e, file=sys.stderr)
        sys.exit(2)
