"""Seed corpora of the fuzz targets, from the stdlib of every version.

    python fuzz/make_seeds.py STDLIB_PYC_DIR OUTDIR [--modules N] [--max-code-len B]

STDLIB_PYC_DIR is what tests/tools/compile_stdlib.py writes (3.X/*.pyc, each
compiled by that version's interpreter).  For each version, N modules spread
evenly over its corpus are picked (deterministic), and:

  OUTDIR/marshal/    the whole module .pyc files up to 64 KiB;
  OUTDIR/decompile/  one .pyc per code object of those modules (the module
                     and every function, class body, lambda, comprehension),
                     each marshalled alone by that version's interpreter
                     behind the version's header, up to B bytes (default
                     4096: small inputs keep the end-to-end target fast);
  OUTDIR/codemodel/  left for fuzz/cm_seed (the decompile seeds, converted
                     to the format of fuzz/codemodel.h by the Makefile).

Same interpreters and stdlib, same seeds.
"""
import argparse
import glob
import json
import os
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(os.path.dirname(HERE), "tests", "tools"))
import corpus  # noqa: E402

# Runs inside the version's interpreter: stdin JSON {"files": [...], "out": dir,
# "max": bytes}; writes one .pyc per code object.
_SPLIT = r'''
import importlib.util, json, marshal, os, sys
job = json.load(sys.stdin)
n = 0
def walk(code):
    yield code
    for c in code.co_consts:
        if hasattr(c, "co_code"):
            yield from walk(c)
for path in job["files"]:
    with open(path, "rb") as f:
        module = marshal.loads(f.read()[16:])
    base = os.path.basename(path)[:-4]
    for k, code in enumerate(walk(module)):
        data = importlib.util.MAGIC_NUMBER + bytes(12) + marshal.dumps(code)
        if len(data) > job["max"]:
            continue
        with open(os.path.join(job["out"], "%s_%s.%d.pyc" % (job["tag"], base, k)), "wb") as f:
            f.write(data)
        n += 1
print(n)
'''


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("stdlib_pyc")
    ap.add_argument("outdir")
    ap.add_argument("--modules", type=int, default=8, help="modules per version")
    ap.add_argument("--max-code-len", type=int, default=4096)
    args = ap.parse_args()
    dirs = {name: os.path.join(args.outdir, name) for name in ("marshal", "decompile", "codemodel")}
    for d in dirs.values():
        shutil.rmtree(d, ignore_errors=True)
        os.makedirs(d)
    for version in corpus.VERSIONS:
        files = sorted(glob.glob(os.path.join(args.stdlib_pyc, version, "*.pyc")))
        if not files or corpus.interpreter(version) is None:
            print("make_seeds: no %s files or interpreter" % version, file=sys.stderr)
            return 1
        picked = corpus.sample(files, args.modules)
        tag = version.replace(".", "")
        n_marshal = 0
        for path in picked:
            if os.path.getsize(path) <= 65536:
                shutil.copy(path, os.path.join(dirs["marshal"], tag + "_" + os.path.basename(path)))
                n_marshal += 1
        job = {"files": picked, "out": dirs["decompile"], "max": args.max_code_len, "tag": tag}
        proc = subprocess.run([corpus.interpreter(version), "-c", _SPLIT], input=json.dumps(job),
                              capture_output=True, text=True, check=True)
        print("make_seeds: %s: %d marshal seeds, %s decompile seeds"
              % (version, n_marshal, proc.stdout.strip()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
