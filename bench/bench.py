"""The benchmark suite (issue #6): run by `make bench` or `bench/run`.

    bench/run [--skip-torch] [--no-setup] [--report-only] [--quick]
              [--versions 3.8,3.11,3.12,3.13] [--orig-modules 40] ...

Parts (each writes build/bench/raw/<part>.json; --report-only rebuilds
bench/results.md and the plots from those):
  inmem    depyf.decompile on every function of each version's stdlib, with
           the floor (marshal round trip + dis.get_instructions) beside it
  orig     the original depyf 0.20.0 (build/bench-venv-orig, Python 3.11) on
           the functions of the first --orig-modules stdlib modules, one
           subprocess worker with a per-function timeout
  cli      build/depyf over each version's whole stdlib as .pyc files
  torch    torch.compile time with and without depyf.prepare_debug, ours and
           the original, eager and inductor, fresh processes (--skip-torch)
  scaling  generated sources of size N = 10 .. 10,000, five shapes
See bench/README.md.
"""
import argparse
import datetime
import gc
import json
import os
import platform
import shutil
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, HERE)
import common  # noqa: E402
import svgplot  # noqa: E402

BUILD = os.path.join(ROOT, "build")
OUT = os.path.join(BUILD, "bench")
RAW = os.path.join(OUT, "raw")
ORIG_VENV = os.path.join(BUILD, "bench-venv-orig")
ORIG_PY = os.path.join(ORIG_VENV, "bin", "python")
ORIG_PIN = "depyf==0.20.0"
TORCH_PIN = "torch==2.13.0"
DEPYF = os.path.join(BUILD, "depyf")
SCALE_NS = [10, 100, 1000, 3000, 10000]
SUPERLINEAR = 1.2


def log(*a):
    print("[bench %s]" % time.strftime("%H:%M:%S"), *a, flush=True)


def py(version):
    p = common.corpus.interpreter(version)
    if not p:
        raise SystemExit("bench: no Python %s under %s" % (version, common.corpus.pyenv_root()))
    return p


def run(cmd, **kw):
    log("$", " ".join(cmd))
    return subprocess.run(cmd, cwd=ROOT, **kw)


def save(name, data):
    os.makedirs(RAW, exist_ok=True)
    with open(os.path.join(RAW, name + ".json"), "w") as f:
        json.dump(data, f)


def load(name):
    try:
        with open(os.path.join(RAW, name + ".json")) as f:
            return json.load(f)
    except (OSError, ValueError):
        return None


TIME = "/usr/bin/time" if os.access("/usr/bin/time", os.X_OK) else None


def timed_child(cmd, stdout=subprocess.DEVNULL, timeout=None, env=None):
    """Run cmd; (exit status, wall s, user s, sys s, peak RSS KiB), or status
    'timeout'.  User and sys come from wait4 (microseconds; with /usr/bin/time
    in between they include its own share, well under a millisecond).  The
    peak RSS is /usr/bin/time's %M: a child's ru_maxrss from wait4 here would
    include the high-water mark of the Python process it was forked from."""
    rss_file = None
    if TIME:
        fd, rss_file = tempfile.mkstemp(prefix="bench-rss-")
        os.close(fd)
        cmd = [TIME, "-f", "%M", "-o", rss_file] + list(cmd)
    t = time.perf_counter()
    p = subprocess.Popen(cmd, cwd=ROOT, stdout=stdout, stderr=subprocess.DEVNULL, env=env)
    deadline = None if timeout is None else t + timeout
    while True:
        pid, status, ru = os.wait4(p.pid, os.WNOHANG)
        if pid:
            break
        if deadline is not None and time.perf_counter() > deadline:
            p.kill()
            os.wait4(p.pid, 0)
            p.returncode = -9
            if rss_file:
                os.remove(rss_file)
            return "timeout", time.perf_counter() - t, None, None, None
        time.sleep(0.0002)
    wall = time.perf_counter() - t
    p.returncode = status >> 8 if status & 0x7f == 0 else -(status & 0x7f)
    rss = ru.ru_maxrss
    if rss_file:
        with open(rss_file) as f:
            text = f.read().split()
        os.remove(rss_file)
        rss = int(text[-1]) if text and text[-1].isdigit() else None
        if p.returncode and text and text[0] == "Command":  # "Command exited with ..."
            pass
    return p.returncode, wall, ru.ru_utime, ru.ru_stime, rss


# ---- setup -----------------------------------------------------------------------

def setup(args):
    if not args.no_setup:
        # build/depyf and the package in every interpreter (Makefile's own targets)
        if run(["make", "-s", "build/depyf", "install-all"]).returncode:
            raise SystemExit("bench: make build/depyf install-all failed")
        if not args.skip_torch:
            ok = subprocess.run([py("3.11"), "-c", "import torch, transformers; "
                                 "assert torch.__version__.startswith('2.13.')"],
                                capture_output=True).returncode == 0
            if not ok and run(["make", "-s", "torch-deps"]).returncode:
                raise SystemExit("bench: make torch-deps failed")
    # The original depyf: its own venv over the same Python 3.11, with the
    # system site-packages visible so that the torch part sees the same torch
    # (2.13, from `make torch-deps`); depyf 0.20.0 in the venv shadows ours.
    want_version = ORIG_PIN.split("==")[1]
    probe = [ORIG_PY, "-c", "import sys; sys.modules['torch'] = None; import depyf; "
             "print(depyf.__version__, depyf.__file__)"]
    have = subprocess.run(probe, capture_output=True, text=True) if os.path.exists(ORIG_PY) else None
    if not have or have.returncode or not have.stdout.startswith(want_version) \
            or ORIG_VENV not in have.stdout:
        if args.no_setup and not os.path.exists(ORIG_PY):
            raise SystemExit("bench: %s missing (run without --no-setup)" % ORIG_VENV)
        if not os.path.exists(ORIG_PY):
            if run([py("3.11"), "-m", "venv", "--system-site-packages", ORIG_VENV]).returncode:
                raise SystemExit("bench: cannot create %s" % ORIG_VENV)
        if run([ORIG_PY, "-m", "pip", "install", "-q", "--disable-pip-version-check",
                ORIG_PIN, "astor", "dill"]).returncode:
            raise SystemExit("bench: pip install %s failed" % ORIG_PIN)


# ---- 1. in memory ------------------------------------------------------------------

def inmem_run(version, tag, reps, first=None):
    """inmem_worker.py's results for one interpreter (the first `first`
    modules' functions, or all)."""
    out = os.path.join(RAW, "%s.json" % tag)
    cmd = [py(version), os.path.join(HERE, "inmem_worker.py"), out, "--reps", str(reps)]
    if first:
        cmd += ["--first-modules", str(first)]
    if run(cmd).returncode:
        raise SystemExit("bench: in-memory worker failed (%s)" % tag)
    with open(out) as f:
        return json.load(f)


def part_inmem(args):
    res = {}
    for v in args.versions:
        t = time.perf_counter()
        res[v] = inmem_run(v, "inmem-%s" % v, args.reps)
        log("in memory %s: %.1f s" % (v, time.perf_counter() - t))
    return res


