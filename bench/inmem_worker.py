"""In-memory decompile throughput, run inside the interpreter being measured.

    python3.X bench/inmem_worker.py OUT.json [--reps 3] [--first-modules N]

For every function of this interpreter's stdlib corpus (common.py), times:
  ours          depyf.decompile(code)                  (the installed package)
  ours_partial  depyf.decompile(code, partial=True)
  marshal       marshal.loads(marshal.dumps(code)) alone
  floor         marshal.loads(marshal.dumps(code)) + list(dis.get_instructions(code))
  floor_nested  the same, with get_instructions over every code object nested
                in code too (what decompile(code) also has to decode)
Each figure is the median of --reps passes (gc off while timing).  Writes the
per-function times in seconds and the outcome counts to OUT.json.
"""
import argparse
import dis
import gc
import json
import marshal
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import common  # noqa: E402


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("out")
    ap.add_argument("--reps", type=int, default=3)
    ap.add_argument("--first-modules", type=int, default=None)
    args = ap.parse_args()

    import depyf
    from depyf import DecompilationError

    t0 = time.perf_counter()
    n_mod, items = common.corpus_functions(args.first_modules)
    compile_s = time.perf_counter() - t0
    codes = [c for _, _, c in items]
    nested = [[c] + list(common.walk(c)) for c in codes]
    n = len(codes)
    perf = time.perf_counter

    measures = {
        "ours": lambda c, i: depyf.decompile(c),
        "ours_partial": lambda c, i: depyf.decompile(c, partial=True),
        "marshal": lambda c, i: marshal.loads(marshal.dumps(c)),
        "floor": lambda c, i: (marshal.loads(marshal.dumps(c)), list(dis.get_instructions(c))),
        "floor_nested": lambda c, i: (marshal.loads(marshal.dumps(c)),
                                      [list(dis.get_instructions(x)) for x in nested[i]]),
    }
    times = {k: [[] for _ in range(n)] for k in measures}
    status = {}
    outcomes = {k: [] for k in measures}  # per function, first pass: o(k), u(nrecovered), e(rror)
    errors = []
    for rep in range(args.reps):
        for name, fn in measures.items():
            gc.collect()
            gc.disable()
            sink = times[name]
            for i, c in enumerate(codes):
                t = perf()
                try:
                    fn(c, i)
                    st = "ok"
                except DecompilationError:
                    st = "unrecovered"
                except Exception as e:
                    st = "error"
                    if rep == 0 and len(errors) < 20:
                        errors.append("%s %s:%d %s: %s" % (items[i][1], c.co_name,
                                                           c.co_firstlineno,
                                                           type(e).__name__, e))
                sink[i].append(perf() - t)
                if rep == 0:
                    status.setdefault(name, {}).setdefault(st, 0)
                    status[name][st] += 1
                    outcomes[name].append(st[0])
            gc.enable()

    n_instr = [sum(1 for x in nested_i for _ in dis.get_instructions(x)) for nested_i in nested]
    code_bytes = [sum(len(x.co_code) for x in nested_i) for nested_i in nested]
    result = {
        "version": "%d.%d" % sys.version_info[:2],
        "python": sys.version.split()[0],
        "depyf": getattr(depyf, "__version__", "?"),
        "modules": n_mod,
        "functions": n,
        "compile_s": compile_s,
        "reps": args.reps,
        "status": status,
        "outcomes": {k: "".join(v) for k, v in outcomes.items()},
        "errors": errors,
        "names": ["%s:%s:%d" % (rel, c.co_name, c.co_firstlineno) for _, rel, c in items],
        "instructions": n_instr,
        "code_bytes": code_bytes,
        "times": {k: [common.median(v) for v in vs] for k, vs in times.items()},
    }
    with open(args.out, "w") as f:
        json.dump(result, f)


if __name__ == "__main__":
    main()
