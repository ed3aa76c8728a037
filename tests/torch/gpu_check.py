"""The torch integration on a GPU (issue #4): CUDA tensors, Inductor's
Triton kernels, and whatever PyTorch the GPU machine has.

CI has no GPU, so this is not part of the test suite (pytest does not
collect it: no test_ prefix).  Run it by hand where CUDA is, with depyf
importable:

    python3 tests/torch/gpu_check.py OUT_DIR [--orig SITE] [--budget S] [--strict]
    python3 tests/torch/gpu_check.py --render OUT_DIR/gpu-report.json ...

Three parts; each is recorded in OUT_DIR/gpu-report.json even when another
fails, and a case left out for time is listed as left out, never as passed:
  1. cases: functions with graph breaks and small transformers models on
     cuda, under prepare_debug and then debug(), through the same
     helpers.check_and_report as the CPU tests (the same outputs and
     gradients as eager, within tolerances; with --strict, bitwise the same
     as the same compilation without depyf; the dump's file set and
     contents).  For Inductor the kernel files must hold Triton code.
  2. pdb: test_pdb.pdb_session, the scripted pdb session, on cuda tensors.
  3. overhead: bench/torch_worker.py on cuda with Inductor, in fresh
     processes: compile time without depyf, with ours, and with the original
     depyf 0.20 (--orig: a folder holding it and its dependencies), in
     rotated order, repeated while --budget seconds last.  Medians.
Exit status 1 when a case or the pdb session fails.
"""
import argparse
import json
import os
import statistics
import subprocess
import sys
import time
import traceback

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)

import torch  # noqa: E402

import helpers  # noqa: E402
import models  # noqa: E402
import test_functions as fns  # noqa: E402
from test_pdb import pdb_session  # noqa: E402

DEVICE = "cuda"
# Against eager, on the GPU: Triton's fused kernels, and AOT autograd's
# decompositions, sum in another order than ATen's CUDA kernels (T5's
# gradients under aot_eager differ from eager's by up to 5e-5 relative), so
# the CPU tests' tolerances are loosened to these.  --strict compares with
# the same compilation without depyf instead, bitwise.
helpers.TOL["inductor"] = (1e-3, 1e-4)
helpers.TOL["aot_eager"] = (1e-4, 1e-5)
STRICT = False

FUNCTION_CASES = [  # (function, backend, grad, dynamic)
    (fns.data_dependent_if, "inductor", True, None),
    (fns.graph_break_print, "inductor", False, None),
    (fns.closure, "inductor", False, None),
    (fns.python_loop, "inductor", False, True),
    (fns.try_finally, "inductor", True, None),
    (fns.with_no_grad, "inductor", False, None),
    (fns.item_break, "aot_eager", True, None),
    (fns.nested_break, "eager", False, None),
]
MODEL_CASES = [  # (model, backend, grad, dynamic, kind)
    ("bert", "inductor", False, False, "module"),
    ("gpt2", "inductor", True, False, "function"),
    ("llama", "inductor", False, True, "module"),
    ("t5", "aot_eager", True, False, "module"),
    ("whisper", "inductor", False, False, "function"),
    ("bart", "inductor", True, False, "module"),
    ("mistral", "inductor", False, True, "function"),
    ("vit", "inductor", True, False, "module"),
    ("qwen2", "aot_eager", False, False, "module"),
    ("distilbert", "inductor", False, False, "function"),
]


def on_device(x):
    if isinstance(x, torch.Tensor):
        return x.detach().to(DEVICE).requires_grad_(x.requires_grad)
    if isinstance(x, dict):
        return {k: on_device(v) for k, v in x.items()}
    return tuple(on_device(v) for v in x)


def triton_kernels(d):
    """Kernel files in dump d, and how many of them hold Triton code."""
    ks = [n for n in os.listdir(d) if ".kernel_" in n]
    return len(ks), sum("@triton.jit" in open(os.path.join(d, n)).read() for n in ks)