# ---- 1b. the original depyf ----------------------------------------------------------

def time_ours_around(args, first, tag):
    """Ours over the original's functions, in a worker of its own (timed as
    part_inmem times it): per-function times, and their names."""
    r = inmem_run("3.11", "ours-%s" % tag, args.reps, first)
    return r["times"]["ours"], r["names"]


def part_orig(args):
    """One worker process; restarted after a function that kills or hangs it.
    Ours runs over the same functions just before and just after it: the
    machine's speed drifts by up to 2x within minutes, and the ratio takes
    the mean of the two, so that a drift during the original's run counts
    on both sides."""
    first = args.orig_modules if args.orig_modules > 0 else None
    ours_before, ours_names = time_ours_around(args, first, "before")
    cmd = [ORIG_PY, os.path.join(HERE, "orig_worker.py"), "--timeout", str(args.orig_timeout),
           "--reps", str(args.reps)] + (["--first-modules", str(first)] if first else [])
    n = None
    names = None
    version = None
    rows = {}
    start = 0
    restarts = []
    t0 = time.perf_counter()
    hang_limit = args.orig_timeout * args.reps + 60
    while n is None or start < n:
        log("original depyf from function %d" % start)
        p = subprocess.Popen(cmd + ["--start", str(start)], cwd=ROOT, stdout=subprocess.PIPE,
                             stderr=subprocess.DEVNULL, text=True)
        import selectors
        sel = selectors.DefaultSelector()
        sel.register(p.stdout, selectors.EVENT_READ)
        buf = ""
        last = time.perf_counter()
        done = False
        while not done:
            if not sel.select(timeout=1.0):
                if time.perf_counter() - last > hang_limit:
                    p.kill()
                    break
                continue
            chunk = os.read(p.stdout.fileno(), 1 << 16).decode()
            if not chunk:
                break
            buf += chunk
            while "\n" in buf:
                line, buf = buf.split("\n", 1)
                rec = json.loads(line)
                last = time.perf_counter()
                if "n" in rec:
                    n, names, version = rec["n"], rec["names"], rec["depyf"]
                else:
                    rows[rec["i"]] = rec
                    start = rec["i"] + 1
        p.wait()
        sel.close()
        if n is None:
            raise SystemExit("bench: the original depyf's worker did not start")
        if start < n:
            # the process died or hung on function `start`
            rows[start] = {"i": start, "st": "crash" if p.returncode not in (0, -9) else "hang",
                           "t": None}
            restarts.append({"function": names[start], "returncode": p.returncode})
            start += 1
    log("original depyf: %d functions in %.1f s" % (n, time.perf_counter() - t0))
    ours_after, _ = time_ours_around(args, first, "after")
    return {"n": n, "names": names, "depyf": version, "modules": args.orig_modules,
            "timeout": args.orig_timeout, "status": [rows[i]["st"] for i in range(n)],
            "times": [rows[i]["t"] for i in range(n)], "restarts": restarts,
            "ours_around": ([(x + y) / 2 for x, y in zip(ours_before, ours_after)]
                            if ours_names == names else None),
            "ours_before_after_s": [sum(ours_before), sum(ours_after)],
            "wall_s": time.perf_counter() - t0}


# ---- 2. the command line ----------------------------------------------------------------

def part_cli(args):
    res = {}
    for v in args.versions:
        d = os.path.join(OUT, "pyc-%s" % v)
        r = run([py(v), os.path.join(HERE, "compile_tree.py"), d], capture_output=True, text=True)
        if r.returncode:
            raise SystemExit("bench: compiling the %s stdlib failed:\n%s" % (v, r.stderr))
        stamp = json.loads(r.stdout.strip().splitlines()[-1])
        files = []
        for dirpath, _, filenames in os.walk(d):
            files += [os.path.join(dirpath, f) for f in filenames if f.endswith(".pyc")]
        files.sort()
        runs = []
        for _ in range(args.cli_reps):
            rc, wall, user, sys_, rss = timed_child([DEPYF, d], timeout=600)
            runs.append({"rc": rc, "wall": wall, "user": user, "sys": sys_, "rss_kb": rss})
        per_file = []
        for f in files:
            rc, wall, user, sys_, rss = timed_child([DEPYF, f], timeout=120)
            per_file.append({"file": os.path.relpath(f, d), "rc": rc, "wall": wall,
                             "cpu": None if user is None else user + sys_, "rss_kb": rss,
                             "bytes": os.path.getsize(f)})
        res[v] = {"files": len(files), "bytes": sum(os.path.getsize(f) for f in files),
                  "stamp": stamp, "runs": runs, "per_file": per_file}
        log("command line %s: %d files, median wall %.3f s" % (
            v, len(files), common.median([x["wall"] for x in runs])))
    return res


# ---- 3. torch.compile ------------------------------------------------------------------------

TORCH_CONFIGS = [("off", "ours"), ("on", "ours"), ("on", "orig")]


def part_torch(args):
    env = dict(os.environ)
    cache = os.path.join(OUT, "torch-cache")
    # Inductor's kernels stay cached on disk (warmed below, so no C++ compile
    # is timed); the FX graph and AOT autograd caches are off, so every
    # process runs Dynamo, AOT autograd and Inductor's lowering in full.
    env.update(TORCHINDUCTOR_CACHE_DIR=cache, TORCHINDUCTOR_FX_GRAPH_CACHE="0",
               TORCHINDUCTOR_AUTOGRAD_CACHE="0", TORCHINDUCTOR_COMPILE_THREADS="1",
               OMP_NUM_THREADS="1",
               TOKENIZERS_PARALLELISM="false", TRANSFORMERS_OFFLINE="1", HF_HUB_OFFLINE="1")
    interp = {"ours": py("3.11"), "orig": ORIG_PY}
    dumps = os.path.join(OUT, "torch-dump")
    shutil.rmtree(dumps, ignore_errors=True)
    worker = os.path.join(HERE, "torch_worker.py")

    def one(mode, side, backend, tag):
        out = os.path.join(OUT, "torch-%s.json" % tag)
        if os.path.exists(out):
            os.remove(out)
        workloads = args.torch_workloads if backend == "eager" else args.torch_inductor_workloads
        cmd = [interp[side], worker, out, "--mode", mode, "--backend", backend,
               "--workloads", workloads, "--dump", os.path.join(dumps, tag)]
        rc, wall, user, sys_, rss = timed_child(cmd, timeout=600, env=env)
        try:
            with open(out) as f:
                r = json.load(f)
        except (OSError, ValueError):
            r = {"times": {}, "errors": {"process": "exit status %s" % rc}}
        r.update(rc=rc, wall=wall, rss_kb=rss)
        return r

    log("torch: warming Inductor's kernel cache")
    for backend in ("inductor",):
        one("off", "ours", backend, "warmup-%s" % backend)
    runs = []
    t0 = time.perf_counter()
    skipped = 0
    for rep in range(args.torch_reps):
        if rep > 0 and time.perf_counter() - t0 > args.torch_budget:
            skipped = args.torch_reps - rep
            log("torch: %d s spent, %d repetition(s) left out" % (args.torch_budget, skipped))
            break
        configs = TORCH_CONFIGS[rep % 3:] + TORCH_CONFIGS[:rep % 3]  # rotate the order
        for mode, side in configs:
            for backend in ("eager", "inductor"):
                tag = "%s-%s-%s-%d" % (side, mode, backend, rep)
                r = one(mode, side, backend, tag)
                log("torch %s: %s" % (tag, " ".join("%s=%.2fs" % kv for kv in
                                                      sorted(r.get("cpu", {}).items()))))
                runs.append({"side": side, "mode": mode, "backend": backend, "rep": rep,
                             "result": r})
    files = {}
    for tag in os.listdir(dumps) if os.path.isdir(dumps) else []:
        n = sum(len(fs) for _, _, fs in os.walk(os.path.join(dumps, tag)))
        files[tag] = n
    return {"runs": runs, "dump_files": files, "reps_left_out": skipped,
            "workloads": {"eager": args.torch_workloads.split(","),
                          "inductor": args.torch_inductor_workloads.split(",")}}


