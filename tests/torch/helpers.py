"""Run one compiled callable with and without depyf and check everything."""
import glob
import os
import re
import warnings

import torch

import depyf.explain as dx
from depyf.explain import DepyfWarning

TOL = {"eager": (0, 0), "aot_eager": (1e-6, 1e-6), "inductor": (2e-4, 2e-5), "exact": (0, 0)}


def flat_tensors(x):
    if isinstance(x, torch.Tensor):
        return [x]
    if isinstance(x, dict) or hasattr(x, "to_tuple"):
        x = x.to_tuple() if hasattr(x, "to_tuple") else tuple(x.values())
    if isinstance(x, (list, tuple)):
        out = []
        for y in x:
            out.extend(flat_tensors(y))
        return out
    return []


def assert_same(expected, got, backend, what):
    e, g = flat_tensors(expected), flat_tensors(got)
    assert len(e) == len(g), "%s: %d tensors vs %d" % (what, len(e), len(g))
    rtol, atol = TOL[backend]
    for i, (a, b) in enumerate(zip(e, g)):
        assert a.shape == b.shape, "%s[%d]: shape %s vs %s" % (what, i, a.shape, b.shape)
        if rtol == 0:
            assert torch.equal(a, b), "%s[%d] differs" % (what, i)
        else:
            torch.testing.assert_close(b, a, rtol=rtol, atol=atol, msg=lambda m: "%s[%d]: %s" % (what, i, m))


def _grads(params):
    return [None if p.grad is None else p.grad.detach().clone() for p in params]


def _call(f, args):
    return f(*args)


def _run(call, args_list, params, grad, invoke=_call):
    outs, grads = [], []
    for args in args_list:
        for p in params:
            p.grad = None
        if grad:
            out = invoke(call, args)
            loss = sum(t.float().sum() for t in flat_tensors(out) if t.requires_grad)
            if isinstance(loss, torch.Tensor):
                loss.backward()
        else:
            with torch.no_grad():
                out = invoke(call, args)
        outs.append(out)
        grads.append(_grads(params))
    return outs, grads


def our_failures(caught):
    """DepyfWarnings that report a failure of depyf's (not the expected note
    that some transformed code is not verified yet)."""
    return [str(w.message) for w in caught
            if issubclass(w.category, DepyfWarning) and "were not verified equal" not in str(w.message)]


def check_and_report(fn, args_list, *, backend, dynamic, grad, dump_dir, report, label,
                     params=(), debug_too=True, expect_graphs=True, expect_backward=True,
                     invoke=_call, against_compiled=False):
    """Eager result vs compiled under prepare_debug vs compiled under debug();
    the dump directory's files; append the figures to report.
    against_compiled: the reference is the same compilation without depyf,
    and results must be bitwise equal (gpu_check.py, with deterministic
    algorithms: the same kernels run)."""
    params = list(params)
    torch.manual_seed(0)
    if against_compiled:
        torch._dynamo.reset()
        expected, expected_grads = _run(torch.compile(fn, backend=backend, dynamic=dynamic),
                                        args_list, params, grad, invoke)
        backend_tol = "exact"
    else:
        expected, expected_grads = _run(fn, args_list, params, grad, invoke)
        backend_tol = backend

    torch._dynamo.reset()
    compiled = torch.compile(fn, backend=backend, dynamic=dynamic)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        with dx.prepare_debug(dump_dir):
            torch.manual_seed(0)
            got, got_grads = _run(compiled, args_list, params, grad, invoke)
    summary = dx.last_summary()
    for i, (e, g) in enumerate(zip(expected, got)):
        assert_same(e, g, backend_tol, "%s output %d under prepare_debug" % (label, i))
    for i, (e, g) in enumerate(zip(expected_grads, got_grads)):
        assert_same([x for x in e if x is not None], [x for x in g if x is not None], backend_tol,
                    "%s grads %d under prepare_debug" % (label, i))
    assert our_failures(caught) == [], our_failures(caught)
    check_files(dump_dir, summary, backend, grad and expect_backward, expect_graphs)

    if debug_too:
        old = os.environ.get("PYTHONBREAKPOINT")
        os.environ["PYTHONBREAKPOINT"] = "0"   # the pause; test_pdb.py drives a real one
        try:
            with warnings.catch_warnings(record=True) as caught:
                warnings.simplefilter("always")
                with dx.debug():
                    torch.manual_seed(0)
                    got2, got2_grads = _run(compiled, args_list, params, grad, invoke)
        finally:
            if old is None:
                del os.environ["PYTHONBREAKPOINT"]
            else:
                os.environ["PYTHONBREAKPOINT"] = old
        for i, (e, g) in enumerate(zip(expected, got2)):
            assert_same(e, g, backend_tol, "%s output %d under debug()" % (label, i))
        for i, (e, g) in enumerate(zip(expected_grads, got2_grads)):
            assert_same([x for x in e if x is not None], [x for x in g if x is not None], backend_tol,
                        "%s grads %d under debug()" % (label, i))
        assert our_failures(caught) == [], our_failures(caught)

    row = {k: summary.get(k, 0) for k in ("transformed", "decompiled", "verified", "equivalent", "mapped",
                                          "replaced",
                                   "graphs", "graph_forwards_swapped", "kernels")}
    if debug_too:   # (graph forwards are made to run from their files by debug())
        row["graph_forwards_swapped"] = dx.last_summary()["graph_forwards_swapped"]
    row["case"] = label
    row["not_verified"] = summary["not_verified"][:5]
    row["not_equivalent"] = summary.get("not_equivalent", [])[:5]
    report["runs"].append(row)
    return summary