def function_case(fn, backend, grad, dynamic, d, report):
    args = [on_device(a) for a in fns.args_for(grad)]
    params = [t for a in args for t in a] if grad else []
    label = "%s/%s/%s" % (fn.__name__, backend, "grad" if grad else "nograd")
    helpers.check_and_report(fn, args, backend=backend, dynamic=dynamic, grad=grad, dump_dir=d,
                             report=report, label=label, params=params,
                             expect_backward=fn is not fns.tensor_while, against_compiled=STRICT)


def model_case(name, backend, grad, dynamic, kind, d, report):
    model, make_inputs = models.build(name)
    model = model.to(DEVICE)
    args = [on_device(make_inputs(s, n)) for s, n in ((1, 8), (2, 8), (3, 12))]
    target, invoke = models.compile_target(model, kind)
    helpers.check_and_report(target, [(a,) for a in args], backend=backend, dynamic=dynamic,
                             grad=grad, dump_dir=d, report=report,
                             label="%s-%s-%s-%s-%s" % (name, backend, "grad" if grad else "nograd",
                                                       "dynamic" if dynamic else "static", kind),
                             params=list(model.parameters()) if grad else [], invoke=invoke,
                             against_compiled=STRICT)


def part_cases(out, deadline, rep):
    rows = []
    cases = [("function", c) for c in FUNCTION_CASES] + [("model", c) for c in MODEL_CASES]
    for i, (what, c) in enumerate(cases):
        name = c[0].__name__ if what == "function" else c[0]
        row = {"case": "%s %s %s %s" % (what, name, c[1], "grad" if c[2] else "nograd")}
        rows.append(row)
        if time.time() > deadline:
            row["status"] = "left out (time budget)"
            continue
        d = os.path.join(out, "dumps", "%02d-%s" % (i, name))
        t0 = time.time()
        n_runs = len(rep["runs"])
        try:
            if what == "function":
                function_case(*c, d, rep)
            else:
                model_case(*c, d, rep)
            row["status"] = "pass"
            if c[1] == "inductor" and DEVICE == "cuda":
                row["kernel_files"], row["triton_kernel_files"] = triton_kernels(d)
                if not row["triton_kernel_files"]:
                    row["status"] = "FAIL: no kernel file holds Triton code"
        except Exception as e:
            row["status"] = "FAIL: %s: %s" % (type(e).__name__, str(e)[:1500])
            row["traceback"] = traceback.format_exc()[-3000:]
        row["seconds"] = round(time.time() - t0, 1)
        if len(rep["runs"]) > n_runs:
            row.update({k: v for k, v in rep["runs"][-1].items() if k != "case"})
        print("case %-48s %s (%.0f s)" % (row["case"], row["status"][:200], row["seconds"]),
              flush=True)
    return rows


def part_pdb(out):
    t0 = time.time()
    try:
        stops = pdb_session(os.path.join(out, "dumps", "pdb"), ["4", DEVICE, "eager"])
        r = {"status": "pass", "stops": stops}
    except Exception as e:
        r = {"status": "FAIL: %s: %s" % (type(e).__name__, str(e)[:3000])}
    r["seconds"] = round(time.time() - t0, 1)
    print("pdb session on %s: %s" % (DEVICE, r["status"][:300]), flush=True)
    return r


