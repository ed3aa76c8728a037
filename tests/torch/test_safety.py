"""Never break the user's run; the API's errors; install()/uninstall();
stable names across runs and processes."""
import logging
import os
import subprocess
import sys
import warnings

import pytest
import torch

import depyf
import depyf.explain as dx
from depyf.explain import DepyfWarning, _compat, _files

HERE = os.path.dirname(os.path.abspath(__file__))


def f(a, b):
    x = torch.sin(a) + b
    if x.sum() > 0:
        return x * 2
    return x - 1


def _args():
    g = torch.Generator().manual_seed(0)
    return torch.randn(8, generator=g), torch.randn(8, generator=g)


def test_debug_inside_prepare_debug_raises(tmp_path):
    with dx.prepare_debug(str(tmp_path)):
        with pytest.raises(RuntimeError, match="inside depyf.prepare_debug"):
            with dx.debug():
                pass


def test_nested_prepare_debug_raises(tmp_path):
    with dx.prepare_debug(str(tmp_path / "a")):
        with pytest.raises(RuntimeError, match="nested"):
            with dx.prepare_debug(str(tmp_path / "b")):
                pass


def test_debug_before_prepare_debug_raises(monkeypatch):
    monkeypatch.setattr(dx, "_last", None)
    with pytest.raises(RuntimeError, match="prepare_debug"):
        with dx.debug():
            pass


def test_obsolete_call_style_is_a_clear_error():
    with pytest.raises(TypeError, match="dump_src_dir"):
        with dx.prepare_debug(func=f, dump_src_dir="x"):
            pass


@pytest.mark.parametrize("broken", ["graph_logging", "bytecode_hook", "files", "kernels", "guards"])
def test_a_broken_internal_is_one_warning_and_changes_nothing(broken, tmp_path, monkeypatch):
    def unavailable(*a, **k):
        raise _compat.Unavailable("simulated: this PyTorch moved it")

    def oserror(*a, **k):
        raise OSError(28, "No space left on device (simulated)")
    if broken == "graph_logging":
        monkeypatch.setattr(_compat, "patch_graph_logging", unavailable)
    elif broken == "bytecode_hook":
        monkeypatch.setattr(_compat, "register_bytecode_hook", unavailable)
    elif broken == "files":
        monkeypatch.setattr(_files, "write_unique", oserror)
    elif broken == "kernels":
        monkeypatch.setattr(_compat, "patch_kernel_loading", unavailable)
    elif broken == "guards":
        monkeypatch.setattr(_compat, "guard_parts", oserror)
    a, b = _args()
    expected = f(a, b)
    torch._dynamo.reset()
    backend = "inductor" if broken == "kernels" else "aot_eager"
    c = torch.compile(f, backend=backend)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        with dx.prepare_debug(str(tmp_path)):
            got = c(a, b)
    torch.testing.assert_close(got, expected)
    ours = [str(w.message) for w in caught if issubclass(w.category, DepyfWarning)
            and "were not verified equal" not in str(w.message)]
    assert ours, "the failure was not reported"
    assert all("your program is not affected" in m and "torch" in m for m in ours), ours
    if broken == "guards":
        text = open(os.path.join(tmp_path, "full_code_for_f_0.py")).read()
        assert "could not read this cache entry's guards" in text


class _Collect(logging.Handler):
    def __init__(self):
        super().__init__(logging.DEBUG)
        self.messages = []

    def emit(self, record):
        self.messages.append(record.getMessage())


def _bytecode_log_of_a_compile():
    torch._dynamo.reset()
    torch._logging.set_logs(bytecode=True)
    h = _Collect()
    logging.getLogger("torch._dynamo").addHandler(h)  # its loggers do not propagate further
    try:
        torch.compile(f, backend="eager")(*_args())
    finally:
        logging.getLogger("torch._dynamo").removeHandler(h)
        torch._logging.set_logs()
    return "\n".join(h.messages)


def test_install_adds_source_to_bytecode_log():
    depyf.install()
    depyf.install()   # twice is once
    try:
        text = _bytecode_log_of_a_compile()
    finally:
        depyf.uninstall()
        depyf.uninstall()
    assert "MODIFIED BYTECODE" in text
    assert ("possible source code (decompiled by depyf)" in text
            or "depyf could not decompile the modified bytecode" in text), text[-2000:]
    assert text.count("If you find") == 0
    text = _bytecode_log_of_a_compile()
    assert "MODIFIED BYTECODE" in text
    assert "depyf" not in text, "uninstall() left the hook in place"


def _toy(d, mode="dump"):
    return subprocess.Popen([sys.executable, os.path.join(HERE, "toy_script.py"), d, mode],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def test_stable_names_and_several_processes(tmp_path):
    """Names do not depend on the run: a fresh directory gets the same file
    names, a second run into the same directory adds none, and three
    processes writing into one directory at once produce the same set, with
    every file whole."""
    one, shared = str(tmp_path / "one"), str(tmp_path / "shared")
    p = _toy(one)
    out, err = p.communicate(timeout=600)
    assert p.returncode == 0, err[-3000:]
    names = sorted(os.listdir(one))
    assert any(n.startswith("__transformed_code_0_for_toy_example") for n in names), names
    assert any(n.startswith("full_code_for_toy_example_0") for n in names), names
    assert "__compiled_fn_1.Captured_Graph.0.py" in names, names

    procs = [_toy(shared) for _ in range(3)]
    for p in procs:
        out, err = p.communicate(timeout=600)
        assert p.returncode == 0, err[-3000:]
    assert sorted(os.listdir(shared)) == names
    for n in names:
        a, b = open(os.path.join(one, n)).read(), open(os.path.join(shared, n)).read()
        assert _files.stable_text(a) == _files.stable_text(b), n

    p = _toy(one)
    p.communicate(timeout=600)
    assert sorted(os.listdir(one)) == names, "a second run wrote new names"
