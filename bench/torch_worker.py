"""torch.compile time with and without depyf.prepare_debug, in one fresh process.

    python bench/torch_worker.py --mode off|on --backend eager|inductor
        --workloads toy,mlp,bert,gpt2 --dump DIR [--device cuda] OUT.json

Run by the driver with the interpreter of each side: ours is the Python 3.11
that `make torch-deps` set up, the original depyf 0.20.0 is
build/bench-venv-orig (same torch, through --system-site-packages).  For each
workload: torch._dynamo.reset(), build it (seeded), then time the first call
of the compiled callable (the call that compiles), with mode=on wrapped in
`with depyf.prepare_debug(DIR):` so that its hooks, its dump and its exit
are all inside the timed region.  A trivial function is compiled first
(without depyf) so that torch's own lazy imports are not charged to the first
workload; depyf's are.  Writes the wall seconds ("times") and the
process's CPU seconds ("cpu", all threads; the driver keeps Inductor's
compile workers in-process) per workload, or the error.
"""
import argparse
import json
import os
import sys
import time
import traceback

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)


def toy_example(a, b):
    x = a / (a.abs() + 1)
    if b.sum() < 0:  # a graph break: Dynamo makes a resume function
        b = b * -1
    return x * b


def mlp(x, w1, w2):
    import torch
    for _ in range(3):
        x = torch.relu(x @ w1) @ w2 + x
    y = x.softmax(-1)
    print_len = len(y.shape)  # plain Python in the middle
    return (y * print_len).sum(-1)


def workloads(device="cpu"):
    import torch

    def toy():
        g = torch.Generator().manual_seed(0)
        return toy_example, (torch.randn(10, generator=g).to(device),
                             torch.randn(10, generator=g).to(device)), {}

    def mlp_():
        g = torch.Generator().manual_seed(0)
        return mlp, tuple(t.to(device) for t in (torch.randn(4, 16, generator=g),
                                                 torch.randn(16, 32, generator=g),
                                                 torch.randn(32, 16, generator=g))), {}

    def model(name):
        def build():
            sys.path.insert(0, os.path.join(ROOT, "tests", "torch"))
            import models  # tests/torch/models.py: small transformers models, random weights
            m, make_inputs = models.build(name)
            return m.to(device), (), {k: v.to(device) for k, v in make_inputs(0, 8).items()}
        return build

    return {"toy": toy, "mlp": mlp_, "bert": model("bert"), "gpt2": model("gpt2")}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("out")
    ap.add_argument("--mode", choices=["off", "on"], required=True)
    ap.add_argument("--backend", default="inductor")
    ap.add_argument("--workloads", default="toy,mlp,bert,gpt2")
    ap.add_argument("--dump", required=True)
    ap.add_argument("--device", default="cpu", help="where the tensors and models live (cuda: "
                    "Inductor makes Triton kernels)")
    args = ap.parse_args()

    import warnings
    warnings.simplefilter("ignore")
    t0 = time.perf_counter()
    import torch
    import depyf
    import_s = time.perf_counter() - t0
    torch.set_num_threads(1)
    result = {"torch": torch.__version__, "depyf": getattr(depyf, "__version__", "?"),
              "import_s": import_s, "times": {}, "errors": {}, "device": args.device}
    table = workloads(args.device)
    sync = torch.cuda.synchronize if args.device.startswith("cuda") else (lambda: None)
    devnull = open(os.devnull, "w")
    # torch's own lazy imports and first-use set-up, paid here (without depyf)
    # so that they are not charged to the first workload
    warm = torch.compile(lambda x: torch.relu(x) * 2 + 1, backend=args.backend)
    warm(torch.ones(4, device=args.device))
    sync()
    torch._dynamo.reset()
    for name in args.workloads.split(","):
        torch._dynamo.reset()
        try:
            fn, a, kw = table[name]()
            compiled = torch.compile(fn, backend=args.backend)
            real_stdout = sys.stdout
            sys.stdout = devnull  # the original prints while it works
            try:
                t = time.perf_counter()
                c = time.process_time()
                if args.mode == "on":
                    # (entered and left by hand to time both: with ours, what
                    # depyf itself spends is their CPU plus its hooks')
                    session = depyf.prepare_debug(os.path.join(args.dump, name))
                    c_in = time.process_time()
                    session.__enter__()
                    enter_s = time.process_time() - c_in
                    try:
                        compiled(*a, **kw)
                        sync()
                    except BaseException:
                        session.__exit__(*sys.exc_info())
                        raise
                    c_out = time.process_time()
                    session.__exit__(None, None, None)
                    exit_s = time.process_time() - c_out
                    summary = getattr(getattr(depyf, "explain", None), "last_summary", None)
                    hooks = summary().get("hook_seconds") if summary else None
                    if hooks is not None:
                        result.setdefault("own_cpu", {})[name] = enter_s + hooks + exit_s
                else:
                    compiled(*a, **kw)
                    sync()
                dc = time.process_time() - c
                dt = time.perf_counter() - t
            finally:
                sys.stdout = real_stdout
            result["times"][name] = dt
            result.setdefault("cpu", {})[name] = dc
        except Exception as e:
            result["errors"][name] = "%s: %s" % (type(e).__name__, str(e).splitlines()[0][:300]
                                                  if str(e) else "")
            result["errors"][name + ":traceback"] = traceback.format_exc()[-2000:]
    with open(args.out, "w") as f:
        json.dump(result, f)


if __name__ == "__main__":
    main()