# ---- 4. scaling -----------------------------------------------------------------------------

VALGRIND = shutil.which("valgrind")


def instructions_executed(cmd):
    """Machine instructions the command executes (cachegrind's I refs): a
    figure that the other loads on a shared machine do not disturb."""
    if not VALGRIND:
        return None
    r = subprocess.run([VALGRIND, "--tool=cachegrind", "--cache-sim=no",
                        "--cachegrind-out-file=/dev/null"] + cmd, cwd=ROOT,
                       stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, timeout=900)
    for line in r.stderr.splitlines():
        if "I" in line and "refs:" in line:
            return int(line.split(":")[1].strip().replace(",", ""))
    return None


def decompiles(v, series, n, scratch):
    """Exit status of build/depyf on series at size n (generated by python v)."""
    r = subprocess.run([py(v), os.path.join(HERE, "scale_worker.py"), "gen", scratch,
                        "--series", series, "--ns", str(n)], cwd=ROOT, capture_output=True)
    pyc = os.path.join(scratch, "%s-%d.pyc" % (series, n))
    if r.returncode or not os.path.exists(pyc):
        return None
    return subprocess.run([DEPYF, pyc], stdout=subprocess.DEVNULL,
                          stderr=subprocess.DEVNULL).returncode


def part_scaling(args):
    res = {}
    for v in args.scaling_versions:
        d = os.path.join(OUT, "scale-%s" % v)
        shutil.rmtree(d, ignore_errors=True)
        r = run([py(v), os.path.join(HERE, "scale_worker.py"), "gen", d,
                 "--ns", ",".join(map(str, args.scale_ns))])
        if r.returncode:
            raise SystemExit("bench: generating the scaling series failed on %s" % v)
        with open(os.path.join(d, "manifest.json")) as f:
            man = json.load(f)
        base = [timed_child([DEPYF, man["empty"]]) for _ in range(3)]
        man["cli_baseline_rss_kb"] = common.median([b[4] for b in base])
        man["cli_baseline_ir"] = instructions_executed([DEPYF, man["empty"]])
        for series, entry in man["series"].items():
            for row in entry["rows"]:
                if "pyc" not in row:
                    continue
                rr = subprocess.run([py(v), os.path.join(HERE, "scale_worker.py"), "decompile",
                                     row["pyc"], "--reps", str(max(args.reps, 5))], cwd=ROOT,
                                    capture_output=True, text=True, timeout=900)
                if rr.returncode:
                    row["mem"] = {"outcome": "crash: exit status %d" % rr.returncode,
                                  "stderr": rr.stderr[-500:]}
                else:
                    row["mem"] = json.loads(rr.stdout.strip().splitlines()[-1])
                cli = [timed_child([DEPYF, row["pyc"]], timeout=300) for _ in range(args.cli_reps)]
                row["cli"] = {"rc": cli[0][0],
                              "wall": common.median([c[1] for c in cli]),
                              "cpu": None if cli[0][2] is None else
                              common.median([c[2] + c[3] for c in cli]),
                              "rss_kb": None if cli[0][4] is None else
                              common.median([c[4] for c in cli]),
                              "ir": instructions_executed([DEPYF, row["pyc"]])}
                log("scaling %s %s N=%d: %s in memory %.4f s, CLI %.4f s %s KiB, %s instr." % (
                    v, series, row["n"], row["mem"].get("outcome", "?")[:40],
                    row["mem"].get("t") or -1, row["cli"]["wall"], row["cli"]["rss_kb"],
                    row["cli"]["ir"]))
            # where the decompiler stops: bisect between the last N that
            # decompiled whole and the first that did not (2% resolution)
            rows = [r for r in entry["rows"] if "cli" in r]
            good = [r["n"] for r in rows if r["cli"]["rc"] == 0]
            bad = [r["n"] for r in rows if r["cli"]["rc"] != 0]
            if good and bad and min(bad) > max(good):
                lo, hi = max(good), min(bad)
                scratch = os.path.join(OUT, "scale-bisect-%s" % v)
                while hi - lo > max(1, lo // 50):
                    mid = (lo + hi) // 2
                    if decompiles(v, series, mid, scratch) == 0:
                        lo = mid
                    else:
                        hi = mid
                entry["largest_decompiled"] = lo
                entry["smallest_failing"] = hi
                shutil.rmtree(scratch, ignore_errors=True)
                log("scaling %s %s: decompiles up to N=%d, not at N=%d" % (v, series, lo, hi))
        res[v] = man
    return res


# ---- the report ------------------------------------------------------------------------------

def us(x):
    return "%.1f" % (x * 1e6) if x == x else "n/a"


def pct(a, b):
    return "%.1f%%" % (100.0 * a / b) if b else "n/a"


def fmt_n(x):
    return "{:,}".format(x)


def machine():
    cpu = "?"
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    cpu = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    mem = "?"
    try:
        with open("/proc/meminfo") as f:
            mem = "%.0f GiB" % (int(f.readline().split()[1]) / 2 ** 20)
    except (OSError, ValueError, IndexError):
        pass
    return "%s, %d cores, %s, %s" % (cpu, os.cpu_count() or 0, mem, platform.platform())


def git_rev():
    r = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True,
                       text=True)
    d = subprocess.run(["git", "status", "--porcelain", "--", "src", "python"], cwd=ROOT,
                       capture_output=True, text=True)
    return (r.stdout.strip() or "?") + (" (with uncommitted changes in src/ or python/)"
                                        if d.stdout.strip() else "")


class Report:
    def __init__(self):
        self.lines = []
        self.targets = []

    def p(self, *lines):
        self.lines.extend(lines)

    def table(self, header, rows):
        self.p("| " + " | ".join(header) + " |", "| " + " | ".join("---" for _ in header) + " |")
        for r in rows:
            self.p("| " + " | ".join(str(c) for c in r) + " |")
        self.p("")

    def target(self, what, goal, measured, met):
        self.targets.append((what, goal, measured, "met" if met else
                             ("not measured" if met is None else "**not met**")))


