import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, os.path.join(HERE, "tools"))

DEPYF = os.environ.get("DEPYF") or os.path.join(ROOT, "build", "depyf")

# tests/torch needs PyTorch (installed by its own conftest, minutes of set-up
# and runtime): it runs with `make torch-test`, not in the default suite.
collect_ignore = ["torch"]