_HEAD_OK = "# depyf: this is the code that runs."
_HEAD_NOT = "# depyf: NOT THE CODE THAT RUNS."


def check_files(d, summary, backend, grad, expect_graphs=True):
    """grad: a Backward_graph file is expected (aot_eager, inductor)."""
    names = sorted(os.listdir(d))
    assert not [n for n in names if n.endswith(".tmp") or n.endswith(".lock")], names
    transformed = [n for n in names if n.startswith("__transformed_code_")]
    if summary["transformed"]:
        assert transformed, "no __transformed_code_* file for %d transformed code objects" % summary["transformed"]
        full = [n for n in names if n.startswith("full_code_for_")]
        assert full, "no full_code_for_* file"
        text = "".join(open(os.path.join(d, n)).read() for n in full)
        assert "__guard_hit = __guard_hit and " in text, "no guards in full_code files"
        assert "def transformed_" in text
    for n in transformed:
        head = open(os.path.join(d, n)).readline()
        assert head.startswith(_HEAD_OK) or head.startswith(_HEAD_NOT), (n, head)
        body = open(os.path.join(d, n)).read()
        if head.startswith(_HEAD_NOT):
            assert "# ---- Dynamo's bytecode for " in body, n
        else:
            m = re.search(r"__transformed_code_\d+_for_\w+", n)
            assert "def %s(" % m.group(0) in body, n
    if not expect_graphs:
        return
    fns = sorted({n.split(".")[0] for n in names if n.startswith("__compiled_fn_")})
    assert fns, "no graph files"
    # The graphs the transformed code calls.  Dynamo may capture a graph and
    # then restart its analysis (with dynamic shapes, AOT autograd can find
    # a specialization): that graph's compilation stops, and it has only the
    # files of the stages it reached.
    called = set()
    for n in transformed:
        called.update(re.findall(r"__compiled_fn_\d+", open(os.path.join(d, n)).read()))
    if not transformed:
        called = set(fns)
    assert called & set(fns), ("the transformed code calls no dumped graph", called, fns)
    for fn in fns:
        kinds = {n.split(".")[1] for n in names if n.startswith(fn + ".")}
        assert "Captured_Graph" in kinds, (fn, kinds)
        if fn not in called:
            continue
        if backend in ("aot_eager", "inductor"):
            assert "Forward_graph" in kinds or "Joint_graph" in kinds, (fn, kinds)
        if backend == "inductor":
            assert any(k.startswith("kernel_") for k in kinds), (fn, kinds)
            assert "AFTER_POST_GRAD" in kinds, (fn, kinds)
    if backend in ("aot_eager", "inductor") and grad:
        assert any(".Backward_graph." in n for n in names), "no Backward_graph file"
    for n in names:
        if n.startswith("__compiled_fn_") and ".kernel_" not in n:
            src = open(os.path.join(d, n)).read()
            assert src.startswith("# depyf: "), n
            compile(src, n, "exec")  # every graph file is valid Python