def report_inmem(rep, inmem, orig):
    rep.p("## 1. Decompiling in memory: `depyf.decompile(code)` per function", "",
          "Every def and lambda body (nested ones included) of each interpreter's stdlib "
          "corpus, compiled by that interpreter, decompiled by the package installed in it. "
          "Per function: the median of %s passes; *total* is the sum over all functions. "
          "*strict*: `decompile(code)`, which raises `DecompilationError` when a region is "
          "not recovered; *partial*: `decompile(code, partial=True)`, which returns the text "
          "with that region marked.  The floor is `marshal.loads(marshal.dumps(code))` + "
          "`list(dis.get_instructions(code))` in the same interpreter (\"+nested\": "
          "get_instructions over the nested code objects too, which decompile also reads); "
          "*marshal* is the round trip alone." % next(iter(inmem.values()))["reps"], "")
    rows = []
    for v, r in sorted(inmem.items(), key=lambda kv: [int(x) for x in kv[0].split(".")]):
        t = r["times"]
        st, sp = r["status"]["ours"], r["status"]["ours_partial"]
        rows.append([v, fmt_n(r["modules"]), fmt_n(r["functions"]),
                     "%s / %s / %s" % (fmt_n(st.get("ok", 0)), fmt_n(st.get("unrecovered", 0)),
                                       fmt_n(st.get("error", 0))),
                     "%s / %s / %s" % (fmt_n(sp.get("ok", 0)), fmt_n(sp.get("unrecovered", 0)),
                                       fmt_n(sp.get("error", 0))),
                     us(common.median(t["ours"])), us(common.percentile(t["ours"], 99)),
                     "%.3f" % sum(t["ours"]), "%.3f" % sum(t["ours_partial"]),
                     us(common.median(t["floor"])), us(common.percentile(t["floor"], 99)),
                     "%.3f" % sum(t["floor"]), "%.3f" % sum(t["floor_nested"]),
                     "%.3f" % sum(t["marshal"]),
                     "%.2f×" % (sum(t["ours"]) / sum(t["floor"]))])
        ratio = sum(t["ours"]) / sum(t["floor"])
        rep.target("in memory %s: total within 3× of the floor" % v, "≤ 3×",
                   "%.2f× (%.3f s vs %.3f s)" % (ratio, sum(t["ours"]), sum(t["floor"])),
                   ratio <= 3)
    rep.table(["Python", "modules", "functions", "strict ok / unrecovered / error",
               "partial ok / unrecovered / error", "ours median µs", "ours p99 µs",
               "ours total s", "partial total s", "floor median µs", "floor p99 µs",
               "floor total s", "floor+nested total s", "marshal total s",
               "ours / floor (total)"], rows)
    for v, r in sorted(inmem.items()):
        if r.get("errors"):
            rep.p("Python %s: `decompile` raised something other than DecompilationError "
                  "(a bug) on:" % v, "")
            rep.p(*["- `%s`" % e for e in r["errors"]])
            rep.p("")
    if not orig or "3.11" not in inmem:
        rep.target("in memory: ours ≥ 100× faster than the original (median)", "≥ 100×",
                   "not run", None)
        return
    r = inmem["3.11"]
    n = orig["n"]
    if r["names"][:n] != orig["names"]:
        rep.p("**The original's worker saw other functions than ours: no comparison.**", "")
        return
    ours = r["times"]["ours"][:n]
    ours_partial = r["times"]["ours_partial"][:n]
    ost = orig["status"]
    ot = orig["times"]
    counts = {}
    for s in ost:
        counts[s] = counts.get(s, 0) + 1
    oc = r.get("outcomes", {}).get("ours", "")[:n]
    op = r.get("outcomes", {}).get("ours_partial", "")[:n]
    both = [i for i in range(n) if ost[i] == "ok"]
    timed = [i for i in range(n) if ot[i] is not None]
    o_all = [ot[i] for i in timed]
    rows = [["original depyf %s" % orig["depyf"], fmt_n(n),
             "%s ok, %s raised, %s timed out (> %g s), %s crashed/hung" % (
                 fmt_n(counts.get("ok", 0)), fmt_n(counts.get("fail", 0)),
                 fmt_n(counts.get("timeout", 0)), orig["timeout"],
                 fmt_n(counts.get("crash", 0) + counts.get("hang", 0))),
             us(common.median(o_all)), us(common.percentile(o_all, 99)), "%.2f" % sum(o_all),
             us(common.median([ot[i] for i in both])), "%.2f" % sum(ot[i] for i in both)]]
    rows.append(["ours (strict)", fmt_n(n), "%s ok, %s unrecovered (DecompilationError), "
                 "%s other errors" % (fmt_n(oc.count("o")), fmt_n(oc.count("u")),
                                      fmt_n(oc.count("e"))),
                 us(common.median(ours)), us(common.percentile(ours, 99)), "%.4f" % sum(ours),
                 us(common.median([ours[i] for i in both])), "%.4f" % sum(ours[i] for i in both)])
    rows.append(["ours (partial=True)", fmt_n(n), "%s ok, %s unrecovered, %s other errors" % (
                     fmt_n(op.count("o")), fmt_n(op.count("u")), fmt_n(op.count("e"))),
                 us(common.median(ours_partial)), us(common.percentile(ours_partial, 99)),
                 "%.4f" % sum(ours_partial),
                 us(common.median([ours_partial[i] for i in both])),
                 "%.4f" % sum(ours_partial[i] for i in both)])
    rep.p("### Against the original depyf 0.20.0 (Python 3.11)", "",
          "The functions of the first %s stdlib modules (sorted by path), in "
          "`build/bench-venv-orig`; one worker process, each function under a %g s "
          "timeout (SIGALRM), the worker restarted after a function that kills it.  The "
          "original memoizes `Decompiler.decompile` (an lru_cache keyed by the code object): "
          "the memo is emptied before every timed call, so that each call decompiles.  The "
          "original's \"ok\" only means it returned text: it drops default arguments, for "
          "one, so its text is often not the function.  A timed-out function counts %g s." % (
              orig["modules"] if orig["modules"] else "all", orig["timeout"], orig["timeout"]),
          "")
    rep.table(["decompiler", "functions", "outcome", "median µs", "p99 µs", "total s",
               "median µs where the original succeeds", "total s there"], rows)
    around = orig.get("ours_around")
    if around:
        ours = around
        before, after = orig["ours_before_after_s"]
        rep.p("The ratios below take ours as timed just before and just after the original "
              "(the mean of the two runs per function; median %s µs over all, %s µs where the "
              "original succeeds; %.4f s and %.4f s in total), not from the table's run: the "
              "machine's speed drifts within minutes, and times taken minutes apart would "
              "carry that drift into the ratio." % (
                  us(common.median(ours)), us(common.median([ours[i] for i in both])),
                  before, after), "")
    m_all = common.median(o_all) / common.median(ours)
    m_both = common.median([ot[i] for i in both]) / common.median([ours[i] for i in both])
    tot = sum(ot[i] for i in both) / sum(ours[i] for i in both)
    rep.p("Ours is **%.0f×** faster per function (median over all %s functions), **%.0f×** "
          "(median) and **%.0f×** (total) over the %s functions the original decompiles." % (
              m_all, fmt_n(n), m_both, tot, fmt_n(len(both))), "")
    rep.target("in memory: ours ≥ 100× faster than the original per function (median)",
               "≥ 100×", "%.0f× (%.0f× where the original succeeds)" % (m_all, m_both),
               min(m_all, m_both) >= 100)


