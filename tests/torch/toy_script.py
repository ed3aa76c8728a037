"""The script the pdb, stability and multi-process tests run in a fresh
process: python toy_script.py DUMP_DIR [dump|debug] [N] [DEVICE] [BACKEND]
(defaults: 4 calls, cpu, eager; tests/torch/gpu_check.py passes cuda)."""
import sys

import torch

import depyf


def toy_example(a, b):
    x = a / (torch.abs(a) + 1)
    if b.sum() < 0:
        b = b * -1
    return x * b


def main(n, compiled, device):
    torch.manual_seed(0)
    out = []
    for _ in range(n):
        out.append(compiled(torch.randn(10).to(device), torch.randn(10).to(device)))
    return torch.stack(out).cpu()


if __name__ == "__main__":
    dump = sys.argv[1]
    mode = sys.argv[2] if len(sys.argv) > 2 else "dump"
    n = int(sys.argv[3]) if len(sys.argv) > 3 else 4
    device = sys.argv[4] if len(sys.argv) > 4 else "cpu"
    compiled = torch.compile(toy_example, backend=sys.argv[5] if len(sys.argv) > 5 else "eager")
    with depyf.prepare_debug(dump):
        first = main(n, compiled, device)
    if mode == "debug":
        with depyf.debug():
            second = main(n, compiled, device)
        assert torch.equal(first, second), "debug() changed the results"
    print("TOY-DONE", float(first.sum()))
