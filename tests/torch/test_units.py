"""The pieces of depyf.explain on their own: the normalizer, the dump
directory's writer, compiling decompiled source back and the replace-only-
when-verified rule (with a stand-in decompiler, so these do not depend on
how far the real one has come)."""
import dis
import operator
import multiprocessing
import os
import types

import pytest
import torch

from depyf.explain import _files, _normalize, _render, _session, _source


def _code(src, name="f"):
    ns = {}
    exec(compile(src, "<test>", "exec"), ns)
    return ns[name].__code__


# ---- normalizer -------------------------------------------------------------

def test_normalize_ignores_lines_and_nops():
    a = _code("def f(x):\n    y = x + 1\n    return y\n")
    b = _code("def f(x):\n\n\n    y = x + 1\n\n    return y\n")
    assert _normalize.equal(a, b)[0]


def test_normalize_sees_real_differences():
    a = _code("def f(x):\n    return x + 1\n")
    for other in ("def f(x):\n    return x - 1\n", "def f(x):\n    return x + 2\n",
                  "def f(y):\n    return y + 1\n", "def f(x, z=0):\n    return x + 1\n",
                  "def f(x):\n    return g + 1\n"):
        ok, why = _normalize.equal(a, _code(other))
        assert not ok and why, other


def test_normalize_header_difference_named_without_dis(monkeypatch):
    # a difference in the locals is found from the header alone
    a = _code("def f(x):\n    return x + 1\n")
    b = _code("def f(x):\n    t = x\n    return t + 1\n")
    monkeypatch.setattr(_normalize, "normalize", None)  # must not be reached
    ok, why = _normalize.equal(a, b)
    assert not ok and why.startswith("varnames differs"), why


def test_guard_lines_keep_their_meaning():
    class Entry:  # a guard manager of code_parts only
        pass
    lines = []
    for expr in ("a or b", "a if b else c", "a == 1", "not a", "a, b", "lambda: a"):
        class G:
            code_parts = [expr]
        e = Entry()
        e.guard_manager = G()
        text = _render._guard_function("g", e, lambda *a: None)
        line = [ln for ln in text.splitlines() if "__guard_hit and" in ln][0]
        lines.append(line.split("__guard_hit and ", 1)[1])
    assert lines == ["(a or b)", "(a if b else c)", "a == 1", "not a", "(a, b)", "(lambda: a)"]
    # not expressions on their own: comments, not code
    for text in ("x := 1", "yield x"):
        class G:
            code_parts = [text]
        e = Entry()
        e.guard_manager = G()
        assert "# (not a Python expression) %s" % text in _render._guard_function("g", e, lambda *a: None)


def test_normalize_free_variable_order():
    src = "def outer():\n    a = b = 1\n    def f():\n        return %s\n    return f\n"
    ns1, ns2 = {}, {}
    exec(src % "(a, b)", ns1)
    exec(src % "(b, a)", ns2)
    f1, f2 = ns1["outer"](), ns2["outer"]()
    assert f1.__code__.co_freevars == f2.__code__.co_freevars
    assert not _normalize.equal(f1.__code__, f2.__code__)[0]
    swapped = f1.__code__.replace(co_freevars=tuple(reversed(f1.__code__.co_freevars)))
    assert not _normalize.equal(f1.__code__, swapped)[0], "free variable order must be compared"


def test_normalize_same_bytes_shortcut():
    # Byte-identical code skips dis; everything else the shortcut must still
    # tell apart even when co_code is the same.
    a = _code("def f(x):\n    def g():\n        return 1.0\n    return h(x, 1, 0.0, g)\n")
    assert _normalize._same_bytes(a, _code("def f(x):\n\n    def g():\n        return 1.0\n"
                                           "    return h(x, 1, 0.0, g)\n"))
    assert _normalize.equal(a, a.replace(co_filename="other.py", co_firstlineno=99))[0]
    inner = next(c for c in a.co_consts if hasattr(c, "co_code"))
    changed_inner = inner.replace(co_consts=tuple(-1.0 if c == 1.0 else c for c in inner.co_consts))
    for other in (a.replace(co_names=tuple("k" if n == "h" else n for n in a.co_names)),
                  a.replace(co_consts=tuple(True if c == 1 and type(c) is int else c for c in a.co_consts)),
                  a.replace(co_consts=tuple(-0.0 if c == 0.0 and type(c) is float else c
                                            for c in a.co_consts)),
                  a.replace(co_consts=tuple(changed_inner if c is inner else c for c in a.co_consts)),
                  a.replace(co_varnames=("y",) + a.co_varnames[1:])):
        assert other.co_code == a.co_code
        assert not _normalize._same_bytes(a, other)
        assert not _normalize.equal(a, other)[0]