def report_cli(rep, cli):
    rep.p("## 2. The command line over whole stdlib trees", "",
          "`build/depyf DIR > /dev/null` on each interpreter's stdlib corpus compiled to .pyc "
          "(`build/bench/pyc-3.X`, py_compile with cfile=).  Median of the runs; CPU is "
          "user + sys (`os.wait4`) and peak RSS is `/usr/bin/time`'s.  Exit status 1 means "
          "some regions were not recovered (they are still printed, marked).  The last "
          "columns come from one more pass, one process per file.", "")
    rows = []
    for v, r in sorted(cli.items(), key=lambda kv: [int(x) for x in kv[0].split(".")]):
        runs = r["runs"]
        wall = common.median([x["wall"] for x in runs])
        cpu = common.median([x["user"] + x["sys"] for x in runs])
        rss = common.median([x["rss_kb"] for x in runs])
        pf = [x for x in r["per_file"] if x["wall"] is not None]
        slow = max(pf, key=lambda x: x["wall"])
        big = max(pf, key=lambda x: x["rss_kb"] or 0)
        bad = sum(1 for x in r["per_file"] if x["rc"] not in (0, 1))
        rows.append([v, fmt_n(r["files"]), "%.1f" % (r["bytes"] / 1e6), "%.3f" % wall,
                     "%.3f" % cpu, "%.0f" % (r["files"] / wall), "%.1f" % (r["bytes"] / 1e6 / wall),
                     "%.1f" % (r["bytes"] / 1e6 / cpu), "%.1f" % (rss / 1024.0),
                     ",".join(sorted(set(str(x["rc"]) for x in runs))),
                     "%s (%.1f ms)" % (slow["file"], slow["wall"] * 1e3),
                     "%s (%.1f MiB)" % (big["file"], big["rss_kb"] / 1024.0), bad])
        rep.target("command line %s: whole stdlib under 1 s of CPU" % v, "< 1 s",
                   "%.3f s" % cpu, cpu < 1.0)
    rep.table(["Python", ".pyc files", "MB", "wall s", "CPU s", "files/s (wall)",
               "MB/s (wall)", "MB/s (CPU)", "peak RSS MiB", "exit", "slowest file",
               "largest peak", "files with exit ≥ 2"], rows)


def report_torch(rep, tr):
    rep.p("## 3. torch.compile with and without `depyf.prepare_debug`", "")
    if not tr:
        rep.p("Not run (`--skip-torch`).", "")
        rep.target("torch.compile: ≤ 5% extra compile time with prepare_debug", "≤ 5%",
                   "not run", None)
        return
    reps = max(x["rep"] for x in tr["runs"]) + 1
    if tr.get("reps_left_out"):
        rep.p("(%d repetition(s) left out: the part's time budget was spent.)" % tr["reps_left_out"],
              "")
    rep.p("Python 3.11, PyTorch %s (CPU).  Each figure is the median over %d fresh "
          "processes of the first call of the compiled callable (the one that compiles), "
          "`with depyf.prepare_debug(dir):` around it when *on* (its exit and dump "
          "included): the CPU seconds of the process (all threads; Inductor's compile "
          "workers kept in-process), which the other loads of a shared machine disturb less "
          "than the wall seconds, shown last.  Inductor's kernel cache on disk is warm (no "
          "C++ compiler is timed) and its FX-graph and AOT-autograd caches are off, so "
          "Dynamo, AOT autograd and Inductor's lowering run in full every time; each process "
          "first compiles a trivial function without depyf, so that torch's own lazy imports "
          "are not charged to the first workload (depyf's are).  The "
          "original depyf runs in its venv over the same torch; *off* is plain torch.compile "
          "(the same torch for both).  Workloads: *toy* (a function with a graph break), "
          "*mlp* (a small function with a loop), *bert* and *gpt2* (2-layer transformers "
          "models from configs, random weights)." % (_torch_version(tr), reps), "")

    def med(side, mode, backend, w, key):
        ts = [x["result"].get(key, {}).get(w) for x in tr["runs"]
              if x["side"] == side and x["mode"] == mode and x["backend"] == backend]
        ts = [t for t in ts if t is not None]
        return common.median(ts) if ts else None

    def err(side, mode, backend, w):
        for x in tr["runs"]:
            if x["side"] == side and x["mode"] == mode and x["backend"] == backend:
                e = x["result"].get("errors", {}).get(w)
                if e:
                    return e
        return "?"

    rows = []
    sums = {"off": 0.0, "ours": 0.0, "orig": 0.0}
    sums_wall = {"off": 0.0, "ours": 0.0}
    orig_complete = True
    worst = None
    workloads = tr["workloads"]
    if isinstance(workloads, list):
        workloads = {"eager": workloads, "inductor": workloads}
    for backend in ("eager", "inductor"):
        for w in workloads.get(backend, []):
            off = med("ours", "off", backend, w, "cpu")
            on = med("ours", "on", backend, w, "cpu")
            orig = med("orig", "on", backend, w, "cpu")
            off_w = med("ours", "off", backend, w, "times")
            on_w = med("ours", "on", backend, w, "times")

            def cell(v, side, mode):
                return "%.2f" % v if v is not None else "failed: %s" % err(side, mode, backend, w)

            def extra(v, base):
                return "%+.1f%%" % (100.0 * (v / base - 1)) if v is not None and base else "n/a"
            if off is not None and on is not None:
                sums["off"] += off
                sums["ours"] += on
                if worst is None or on / off > worst[2]:
                    worst = (backend, w, on / off)
                if orig is not None:
                    sums["orig"] += orig
                else:
                    orig_complete = False
            if off_w is not None and on_w is not None:
                sums_wall["off"] += off_w
                sums_wall["ours"] += on_w
            rows.append([backend, w, cell(off, "ours", "off"), cell(on, "ours", "on"),
                         extra(on, off), cell(orig, "orig", "on"), extra(orig, off),
                         "%.2f / %.2f (%s)" % (off_w, on_w, extra(on_w, off_w))
                         if off_w is not None and on_w is not None else "n/a"])
    rep.table(["backend", "workload", "off CPU s", "ours on CPU s", "ours extra",
               "original on CPU s", "original extra", "wall s off / ours on (extra)"], rows)
    errors = {}
    for x in tr["runs"]:
        for k, e in x["result"].get("errors", {}).items():
            if not k.endswith(":traceback"):
                errors.setdefault((x["side"], x["mode"], x["backend"], k), e)
    if errors:
        rep.p("Errors raised out of the compiled call:", "")
        for (side, mode, backend, w), e in sorted(errors.items()):
            rep.p("- %s %s %s %s: `%s`" % (side, mode, backend, w, e.replace("`", "'")[:300]))
        rep.p("")
    files = tr.get("dump_files", {})
    if files:
        def count(side):
            vs = [n for tag, n in files.items() if tag.startswith(side + "-on-")]
            return common.median(vs) if vs else 0
        rep.p("Files dumped per process (median): ours %d, original %d." % (
            count("ours"), count("orig")), "")
    if sums["off"]:
        total = sums["ours"] / sums["off"] - 1
        rep.p("All workloads together, CPU: %.2f s off, %.2f s with ours (%+.1f%%)%s; wall: "
              "%+.1f%%.  The worst single workload (CPU) is %s/%s at %+.1f%%." % (
                  sums["off"], sums["ours"], 100 * total,
                  ", %.2f s with the original (%+.1f%%)" % (
                      sums["orig"], 100 * (sums["orig"] / sums["off"] - 1))
                  if orig_complete else "",
                  100 * (sums_wall["ours"] / sums_wall["off"] - 1) if sums_wall["off"] else 0,
                  worst[0], worst[1], 100 * (worst[2] - 1)), "")
        rep.target("torch.compile: ≤ 5% extra compile time with prepare_debug (CPU, all "
                   "workloads together)", "≤ 5%", "%+.1f%% (worst workload %s/%s %+.1f%%)" % (
                       100 * total, worst[0], worst[1], 100 * (worst[2] - 1)), total <= 0.05)
    # depyf's own CPU inside each *on* process: prepare_debug's entry and exit
    # and its hooks (which include the graph formatting PyTorch does for them)
    own_rows, own_sum, rest_sum, own_worst = [], 0.0, 0.0, None
    for backend in ("eager", "inductor"):
        for w in workloads.get(backend, []):
            own = med("ours", "on", backend, w, "own_cpu")
            on = med("ours", "on", backend, w, "cpu")
            if own is None or on is None or on <= own:
                continue
            share = own / (on - own)
            own_sum += own
            rest_sum += on - own
            if own_worst is None or share > own_worst[2]:
                own_worst = (backend, w, share)
            own_rows.append([backend, w, "%.3f" % own, "%.2f" % (on - own), "%+.1f%%" % (100 * share)])
    if own_rows:
        rep.p("The difference of two sets of processes moves with the machine's drift (a workload's "
              "*off* CPU time spans up to 30% between the repetitions of one run).  Measured "
              "inside each *on* process instead, what depyf itself spends (the CPU of entering and "
              "leaving `prepare_debug` and of its hooks during the compile, the graph formatting "
              "they ask of PyTorch included), against the rest of that process's compile "
              "(median of the repetitions):", "")
        rep.table(["backend", "workload", "depyf CPU s", "the rest, CPU s", "extra"], own_rows)
        total_own = own_sum / rest_sum
        rep.p("All workloads together: %.3f s of depyf against %.2f s (%+.1f%%); the worst "
              "workload %s/%s %+.1f%%." % (own_sum, rest_sum, 100 * total_own, own_worst[0],
                                           own_worst[1], 100 * own_worst[2]), "")
        rep.target("torch.compile: ≤ 5% extra compile time with prepare_debug (depyf's own CPU "
                   "inside the process, all workloads together)", "≤ 5%",
                   "%+.1f%% (worst workload %s/%s %+.1f%%)" % (
                       100 * total_own, own_worst[0], own_worst[1], 100 * own_worst[2]),
                   total_own <= 0.05)