def part_overhead(out, orig, budget, workloads):
    """Fresh processes of bench/torch_worker.py, like bench/bench.py's torch
    part: Inductor's kernel cache warmed first, FX graph and AOT caches off."""
    worker = os.path.join(ROOT, "bench", "torch_worker.py")
    env = dict(os.environ, TORCHINDUCTOR_CACHE_DIR=os.path.join(out, "inductor-cache"),
               TORCHINDUCTOR_FX_GRAPH_CACHE="0", TORCHINDUCTOR_AUTOGRAD_CACHE="0",
               TRANSFORMERS_OFFLINE="1", HF_HUB_OFFLINE="1")
    configs = [("off", "ours"), ("on", "ours")] + ([("on", "orig")] if orig else [])

    def one(mode, side, tag):
        path = os.path.join(out, "overhead-%s.json" % tag)
        e = dict(env)
        if side == "orig":
            e["PYTHONPATH"] = orig + os.pathsep + e.get("PYTHONPATH", "")
        cmd = [sys.executable, worker, path, "--mode", mode, "--backend", "inductor",
               "--workloads", workloads, "--device", DEVICE,
               "--dump", os.path.join(out, "dumps", "overhead-" + tag)]
        p = subprocess.run(cmd, env=e, capture_output=True, text=True, timeout=600)
        try:
            with open(path) as f:
                return json.load(f)
        except (OSError, ValueError):
            return {"times": {}, "errors": {"process": "exit %d: %s" % (p.returncode, p.stderr[-1500:])}}

    one("off", "ours", "warmup")
    t0 = time.time()
    runs = []
    rep = 0
    while rep < 5 and (rep == 0 or time.time() - t0 < budget * rep / (rep + 1)):
        order = configs[rep % len(configs):] + configs[:rep % len(configs)]
        for mode, side in order:
            r = one(mode, side, "%s-%s-%d" % (side, mode, rep))
            runs.append({"side": side, "mode": mode, "rep": rep, "result": r})
            print("overhead %s %s rep %d: %s %s" % (side, mode, rep, {k: round(v, 2) for k, v in
                  r.get("times", {}).items()}, {k: v for k, v in r.get("errors", {}).items()
                                                if not k.endswith(":traceback")}), flush=True)
        rep += 1
    table = {}
    for w in workloads.split(","):
        row = {}
        for mode, side in configs:
            ts = [x["result"]["times"][w] for x in runs if x["side"] == side and x["mode"] == mode
                  and w in x["result"].get("times", {})]
            row["%s-%s" % (side, mode)] = {"n": len(ts), "median_s": statistics.median(ts) if ts else None}
        table[w] = row
    return {"reps": rep, "runs": runs, "medians": table,
            "versions": {side: next((x["result"].get("depyf") for x in runs if x["side"] == side), None)
                         for _, side in configs}}


def render(report):
    """The report as Markdown (bench/gpu-results.md is two of these)."""
    out = ["- machine: %s, Python %s, PyTorch %s (CUDA %s), Triton %s, transformers %s" % (
        report["gpu"], report["python"], report["torch"], report["cuda"], report["triton"],
        report["transformers"]),
           "- outputs and gradients compared with: %s" % report["reference"], ""]
    cases = report.get("cases")
    if cases:
        out += ["| case | result | s | transformed | run from the dump | kernel files (Triton) |",
                "| --- | --- | --- | --- | --- | --- |"]
        tot = [0, 0]
        for c in cases:
            ran = c.get("transformed") is not None
            if ran:
                tot[0] += c["transformed"]
                tot[1] += c["replaced"]
            out.append("| %s | %s | %s | %s | %s | %s |" % (
                c["case"], c["status"].split("\n")[0][:90], c.get("seconds", ""),
                c.get("transformed", ""), c.get("replaced", ""),
                "%s (%s)" % (c["kernel_files"], c["triton_kernel_files"]) if "kernel_files" in c else ""))
        failed = sum(c["status"].startswith("FAIL") for c in cases)
        left = sum(c["status"].startswith("left out") for c in cases)
        out += ["", "%d cases: %d passed, %d failed, %d left out for time; %d transformed code "
                "objects, %d run from the dump (%.1f%%)." % (
                    len(cases), len(cases) - failed - left, failed, left, tot[0], tot[1],
                    100.0 * tot[1] / max(tot[0], 1)), ""]
        why = sorted({w for c in cases for w in c.get("not_verified", []) if "not decompiled" in w})
        if why:
            out += ["Not decompiled (Dynamo's own bytecode runs, the file shows its disassembly):", ""]
            out += ["- %s" % w for w in why] + [""]
    if "pdb" in report:
        p = report["pdb"]
        out += ["pdb session on cuda tensors: %s; stopped at lines %s of the transformed code "
                "and %s of the graph file." % (p["status"], p.get("stops", {}).get("transformed"),
                                               p.get("stops", {}).get("graph")), ""]
    if "overhead" in report:
        o = report["overhead"]
        sides = [k for k in ("ours-off", "ours-on", "orig-on")]
        out += ["Compile time of the first call (s, median of %d fresh processes each, Inductor "
                "on cuda; ours %s, the original %s):" % (o["reps"], o["versions"].get("ours"),
                                                          o["versions"].get("orig")), "",
                "| workload | without depyf | ours (prepare_debug) | the original (prepare_debug) | ours / without | ours / the original |",
                "| --- | --- | --- | --- | --- | --- |"]
        for w, row in o["medians"].items():
            m = [row.get(k, {}).get("median_s") for k in sides]
            ratio = lambda a, b: "%.2f" % (a / b) if a and b else ""
            out.append("| %s | %s | %s | %s | %s | %s |" % (
                w, *("%.2f" % x if x else "" for x in m), ratio(m[1], m[0]), ratio(m[1], m[2])))
        out.append("")
    return "\n".join(out)


