"""Compile the stdlib of each interpreter into .pyc files (robustness runs).

    python tests/tools/compile_stdlib.py OUTDIR [--versions 3.8,3.13] [--sample N]

For every installed interpreter 3.8 ... 3.13, the corpus of tests/tools/
corpus.py (every stdlib .py outside the excluded directories, or N of them
spread evenly with --sample) is compiled by that interpreter and written as
OUTDIR/3.X/NNNN_<dotted.name>.pyc (importlib.util.MAGIC_NUMBER, 12 zero
bytes, marshal.dumps(code)).  A version whose directory already holds
OUTDIR/3.X/done (the number of files) is skipped, so the make targets that
use it (fuzz seeds, make sanitize, make tsan) build it once.  Files that do
not compile on that interpreter are left out.
"""
import argparse
import json
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import corpus  # noqa: E402

# Runs inside the target interpreter: stdin is JSON [(source, outpath)].
_PRODUCER = r'''
import importlib.util, json, marshal, sys
n = 0
for src, dst in json.load(sys.stdin):
    try:
        with open(src, "rb") as f:
            code = compile(f.read(), src, "exec", dont_inherit=True)
    except Exception:
        continue
    data = bytearray(importlib.util.MAGIC_NUMBER)
    data += (0).to_bytes(4, "little") * 3
    data += marshal.dumps(code)
    with open(dst, "wb") as f:
        f.write(data)
    n += 1
print(n)
'''


def compile_version(version, outdir, sample):
    vdir = os.path.join(outdir, version)
    done = os.path.join(vdir, "done")
    if os.path.exists(done):
        return int(open(done).read() or 0)
    os.makedirs(vdir, exist_ok=True)
    root, sources = corpus.stdlib_sources(version)
    sources = corpus.sample(sources, sample)
    job = []
    for i, src in enumerate(sources):
        rel = os.path.relpath(src, root)[:-3].replace(os.sep, ".")
        job.append((src, os.path.join(vdir, "%04d_%s.pyc" % (i, rel))))
    env = dict(os.environ, PYTHONHASHSEED="0")
    proc = subprocess.run([corpus.interpreter(version), "-c", _PRODUCER], input=json.dumps(job),
                          capture_output=True, text=True, env=env, check=True)
    n = int(proc.stdout.strip())
    with open(done, "w") as f:
        f.write(str(n))
    return n


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("outdir")
    ap.add_argument("--versions", default=",".join(corpus.VERSIONS))
    ap.add_argument("--sample", type=int, default=None, help="files per version (default: all)")
    args = ap.parse_args()
    missing = []
    for v in args.versions.split(","):
        if corpus.interpreter(v) is None:
            missing.append(v)
            continue
        n = compile_version(v, args.outdir, args.sample)
        print("compile_stdlib: %s: %d files in %s" % (v, n, os.path.join(args.outdir, v)))
    if missing:
        print("compile_stdlib: no interpreter for %s" % ", ".join(missing), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