def _torch_version(tr):
    for x in tr["runs"]:
        if x["result"].get("torch"):
            return x["result"]["torch"]
    return "?"


def scaling_rows(man):
    """[(series, row)] with the measured figures."""
    out = []
    for series, entry in man["series"].items():
        for row in entry["rows"]:
            out.append((series, row))
    return out


def fits(entry, base_kb, base_ir):
    """Growth exponents of one series over N >= 1000 (below, fixed costs
    dominate): best in-memory time, the CLI's instructions executed and peak
    RSS (both above an empty module's)."""
    ok = [r for r in entry["rows"] if "mem" in r and r["n"] >= 1000 and r["mem"].get("t")]
    ns = [r["n"] for r in ok]
    t_mem = common.loglog_slope(ns, [r["mem"].get("t_min", r["mem"]["t"]) for r in ok])
    irs = [r for r in ok if r["cli"].get("ir")]
    ir = common.loglog_slope([r["n"] for r in irs], [r["cli"]["ir"] - (base_ir or 0) for r in irs])
    big = [r for r in ok if r["cli"]["rss_kb"]]
    rss = common.loglog_slope([r["n"] for r in big],
                              [max(r["cli"]["rss_kb"] - base_kb, 1) for r in big])
    return t_mem, ir, rss


def report_scaling(rep, sc):
    rep.p("## 4. Scaling: generated code of size N", "",
          "Five shapes, compiled by each interpreter (`bench/scale_worker.py`): *statements* "
          "(a def of N straight-line statements), *nested* (N nested `if` blocks), *elif* (an "
          "if with N-1 elifs), *boolop* (`return a > 0 and a > 1 and ...`, N operands), "
          "*module* (a module of N units: defs, calls, classes, ifs).  *in memory*: "
          "`depyf.decompile` of the function (of the module for *module*) in a fresh process: "
          "median of up to 5 runs, and how much that process's peak RSS grew during the "
          "first; *CLI*: `build/depyf FILE.pyc`: wall and CPU (medians), peak RSS "
          "(`/usr/bin/time`), and the machine instructions it executes (valgrind's "
          "cachegrind, unaffected by the other loads of a shared machine).  *route*: "
          "`source` is plain `compile()`; where CPython refuses the source (listed below each "
          "table), `deep stack` is the same text compiled with the recursion limit raised on "
          "a 1 GiB thread stack and `ast` an AST built directly: as deep as CPython compiles "
          "at all.", "")
    for v, man in sorted(sc.items()):
        base = man["cli_baseline_rss_kb"]
        base_ir = man.get("cli_baseline_ir")
        rep.p("### Python %s" % v, "",
              "CLI baseline (an empty module): peak RSS %.1f MiB%s." % (
                  base / 1024.0, ", %s instructions" % fmt_n(base_ir) if base_ir else ""), "")
        rows = []
        refusals = []
        for series, row in scaling_rows(man):
            if "pyc" not in row:
                rows.append([series, fmt_n(row["n"]), "refused", "", "", "", "", "", "", "",
                             "", ""])
                refusals.append("- %s, N = %s: CPython refuses: %s" % (
                    series, fmt_n(row["n"]), row["refused"]))
                continue
            m, c = row["mem"], row["cli"]
            outcome = m.get("outcome", "?")
            if c["rc"] not in (0, 1):
                outcome += "; CLI exit %s" % c["rc"]
            if row.get("source_refused"):
                refusals.append("- %s, N = %s: plain compile() refuses: `%s`" % (
                    series, fmt_n(row["n"]), row["source_refused"]))
            rows.append([series, fmt_n(row["n"]) + (" (CPython's limit)" if row.get("largest")
                                                    else ""),
                         row["route"].replace("source, ", ""),
                         fmt_n(row["instructions"]), fmt_n(row["pyc_bytes"]),
                         outcome.replace("|", "/"),
                         "%.3f" % (m["t"] * 1e3) if m.get("t") else "n/a",
                         "%.1f" % ((m["rss_after_kb"] - m["rss_before_kb"]) / 1024.0)
                         if m.get("t") else "n/a",
                         "%.2f / %s" % (c["wall"] * 1e3, "%.1f" % (c["cpu"] * 1e3)
                                        if c["cpu"] is not None else "n/a"),
                         "%.1f" % (c["rss_kb"] / 1024.0) if c["rss_kb"] else "n/a",
                         "%.1f" % (c["ir"] / 1e6) if c.get("ir") else "n/a",
                         "%.0f" % (m["t"] * 1e9 / row["instructions"]) if m.get("t") else "n/a"])
        rep.table(["series", "N", "route", "bytecode instructions", ".pyc bytes",
                   "outcome (in memory)", "in memory ms", "in memory ΔRSS MiB",
                   "CLI wall / CPU ms", "CLI peak MiB", "CLI M instructions executed",
                   "ns / bytecode instruction (in memory)"], rows)
        if refusals:
            rep.p(*refusals)
            rep.p("")
        frows = []
        for series, entry in man["series"].items():
            t_mem, ir, rss = fits(entry, base, base_ir)
            slope = ir if ir == ir else t_mem  # instructions when measured, else time
            flag = slope == slope and slope > SUPERLINEAR
            largest = entry.get("largest_source")
            stop = entry.get("largest_decompiled")
            frows.append([series, "%.2f" % t_mem if t_mem == t_mem else "n/a",
                          "%.2f" % ir if ir == ir else "n/a",
                          "%.2f" % rss if rss == rss else "n/a",
                          "**super-linear**" if flag else ("linear" if slope == slope else
                                                           "n/a (too few N)"),
                          fmt_n(largest) if largest else "all N",
                          "all N" if stop is None and all(
                              r.get("cli", {}).get("rc") == 0 for r in entry["rows"]
                              if "cli" in r) else
                          ("%s (fails at %s)" % (fmt_n(stop), fmt_n(entry["smallest_failing"]))
                           if stop else "fails at every N")])
            rep.target("scaling %s %s: grows at most linearly (slope ≤ %.1f)" % (
                v, series, SUPERLINEAR), "≤ %.1f" % SUPERLINEAR,
                "%s %.2f" % ("instructions" if ir == ir else "time", slope),
                None if slope != slope else slope <= SUPERLINEAR)
            bad = [r for r in entry["rows"] if "mem" in r and
                   not r["mem"].get("outcome", "").startswith("ok")]
            if bad:
                r0 = bad[0]
                rep.target("scaling %s %s: every N decompiles" % (v, series), "all",
                           "largest N that decompiles: %s; at N=%s: %s" % (
                               fmt_n(stop) if stop else "?", fmt_n(r0["n"]),
                               r0["mem"]["outcome"][:90]), False)
        rep.p("Growth exponents: least-squares slope of log(figure) against log(N) over "
              "N ≥ 1000 (below that, fixed costs dominate), for the best in-memory time, the "
              "CLI's instructions executed and its peak RSS (both less the empty module's).  "
              "The verdict uses the instructions where valgrind is present (time on a shared "
              "machine is noisy), and flags a slope above %.1f." % SUPERLINEAR, "")
        rep.table(["series", "time slope (in memory)", "instructions slope (CLI)",
                   "peak RSS slope (CLI)", "verdict", "largest N plain compile() takes",
                   "largest N that decompiles whole"], frows)


