"""Open the opaque box of torch.compile on a small model.

    python3.11 examples/torch_demo.py [DUMP_DIR]      (default ./depyf_demo_dump)

Compiles a small transformer block (random weights) with a data-dependent
branch, so Dynamo splits it into two graphs and a resume function, under
depyf.prepare_debug, and shows what was written.  Then
    with depyf.debug(): ...
would pause once and run the compiled code from those files, so that
breakpoints set in them hit.
"""
import os
import sys
import warnings

import torch

import depyf


class Block(torch.nn.Module):
    def __init__(self, dim=16, heads=2):
        super().__init__()
        self.attn = torch.nn.MultiheadAttention(dim, heads, batch_first=True)
        self.norm = torch.nn.LayerNorm(dim)
        self.mlp = torch.nn.Sequential(torch.nn.Linear(dim, 4 * dim), torch.nn.GELU(),
                                       torch.nn.Linear(4 * dim, dim))

    def forward(self, x):
        h, _ = self.attn(x, x, x, need_weights=False)
        x = self.norm(x + h)
        if x.mean() > 0:          # data-dependent: a graph break
            x = x * 2
        return x + self.mlp(x)


def main(dump_dir):
    torch.manual_seed(0)
    model = Block().eval()
    compiled = torch.compile(model, backend="aot_eager")
    x = torch.randn(2, 5, 16)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", depyf.explain.DepyfWarning)  # summarized below
        with depyf.prepare_debug(dump_dir):
            for i in range(3):
                out = compiled(x * (-1) ** i)
    assert torch.allclose(out, model(x * (-1) ** 2))

    s = depyf.explain.last_summary()
    print("depyf dump in %s:" % s["dump_dir"])
    for name in sorted(os.listdir(dump_dir)):
        with open(os.path.join(dump_dir, name)) as f:
            first = f.readline().strip()
        print("  %-62s %s" % (name, first[:70]))
    print("transformed code objects: %d, decompiled: %d, verified and run from the dump: %d"
          % (s["transformed"], s["decompiled"], s["replaced"]))
    print("graph files: %d (%d graph forwards run from them)" % (s["graphs"], s["graph_forwards_swapped"]))
    full = sorted(n for n in os.listdir(dump_dir) if n.startswith("full_code_for_"))
    if full:
        with open(os.path.join(dump_dir, full[0])) as f:
            text = f.read()
        start = text.find("def __guard_0_for_")
        print("\n--- %s (a guard function, excerpt) ---" % full[0])
        print("\n".join(text[start:].splitlines()[:8]))


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "depyf_demo_dump")
