"""Dynamo's transformed code objects, kept as .pyc files for tests that run
without PyTorch.

    python3.11 tests/tools/capture_dynamo.py OUTDIR     (needs torch==2.13.0)

Compiles the hand-written functions of tests/torch/test_functions.py with
the eager backend (with and without grad, so recompilations and resume
functions come too) and writes every transformed code object Dynamo makes
whose constants marshal (all of these) as OUTDIR/<k>_<name>.pyc with the
interpreter's magic number.  tests/test_equiv.py decompiles each, compiles
the source back and checks it against the original with the symbolic
comparison; the files in tests/regress/dynamo/3.11 come from this script
(PyTorch 2.13.0).
"""
import importlib.util
import marshal
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "tests", "torch"))

import torch  # noqa: E402
import test_functions as tf  # noqa: E402


def main(outdir):
    os.makedirs(outdir, exist_ok=True)
    seen = []

    def hook(code, new_code):
        seen.append(new_code)
        return None

    from torch._dynamo import convert_frame  # the same hook depyf uses (PyTorch 2.13)
    handle = convert_frame.register_bytecode_hook(hook)
    try:
        for fn in tf.FUNCS:
            for grad in (False, True):
                torch._dynamo.reset()
                compiled = torch.compile(fn, backend="eager")
                for args in tf.args_for(grad):
                    compiled(*args)
    finally:
        handle.remove()
    written = 0
    names = set()
    for code in seen:
        try:
            data = marshal.dumps(code)
        except ValueError:
            continue
        if data in names:
            continue
        names.add(data)
        path = os.path.join(outdir, "%02d_%s.pyc" % (written, code.co_name[:60]))
        with open(path, "wb") as f:
            f.write(importlib.util.MAGIC_NUMBER + bytes(12) + data)
        written += 1
    print("%d transformed code objects seen, %d written to %s" % (len(seen), written, outdir))


if __name__ == "__main__":
    main(sys.argv[1])