def report_patho(rep, sc):
    rep.p("## 5. Worst cases (issue #5)", "",
          "Per series, at its largest N: time per instruction (in memory and "
          "the command line's CPU) and the command line's peak memory above its baseline per "
          "byte of .pyc.", "")
    rows = []
    worst_t, worst_m = (0, None), (0, None)
    for v, man in sorted(sc.items()):
        base = man["cli_baseline_rss_kb"]
        for series, entry in man["series"].items():
            done = [r for r in entry["rows"] if "mem" in r and r["mem"].get("t")]
            if not done:
                continue
            r = done[-1]
            tpi = r["mem"]["t"] * 1e9 / r["instructions"]
            cpi = r["cli"]["cpu"] * 1e9 / r["instructions"] if r["cli"]["cpu"] else None
            mpb = (r["cli"]["rss_kb"] - base) * 1024.0 / r["pyc_bytes"] if r["cli"]["rss_kb"] \
                else None
            rows.append([v, series, fmt_n(r["n"]), fmt_n(r["instructions"]),
                         "%.0f" % tpi, "%.0f" % cpi if cpi is not None else "n/a",
                         "%.1f" % mpb if mpb is not None else "n/a",
                         r["mem"]["outcome"].split(":")[0]])
            if tpi > worst_t[0]:
                worst_t = (tpi, "%s %s N=%s" % (v, series, fmt_n(r["n"])))
            if mpb is not None and mpb > worst_m[0]:
                worst_m = (mpb, "%s %s N=%s" % (v, series, fmt_n(r["n"])))
    rep.table(["Python", "series", "N", "instructions", "ns / instruction (in memory)",
               "ns / instruction (CLI CPU)", "bytes of peak RSS / .pyc byte", "outcome"], rows)
    rep.p("Worst: %.0f ns per instruction (%s); %.1f bytes of memory per input byte (%s)." % (
        worst_t[0], worst_t[1], worst_m[0], worst_m[1]), "")


