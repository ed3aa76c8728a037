"""Hand-written functions with graph breaks, loops, closures, no_grad,
try/finally, generators and recompilations, under prepare_debug and
debug(), on the eager, aot_eager and inductor backends."""
import os

import pytest
import torch

from helpers import check_and_report


def graph_break_print(a, b):
    x = a / (torch.abs(a) + 1)
    print("graph break")
    return x * b


def data_dependent_if(a, b):
    x = a / (torch.abs(a) + 1)
    if b.sum() < 0:
        b = b * -1
    return x * b


def item_break(a, b):
    s = (a * b).sum().item()
    return a * s + b


def python_loop(a, b):
    x = a
    for i in range(3):
        x = torch.sin(x) + b * i
    return x


def tensor_while(a, b):
    x = a
    n = 0
    while x.norm() > 1.0 and n < 4:   # data-dependent: a break per iteration
        x = x * 0.5 + b * 0.01
        n += 1
    return x
# (its graphs compute only the loop condition: no backward graph)


def _make_closure():
    scale = 3.0
    offset = torch.ones(())

    def inner(a, b):
        def helper(t):
            return t * scale + offset
        return helper(a) - b
    return inner


closure = _make_closure()
closure.__name__ = "closure"


def with_no_grad(a, b):
    with torch.no_grad():
        c = a * 2
    return a * c + b


def try_finally(a, b):
    log = []
    try:
        x = a + b
        log.append(1)
    finally:
        x = x * 2
    return x + len(log)


def _gen(a, n):
    for i in range(n):
        yield a * i


def uses_generator(a, b):
    return sum(_gen(a, 3)) + b


def nested_break(a, b):
    x = torch.relu(a)
    x = graph_break_print(x, b)
    return x.sum() * b


FUNCS = [graph_break_print, data_dependent_if, item_break, python_loop, tensor_while,
         closure, with_no_grad, try_finally, uses_generator, nested_break]


def inputs(seed, n=10, sign=1.0, grad=False):
    g = torch.Generator().manual_seed(seed)
    a = torch.randn(n, generator=g).requires_grad_(grad)
    b = (torch.randn(n, generator=g) * sign).requires_grad_(grad)
    return a, b


def args_for(grad):
    # the second and third calls recompile or take the other branch
    return [inputs(1, grad=grad), inputs(2, sign=-1.0, grad=grad), inputs(3, n=12, grad=grad)]


CASES = [(f, backend, grad) for f in FUNCS for backend, grad in
         (("eager", False), ("aot_eager", True))]
CASES += [(f, "inductor", grad) for f, grad in ((data_dependent_if, True), (closure, False),
                                                (python_loop, False))]


@pytest.mark.parametrize("fn,backend,grad", CASES,
                         ids=["%s-%s-%s" % (f.__name__, b, "grad" if g else "nograd") for f, b, g in CASES])
def test_function(fn, backend, grad, tmp_path, report):
    args = args_for(grad)
    params = [t for a in args for t in a] if grad else []
    check_and_report(fn, args, backend=backend, dynamic=None, grad=grad,
                     dump_dir=str(tmp_path / "dump"), report=report,
                     label="%s/%s/%s" % (fn.__name__, backend, "grad" if grad else "nograd"),
                     params=params, expect_backward=fn is not tensor_while)


def test_recompilation_adds_cache_entries(tmp_path, report):
    """Three dtypes: three cache entries, each with its guards, in one
    full_code file; three transformed code files."""
    d = str(tmp_path / "dump")
    args = [tuple(t.to(dt) for t in inputs(5)) for dt in (torch.float32, torch.float64, torch.float16)]
    check_and_report(python_loop, args, backend="eager", dynamic=False, grad=False,
                     dump_dir=d, report=report, label="recompile/eager")
    full = [n for n in os.listdir(d) if n.startswith("full_code_for_python_loop_")]
    assert full
    text = open(os.path.join(d, sorted(full)[-1])).read()
    assert text.count("def __guard_") == 3, text.count("def __guard_")
    assert "torch.float16" in text and "torch.float64" in text
    assert len([n for n in os.listdir(d) if n.startswith("__transformed_code_")]) == 3


def test_graph_forwards_run_from_their_files_under_debug(tmp_path, monkeypatch):
    """prepare_debug only writes graph files (compiling each graph's code a
    second time is left to debug()); debug() makes the graph forwards run
    from them, graphs compiled before it included."""
    import depyf.explain as dx
    monkeypatch.setenv("PYTHONBREAKPOINT", "0")
    torch._dynamo.reset()
    compiled = torch.compile(graph_break_print, backend="aot_eager")
    args = inputs(1)
    with dx.prepare_debug(str(tmp_path)):
        expected = compiled(*args)
    s = dx.last_summary()
    assert s["graphs"] > 0 and s["graph_forwards_swapped"] == 0
    with dx.debug():
        got = compiled(*args)
    s = dx.last_summary()
    assert s["graph_forwards_swapped"] > 0
    assert torch.equal(expected, got)