def main():
    if sys.argv[1:2] == ["--render"]:
        for path in sys.argv[2:]:
            with open(path) as f:
                print(render(json.load(f)))
        return
    ap = argparse.ArgumentParser()
    ap.add_argument("out")
    ap.add_argument("--orig", help="a folder holding depyf 0.20 and its dependencies")
    ap.add_argument("--budget", type=float, default=240, help="seconds for the cases")
    ap.add_argument("--overhead-budget", type=float, default=120)
    ap.add_argument("--workloads", default="toy,mlp,bert,gpt2")
    ap.add_argument("--skip", default="", help="parts to leave out: cases,pdb,overhead")
    ap.add_argument("--device", default="cuda", help="cpu: a dry run of this script")
    ap.add_argument("--strict", action="store_true",
                    help="compare with the same compilation without depyf, bitwise, under "
                    "deterministic algorithms (set CUBLAS_WORKSPACE_CONFIG=:4096:8)")
    args = ap.parse_args()
    global DEVICE, STRICT
    DEVICE, STRICT = args.device, args.strict
    if STRICT:
        torch.use_deterministic_algorithms(True)
    os.makedirs(args.out, exist_ok=True)
    import depyf
    import transformers
    report = {"torch": torch.__version__, "cuda": torch.version.cuda,
              "gpu": torch.cuda.get_device_name(0) if DEVICE == "cuda" else None, "python": sys.version.split()[0],
              "transformers": transformers.__version__, "depyf": depyf.__file__,
              "triton": getattr(sys.modules.get("triton"), "__version__", None),
              "reference": "the same compilation without depyf, bitwise" if STRICT else
                           "eager, within %s" % helpers.TOL}
    print(report, flush=True)
    path = os.path.join(args.out, "gpu-report.json")

    def save():
        with open(path, "w") as f:
            json.dump(report, f, indent=1, default=str)

    skip = set(args.skip.split(","))
    rep = {"runs": []}
    if "cases" not in skip:
        report["cases"] = part_cases(args.out, time.time() + args.budget, rep)
        save()
    if "pdb" not in skip:
        report["pdb"] = part_pdb(args.out)
        save()
    if "overhead" not in skip:
        report["overhead"] = part_overhead(args.out, args.orig, args.overhead_budget, args.workloads)
        save()
    with open(os.path.join(args.out, "gpu-report.md"), "w") as f:
        f.write(render(report))
    failed = [c["case"] for c in report.get("cases", []) if c["status"].startswith("FAIL")]
    if report.get("pdb", {}).get("status", "pass") != "pass":
        failed.append("pdb")
    print("gpu_check: %d failed %s" % (len(failed), failed))
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