def plots(inmem, orig, sc, where):
    """The plots, written into `where` (the report's folder: a partial run
    with --out elsewhere leaves the committed ones alone)."""
    made = []
    if sc:
        for v, man in sorted(sc.items()):
            series = []
            mem = []
            base = man["cli_baseline_rss_kb"]
            for name, entry in man["series"].items():
                pts = [(r["n"], r["mem"]["t"]) for r in entry["rows"]
                       if "mem" in r and r["mem"].get("t")]
                series.append((name, pts, False))
                mem.append((name, [(r["n"], (r["cli"]["rss_kb"] - base) / 1024.0)
                                   for r in entry["rows"] if "cli" in r and r["cli"]["rss_kb"]
                                   and r["cli"]["rss_kb"] > base], False))
            ref = [p for s in series for p in s[1]]
            if ref:
                n0 = min(p[0] for p in ref)
                y0 = min(p[1] for p in ref if p[0] == n0)
                series.append(("slope 1", [(n0, y0), (10000, y0 * 10000 / n0)], True))
            path = os.path.join(where, "scaling-time-%s.svg" % v)
            svgplot.line_chart(path, "depyf.decompile time vs N (Python %s)" % v, "N",
                               "seconds (median)", series,
                               note="fresh process per point; dashed: linear growth")
            made.append(path)
            path = os.path.join(where, "scaling-memory-%s.svg" % v)
            svgplot.line_chart(path, "build/depyf peak RSS above baseline (Python %s)" % v, "N",
                               "MiB", mem, note="baseline: an empty module, %.1f MiB" % (
                                   base / 1024.0))
            made.append(path)
    if inmem and "3.11" in inmem:
        r = inmem["3.11"]
        n = orig["n"] if orig else len(r["times"]["ours"])

        def cdf(xs):
            xs = sorted(x for x in xs if x)
            k = max(1, len(xs) // 200)
            return [(xs[i], 100.0 * (i + 1) / len(xs)) for i in range(0, len(xs), k)] + \
                [(xs[-1], 100.0)]
        series = [("ours", cdf(r["times"]["ours"][:n]), False),
                  ("floor (marshal+dis)", cdf(r["times"]["floor"][:n]), False),
                  ("marshal only", cdf(r["times"]["marshal"][:n]), True)]
        if orig:
            series.insert(1, ("original 0.20.0", cdf([t for t in orig["times"] if t]), False))
        path = os.path.join(where, "per-function-cdf.svg")
        svgplot.line_chart(path, "Time per function, Python 3.11 (%s functions)" % fmt_n(n),
                           "seconds per function (log)", "% of functions", series, ylog=False,
                           note="functions of the first %s stdlib modules" % (
                               orig["modules"] if orig else "all"))
        made.append(path)
    return made


def write_report(args, meta):
    inmem = load("inmem")
    orig = load("orig")
    cli = load("cli")
    tr = load("torch")
    sc = load("scaling")
    rep = Report()
    body = Report()
    if inmem:
        report_inmem(body, inmem, orig)
    if cli:
        report_cli(body, cli)
    report_torch(body, tr)
    if sc:
        report_scaling(body, sc)
        report_patho(body, sc)
    made = plots(inmem, orig, sc, os.path.dirname(os.path.abspath(args.out)))
    rep.targets = body.targets
    rep.p("# Benchmarks", "",
          "Generated by `%s` on %s (%s); do not edit by hand.  Commit %s." % (
              meta.get("command", "bench/run"), meta.get("date", "?"),
              "%.0f s in all" % meta["duration_s"] if meta.get("duration_s") else "?",
              meta.get("rev", "?")),
          "", "Machine: %s.  Load average at the start %s, at the end %s (the machine is "
          "shared: figures are medians, and every comparison is made side by side in the "
          "same run)." % (meta.get("machine", "?"), meta.get("load_start", "?"),
                          meta.get("load_end", "?")), "")
    rep.p("## Targets", "")
    rep.table(["target", "goal", "measured", "verdict"], rep.targets)
    rep.lines += body.lines
    if made:
        rep.p("## Plots", "")
        rep.p(*["- [%s](%s)" % (os.path.basename(p), os.path.basename(p)) for p in made])
        rep.p("")
    with open(args.out, "w") as f:
        f.write("\n".join(rep.lines).rstrip() + "\n")
    log("wrote %s and %d plots" % (os.path.relpath(args.out, ROOT), len(made)))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--skip-torch", action="store_true", help="leave out the torch.compile part")
    ap.add_argument("--no-setup", action="store_true",
                    help="do not run make (build/depyf, install-all, torch-deps)")
    ap.add_argument("--report-only", action="store_true",
                    help="rewrite results.md and the plots from build/bench/raw")
    ap.add_argument("--parts", default="inmem,orig,cli,torch,scaling")
    ap.add_argument("--versions", default="3.8,3.11,3.12,3.13")
    ap.add_argument("--scaling-versions", default="3.11,3.12")
    ap.add_argument("--scale-ns", default=",".join(map(str, SCALE_NS)))
    ap.add_argument("--reps", type=int, default=3, help="repetitions per in-memory figure")
    ap.add_argument("--cli-reps", type=int, default=5)
    ap.add_argument("--orig-modules", type=int, default=40,
                    help="the original runs on the functions of the first N modules (0: all)")
    ap.add_argument("--orig-timeout", type=float, default=2.0)
    ap.add_argument("--torch-reps", type=int, default=5)
    ap.add_argument("--torch-budget", type=float, default=480,
                    help="seconds after which no further torch repetition starts")
    ap.add_argument("--torch-workloads", default="toy,mlp,bert,gpt2",
                    help="workloads compiled with the eager backend")
    ap.add_argument("--torch-inductor-workloads", default="toy,mlp,bert",
                    help="workloads compiled with Inductor (slower: fewer)")
    ap.add_argument("--quick", action="store_true",
                    help="a smoke run: 3.11 only, one repetition, small N, few torch runs")
    ap.add_argument("--out", default=os.path.join(HERE, "results.md"))
    args = ap.parse_args()
    if args.quick:
        args.versions, args.scaling_versions = "3.11", "3.11"
        args.reps, args.cli_reps, args.torch_reps = 1, 1, 1
        args.orig_modules, args.scale_ns = 5, "10,100,1000"
        args.torch_workloads = args.torch_inductor_workloads = "toy"
    args.versions = args.versions.split(",")
    args.scaling_versions = args.scaling_versions.split(",")
    args.scale_ns = [int(x) for x in str(args.scale_ns).split(",")]
    parts = args.parts.split(",")
    if args.skip_torch and "torch" in parts:
        parts.remove("torch")
    meta_path = os.path.join(RAW, "meta.json")
    if args.report_only:
        with open(meta_path) as f:
            meta = json.load(f)
        write_report(args, meta)
        return
    t0 = time.time()
    meta = {"command": "bench/run " + " ".join(sys.argv[1:]),
            "date": datetime.datetime.now().strftime("%Y-%m-%d %H:%M"),
            "machine": machine(), "rev": git_rev(),
            "load_start": "%.2f" % os.getloadavg()[0]}
    os.makedirs(RAW, exist_ok=True)
    for name in ("inmem", "orig", "cli", "torch", "scaling"):
        p = os.path.join(RAW, name + ".json")
        if os.path.exists(p):
            os.remove(p)  # a report never mixes two runs
    setup(args)
    if "inmem" in parts:
        save("inmem", part_inmem(args))
    if "orig" in parts:
        save("orig", part_orig(args))
    if "cli" in parts:
        save("cli", part_cli(args))
    if "torch" in parts:
        save("torch", part_torch(args))
    if "scaling" in parts:
        save("scaling", part_scaling(args))
    meta["duration_s"] = time.time() - t0
    meta["load_end"] = "%.2f" % os.getloadavg()[0]
    with open(meta_path, "w") as f:
        json.dump(meta, f)
    write_report(args, meta)


if __name__ == "__main__":
    main()
