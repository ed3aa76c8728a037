"""The model matrix: {eager, aot_eager, inductor} x {grad, no grad} x
{static, dynamic} x {function, nn.Module} on small transformers models.

DEPYF_TORCH_MATRIX=full runs all 24 combinations per model; the default
runs 4 per model that together cover every value of every axis (the full
matrix takes about 20 minutes on two cores).  DEPYF_TORCH_MODELS=bert,gpt2
picks models.  Combinations not selected are not generated at all: nothing
here is skipped."""
import itertools
import os

import pytest

import models
from helpers import check_and_report

BACKENDS = ("eager", "aot_eager", "inductor")
QUICK = [("eager", True, False, "module"), ("aot_eager", True, True, "function"),
         ("aot_eager", False, False, "module"), ("inductor", False, False, "function")]


def _combos():
    if os.environ.get("DEPYF_TORCH_MATRIX", "quick") == "full":
        return list(itertools.product(BACKENDS, (True, False), (False, True), ("function", "module")))
    return QUICK


def _models():
    names = os.environ.get("DEPYF_TORCH_MODELS")
    return names.split(",") if names else list(models.MODELS)


CASES = [(m,) + c for m in _models() for c in _combos()]


def _id(c):
    m, backend, grad, dynamic, kind = c
    return "%s-%s-%s-%s-%s" % (m, backend, "grad" if grad else "nograd",
                               "dynamic" if dynamic else "static", kind)


@pytest.mark.parametrize("case", CASES, ids=[_id(c) for c in CASES])
def test_model(case, tmp_path, report):
    name, backend, grad, dynamic, kind = case
    model, make_inputs = models.build(name)
    args = [make_inputs(1, 8), make_inputs(2, 8), make_inputs(3, 12)]  # the last may recompile
    target, invoke = models.compile_target(model, kind)
    check_and_report(target, [(a,) for a in args], backend=backend, dynamic=dynamic, grad=grad,
                     dump_dir=str(tmp_path / "dump"), report=report, label=_id(case),
                     params=list(model.parameters()) if grad else [], invoke=invoke)
