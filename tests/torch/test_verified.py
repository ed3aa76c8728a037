"""The target of issue #4: every transformed code object Dynamo produces is
decompiled, verified equal to Dynamo's bytecode (normalized, or up to the
decompiler's temporaries: depyf/explain/_equiv.py) and run from the dump.
The fraction reached is printed at the end of the run (and in
build/torch-report.json)."""
import os

import pytest
import torch

import depyf.explain as dx
import test_functions as tf


@pytest.mark.parametrize("fn", [tf.data_dependent_if, tf.graph_break_print, tf.python_loop,
                                tf.closure, tf.try_finally],
                         ids=lambda f: f.__name__)
def test_every_transformed_code_is_verified(fn, tmp_path):
    torch._dynamo.reset()
    c = torch.compile(fn, backend="eager")
    with dx.prepare_debug(str(tmp_path)):
        for args in tf.args_for(False):
            c(*args)
    s = dx.last_summary()
    assert s["transformed"] > 0
    # the hooks' own CPU, which bench/ reports as depyf's cost
    assert s["hook_seconds"] > 0, s
    assert s["replaced"] == s["transformed"], (
        "%d of %d transformed code objects run from the dump; not: %s"
        % (s["replaced"], s["transformed"], s["not_verified"]))
    assert s["verified"] + s["equivalent"] == s["transformed"], (
        "%d of %d transformed code objects verified; not: %s"
        % (s["verified"] + s["equivalent"], s["transformed"], s["not_equivalent"]))
    # and each dump file says so at its top
    for name in os.listdir(str(tmp_path)):
        if name.startswith("__transformed_code_"):
            with open(os.path.join(str(tmp_path), name)) as f:
                head = " ".join(f.read().splitlines()[:3])
            assert "verified" in head and "NOT verified" not in head, (name, head)
