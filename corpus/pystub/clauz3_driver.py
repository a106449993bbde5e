"""Runs many ClauZ3 plans under CPython from one process, for the
differential harness (corpus/harness: CPythonDriver).

    python3 clauz3_driver.py

Starting python3 and importing the stubs costs more than most plans take
to run, so the harness starts this driver once and sends it one request
per case, a JSON object on a line of stdin:

    {"id": 1, "plan": "/abs/PLAN.py", "target": "main", "args": "{...}",
     "dir": "/work/folder", "path": ["/stub", "/import/root", ...],
     "effects": "/abs/results.json", "trace": "/abs/trace.jsonl",
     "stdout": "/abs/stdout", "stderr": "/abs/stderr", "timeout": 300}

For each request the driver forks. The child is the case's own process:
it starts from the driver's state (the stubs imported, nothing of any
plan), so no case sees another's modules, globals or simulated results.
It takes the case's folder, environment (CLAUZ3_EFFECTS, CLAUZ3_TRACE,
PYTHONPATH) and sys.path, points its fds 1 and 2 at the case's files and
runs exactly what clauz3_run.py runs as a script: load the plan (with
the int64 rewriting of clauz3/_ints.py), call the target, report a
SimulationError as `simulate: ...` with exit status 2, anything else
uncaught as CPython's traceback with exit status 1. SIGALRM ends a child
that outlives its timeout.

When a child ends the driver answers one line on its stdout,
{"id": 1, "exit": N} (N negative for a signal, as Go reports it), or
{"id": 1, "error": "..."} when the child could not be started. Requests
run concurrently; answers come in the order the children end. The driver
exits when stdin closes, after its children have ended.
"""

import json
import os
import selectors
import signal
import sys
import traceback

import clauz3_run
from clauz3._effects import SimulationError

# sys.path as a child starts from: the driver's own, without its script
# folder and the PYTHONPATH entries (each case brings its own).
_PYTHONPATH = [p for p in os.environ.get("PYTHONPATH", "").split(os.pathsep) if p]
_BASE_PATH = [p for p in sys.path[1:] if p not in _PYTHONPATH]


def _depth():
    """The number of Python frames below the caller."""
    n, f = 0, sys._getframe(1)
    while f is not None:
        n, f = n + 1, f.f_back
    return n


def _exit_status(e):
    """The exit status CPython gives an uncaught SystemExit."""
    if e.code is None:
        return 0
    if isinstance(e.code, int):
        return e.code & 0xFF
    print(e.code, file=sys.stderr)
    return 1


def _child(req):
    """Runs one case; never returns."""
    try:
        _setup(req)
    except BaseException:
        # Not the plan's doing: the harness reads this file and reports
        # the case as not run, never as an outcome to compare.
        with open(req["setup_error"], "w", encoding="utf-8") as f:
            traceback.print_exc(file=f)
        os._exit(125)
    code = 1
    try:
        # The script calls the target from module level (depth 1); this
        # child is deeper, so the recursion limit grows by the difference
        # and RecursionError strikes where it does for the script.
        sys.setrecursionlimit(sys.getrecursionlimit() + _depth())
        code = _script(req["plan"], req["target"], req["args"])
    except SystemExit as e:
        code = _exit_status(e)
    except BaseException:
        traceback.print_exc()
        code = 1
    finally:
        try:
            sys.stdout.flush()
            sys.stderr.flush()
        finally:
            os._exit(code)


def _setup(req):
    """Gives the child the case's folder, environment, sys.path, stdin,
    stdout, stderr and time limit."""
    os.chdir(req["dir"])
    os.environ["PYTHONPATH"] = os.pathsep.join(req["path"])
    os.environ["CLAUZ3_EFFECTS"] = req["effects"]
    os.environ["CLAUZ3_TRACE"] = req["trace"]
    # sys.path as for `python3 clauz3_run.py` with the case's
    # PYTHONPATH; load() puts the plan's folder first.
    sys.path[:] = [os.path.dirname(os.path.abspath(clauz3_run.__file__))] + req["path"] + _BASE_PATH
    out = os.open(req["stdout"], os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
    err = os.open(req["stderr"], os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
    os.dup2(out, 1)
    os.dup2(err, 2)
    os.close(out)
    os.close(err)
    null = os.open(os.devnull, os.O_RDONLY)
    os.dup2(null, 0)
    os.close(null)
    sys.stdin = open(0, closefd=False)
    signal.alarm(max(1, int(req["timeout"])))


def _script(plan, target, args_json):
    """clauz3_run.py's module-level code, as a function of the request."""
    fn, args = clauz3_run.load(plan, target, args_json)
    try:
        fn(**args)
    except SimulationError as e:
        sys.stdout.flush()
        print(e, file=sys.stderr)
        sys.exit(2)
    return 0


def _answer(obj):
    os.write(sys.__stdout__.fileno(), (json.dumps(obj) + "\n").encode())


def main():
    sel = selectors.DefaultSelector()
    stdin = sys.stdin.buffer
    sel.register(stdin, selectors.EVENT_READ, None)
    running = {}  # pidfd -> (pid, request id)
    buf = b""
    open_in = True
    while open_in or running:
        for key, _ in sel.select():
            if key.data is None:
                chunk = os.read(stdin.fileno(), 1 << 16)
                if not chunk:
                    sel.unregister(stdin)
                    open_in = False
                    continue
                buf += chunk
                while b"\n" in buf:
                    line, buf = buf.split(b"\n", 1)
                    if line.strip():
                        _start(json.loads(line), sel, running)
                continue
            pidfd = key.fd
            pid, rid = running.pop(pidfd)
            sel.unregister(pidfd)
            os.close(pidfd)
            _, status = os.waitpid(pid, 0)
            if os.WIFSIGNALED(status):
                _answer({"id": rid, "exit": -os.WTERMSIG(status)})
            else:
                _answer({"id": rid, "exit": os.WEXITSTATUS(status)})


def _start(req, sel, running):
    sys.stdout.flush()
    sys.stderr.flush()
    try:
        pid = os.fork()
    except OSError as e:
        _answer({"id": req["id"], "error": f"fork: {e}"})
        return
    if pid == 0:
        _child(req)
    pidfd = os.pidfd_open(pid)
    running[pidfd] = (pid, req["id"])
    sel.register(pidfd, selectors.EVENT_READ, req["id"])


if __name__ == "__main__":
    main()