def test_normalize_constants_by_identity():
    t1, t2 = torch.ones(2), torch.ones(2)
    a = _code("def f():\n    return 'X'\n")
    c1 = a.replace(co_consts=tuple(t1 if c == "X" else c for c in a.co_consts))
    c2 = a.replace(co_consts=tuple(t2 if c == "X" else c for c in a.co_consts))
    assert _normalize.equal(c1, c1)[0]
    assert not _normalize.equal(c1, c2)[0]


# ---- files ------------------------------------------------------------------

def test_write_unique_stable_and_dedup(tmp_path):
    t = str(tmp_path / "x_%s.py")
    p0, c0 = _files.write_unique(t, "# [depyf key aaaaaaaaaaaaaaaa]\nA\n", key="aaaaaaaaaaaaaaaa")
    p1, c1 = _files.write_unique(t, "# [depyf key bbbbbbbbbbbbbbbb]\nB\n", key="bbbbbbbbbbbbbbbb")
    p2, c2 = _files.write_unique(t, "# [depyf key aaaaaaaaaaaaaaaa]\nA'\n", key="aaaaaaaaaaaaaaaa")
    assert (p0, c0, p1, c1, p2, c2) == (t % 0, True, t % 1, True, t % 0, False)
    k, _ = _files.write_unique(str(tmp_path / "k_%s.py"), "x = 0x7f00deadbeef\n", exact=True)
    k2, _ = _files.write_unique(str(tmp_path / "k_%s.py"), "x = 0x7f00deadbef0\n", exact=True)
    assert k != k2, "kernels run: they are deduplicated by exact content"
    assert not [n for n in os.listdir(tmp_path) if n.endswith(".tmp")]


def test_strip_uuid():
    s = "__compiled_fn_12_0c96e0fd_cbd2_4013_ab68_c12be13451f0(x)"
    assert _files.strip_uuid(s) == "__compiled_fn_12(x)"


def _writer(args):
    template, i = args
    out = []
    for k in range(20):
        text = "# [depyf key %016x]\n%s\n" % (k, "line\n" * 2000)
        out.append(_files.write_unique(template, text, key="%016x" % k)[0])
    return out


def test_write_unique_many_processes(tmp_path):
    """Four processes write the same 20 files at once: one file per key, all
    whole, every process agrees on the names."""
    t = str(tmp_path / "f_%s.py")
    with multiprocessing.get_context("spawn").Pool(4) as pool:
        results = pool.map(_writer, [(t, i) for i in range(4)])
    assert all(r == results[0] for r in results)
    names = sorted(os.listdir(tmp_path))
    assert len(names) == 20, names
    for n in names:
        text = open(os.path.join(tmp_path, n)).read()
        assert text.count("line\n") == 2000


# ---- compiling back and the replace rule ------------------------------------

def test_named_decompilation_renames_def_and_closure_wrapper():
    def outer():
        k = None

        def f(x):
            return f(x) + k
        return f
    out = _source.decompile_plain(outer().__code__, "g")
    assert "def g(x)" in out and "return f(x) + k" in out and "return g\n" in out


def test_compile_back_binds_placeholders_to_load_const():
    t = torch.arange(3)
    base = _code("def f(x):\n    return x + 'P'\n")
    dynamo = base.replace(co_consts=tuple(t if c == "P" else c for c in base.co_consts))
    back = _source.compile_back("def f(x):\n    return x + __depyf_const_0\n", "f",
                                {"__depyf_const_0": t})
    assert _normalize.equal(back, dynamo)[0]
    assert any(c is t for c in back.co_consts)


class _Hook:
    """Session.on_bytecode with a stand-in decompiler returning `src`."""

    def __init__(self, monkeypatch, src, bindings=None):
        monkeypatch.setattr(_source, "decompile_with_bindings",
                            lambda code, name=None: (src.replace("def f(", "def %s(" % name),
                                                     dict(bindings or {})))
        # (no line map: what runs is decided by compiling back alone)
        monkeypatch.setattr(_source, "decompile_for_dump",
                            lambda code, name, with_lines: _source.decompile_with_bindings(code, name)
                            + (None,))


