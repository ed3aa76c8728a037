"""The script the pdb, stability and multi-process tests run in a fresh
process: python toy_script.py DUMP_DIR [dump|debug] [N]."""
import sys

import torch

import depyf


@torch.compile(backend="eager")
def toy_example(a, b):
    x = a / (torch.abs(a) + 1)
    if b.sum() < 0:
        b = b * -1
    return x * b


def main(n):
    torch.manual_seed(0)
    out = []
    for _ in range(n):
        out.append(toy_example(torch.randn(10), torch.randn(10)))
    return torch.stack(out)


if __name__ == "__main__":
    dump = sys.argv[1]
    mode = sys.argv[2] if len(sys.argv) > 2 else "dump"
    n = int(sys.argv[3]) if len(sys.argv) > 3 else 4
    with depyf.prepare_debug(dump):
        first = main(n)
    if mode == "debug":
        with depyf.debug():
            second = main(n)
        assert torch.equal(first, second), "debug() changed the results"
    print("TOY-DONE", float(first.sum()))
