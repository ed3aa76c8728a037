"""The original depyf (0.20.0, in build/bench-venv-orig), one function at a time.

    build/bench-venv-orig/bin/python bench/orig_worker.py --start K [--first-modules N]
        [--timeout S] [--reps R]

Enumerates the same functions as inmem_worker.py (same interpreter build, so
the same code objects in the same order), starting at index K, and prints
one JSON line per function on stdout: {"i", "st", "t"} with st one of ok
(depyf.decompile returned text), fail (it raised), timeout (it ran past S
seconds; stopped by SIGALRM).  t is the median of up to R runs (only runs
that end in under 0.5 s are repeated; the original's own memo of results is
emptied before each run).  A first line {"n", "names"} lets the
driver check that both sides see the same functions.  If the process dies
(a crash, a hang in C code), the driver restarts it after the function that
killed it.  What the original prints while it works goes to /dev/null.
"""
import argparse
import gc
import json
import os
import signal
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import common  # noqa: E402


class Timeout(BaseException):  # not an Exception: the decompiler must not catch it
    pass


def _alarm(signum, frame):
    raise Timeout()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--start", type=int, default=0)
    ap.add_argument("--first-modules", type=int, default=None)
    ap.add_argument("--timeout", type=float, default=5.0)
    ap.add_argument("--reps", type=int, default=3)
    args = ap.parse_args()

    out = os.fdopen(os.dup(1), "w")
    devnull = open(os.devnull, "w")
    os.dup2(devnull.fileno(), 1)
    sys.stdout = devnull
    import warnings
    warnings.simplefilter("ignore")
    # The original imports torch when it can, only for its torch.compile
    # hooks: keep it out (3 s of start-up and a heap that slows the gc).
    sys.modules["torch"] = None
    import depyf  # the original: its version is checked by the driver

    # The original memoizes Decompiler.decompile (functools.lru_cache, keyed
    # by the code object): a repeated call, or a nested function already
    # decompiled with its parent, would cost nothing.  The cache is emptied
    # before every timed call, so each one decompiles.
    from depyf.decompiler import Decompiler
    cache_clear = getattr(Decompiler.decompile, "cache_clear", lambda: None)

    _, items = common.corpus_functions(args.first_modules)
    if args.start == 0:
        out.write(json.dumps({"n": len(items), "depyf": depyf.__version__,
                              "names": ["%s:%s:%d" % (rel, c.co_name, c.co_firstlineno)
                                        for _, rel, c in items]}) + "\n")
        out.flush()
    signal.signal(signal.SIGALRM, _alarm)
    perf = time.perf_counter
    for i in range(args.start, len(items)):
        code = items[i][2]
        times = []
        st = "ok"
        if i % 50 == 0:
            gc.collect()
        for rep in range(args.reps):
            cache_clear()
            gc.disable()
            signal.setitimer(signal.ITIMER_REAL, args.timeout)
            t = perf()
            try:
                depyf.decompile(code)
                st = "ok"
            except Timeout:
                st = "timeout"
            except BaseException:  # noqa: B902 - anything the original raises is a failure
                st = "fail"
            dt = perf() - t
            signal.setitimer(signal.ITIMER_REAL, 0)
            gc.enable()
            if st == "timeout":
                times = [args.timeout]
                break
            times.append(dt)
            if dt > 0.5:
                break
        out.write(json.dumps({"i": i, "st": st, "t": common.median(times)}) + "\n")
        out.flush()


if __name__ == "__main__":
    main()