def test_verified_code_runs_from_the_dump(tmp_path, monkeypatch):
    src = "def f(a, b):\n    x = a * 2\n    y = x + b\n    return y\n"
    dynamo = _code(src)                     # stands for Dynamo's output
    original = _code("def f(a, b):\n    return a * 2 + b\n")
    _Hook(monkeypatch, src)
    s = _session.Session(str(tmp_path))
    new = s.on_bytecode(original, dynamo)
    path = str(tmp_path / "__transformed_code_0_for_f.py")
    assert new is not None and new.co_filename == path
    text = open(path).read()
    assert text.startswith("# depyf: this is the code that runs.")
    assert "def __transformed_code_0_for_f(a, b):" in text
    lines = text.splitlines()
    # line numbers of the code are the file's
    first = [i.positions.lineno for i in dis.get_instructions(new) if i.opname == "LOAD_FAST"][0]
    assert lines[first - 1].strip() == "x = a * 2"
    fn = types.FunctionType(new, {})
    assert fn(3, 4) == 10
    assert s.stats["replaced"] == 1


def test_unverified_code_is_not_replaced(tmp_path, monkeypatch):
    dynamo = _code("def f(a, b):\n    return a * 2 + b\n")
    _Hook(monkeypatch, "def f(a, b):\n    return a * 2 - b\n")   # a wrong decompilation
    s = _session.Session(str(tmp_path))
    assert s.on_bytecode(dynamo, dynamo) is None
    text = open(tmp_path / "__transformed_code_0_for_f.py").read()
    assert text.startswith("# depyf: NOT THE CODE THAT RUNS.")
    assert "# ---- Dynamo's bytecode for f ----" in text and "BINARY_OP" in text
    assert s.stats["replaced"] == 0


def test_decompiler_failure_is_not_replaced(tmp_path, monkeypatch):
    dynamo = _code("def f(a):\n    return a\n")

    def boom(code, name=None):
        raise _source.NotDecompiled("no")
    monkeypatch.setattr(_source, "decompile_with_bindings", boom)
    monkeypatch.setattr(_source, "decompile_for_dump", lambda code, name, with_lines: boom(code))
    s = _session.Session(str(tmp_path))
    assert s.on_bytecode(dynamo, dynamo) is None
    assert open(tmp_path / "__transformed_code_0_for_f.py").readline().startswith(
        "# depyf: NOT THE CODE THAT RUNS.")


def test_internal_error_becomes_one_warning(tmp_path, monkeypatch):
    dynamo = _code("def f(a):\n    return a\n")

    def weird(code, name=None):
        raise ZeroDivisionError("inside depyf")
    monkeypatch.setattr(_source, "decompile_with_bindings", weird)
    monkeypatch.setattr(_source, "decompile_for_dump", lambda code, name, with_lines: weird(code))
    s = _session.Session(str(tmp_path))
    with pytest.warns(_session.DepyfWarning, match="your program is not affected") as w:
        assert s.on_bytecode(dynamo, dynamo) is None
    assert len(w) == 1 and "torch" in str(w[0].message)


def test_same_code_twice_same_file(tmp_path, monkeypatch):
    src = "def f(a):\n    return a + 1\n"
    _Hook(monkeypatch, src)
    s = _session.Session(str(tmp_path))
    s.on_bytecode(_code(src), _code(src))
    s2 = _session.Session(str(tmp_path))         # a second run into the same directory
    s2.on_bytecode(_code(src), _code(src))
    assert sorted(os.listdir(tmp_path)) == ["__transformed_code_0_for_f.py"]


def test_unchanged_graph_formatted_once(tmp_path, monkeypatch):
    # a graph logged again unchanged is not formatted again; any change to
    # its nodes, their args or their meta (in place too) is
    from depyf.explain import _compat

    class M(torch.nn.Module):
        def forward(self, x):
            return torch.relu(x) + 1

    gm = torch.fx.symbolic_trace(M())
    calls = []
    real = _compat.graph_readable_source
    monkeypatch.setattr(_compat, "graph_readable_source", lambda g: calls.append(g) or real(g))
    s = _session.Session(str(tmp_path))
    first = s._readable(gm)
    assert s._readable(gm) == first and len(calls) == 1
    relu = next(n for n in gm.graph.nodes if n.op == "call_function" and n.target is torch.relu)
    relu.meta["custom"] = {"tag": "a"}
    tagged = s._readable(gm)
    assert len(calls) == 2 and "'tag': 'a'" in tagged
    relu.meta["custom"]["tag"] = "b"              # changed in place
    assert "'tag': 'b'" in s._readable(gm) and len(calls) == 3
    add = next(n for n in gm.graph.nodes if n.target is operator.add)
    add.args = (add.args[0], 2)
    assert "add = relu + 2" in s._readable(gm) and len(calls) == 4
    assert "add = relu + 2" in s._readable(gm) and len(calls) == 4   # unchanged again
