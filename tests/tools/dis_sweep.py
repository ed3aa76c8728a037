"""Sweep: `build/depyf dis` against the interpreter's own dis.dis, file by file.

For each stdlib source file of the chosen versions, the interpreter of that
version compiles it, writes a .pyc with importlib.util.MAGIC_NUMBER, then
prints dis.dis() of the code object it gets back from marshal.loads.  We
disassemble the same .pyc and compare the texts after masking every
hexadecimal address (0x...) on both sides.

    python tests/tools/dis_sweep.py [--versions 3.8,3.13] [--sample N] [--show N]

Exit status 0 when every compiled file matches.  One documented allowance:
before 3.12 hash(None) is None's address, so dis's order of a frozenset that
holds None depends on the interpreter build's memory layout; such lines are
compared as sets and counted separately.
"""
import argparse
import ast
import concurrent.futures
import difflib
import json
import os
import re
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import corpus  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
DEPYF = os.environ.get("DEPYF") or os.path.join(ROOT, "build", "depyf")
ADDRESS = re.compile(r"0x[0-9a-fA-F]+")

# Runs inside the target interpreter.  Reads a JSON list of (source, index)
# on stdin; writes out/<index>.pyc and out/<index>.dis, prints a JSON result.
_PRODUCER = r'''
import dis, importlib.util, io, json, marshal, sys
out = sys.argv[1]
compiled, skipped = [], []
for src, idx in json.load(sys.stdin):
    try:
        with open(src, "rb") as f:
            code = compile(f.read(), src, "exec", dont_inherit=True)
    except Exception as e:  # files that do not compile are not in the corpus
        skipped.append(src)
        continue
    data = bytearray(importlib.util.MAGIC_NUMBER)
    data += (0).to_bytes(4, "little") * 3
    data += marshal.dumps(code)
    with open("%s/%d.pyc" % (out, idx), "wb") as f:
        f.write(data)
    text = io.StringIO()
    dis.dis(marshal.loads(bytes(data[16:])), file=text)
    with open("%s/%d.dis" % (out, idx), "w", encoding="utf-8", errors="surrogateescape") as f:
        f.write(text.getvalue())
    compiled.append(idx)
print(json.dumps({"compiled": compiled, "skipped": skipped}))
'''


def produce(version, sources, outdir):
    env = dict(os.environ, PYTHONHASHSEED="0", PYTHONIOENCODING="utf-8")
    job = json.dumps([(src, i) for i, src in enumerate(sources)])
    proc = subprocess.run([corpus.interpreter(version), "-c", _PRODUCER, outdir], input=job,
                          capture_output=True, text=True, env=env, check=True)
    return json.loads(proc.stdout)


def _canonical_frozensets(line):
    """Replace each frozenset literal on a dis line that holds None by its
    elements sorted by repr.  Before 3.12 hash(None) is None's address, so
    where None lands in a set's table depends on that interpreter build's
    memory layout, not on the .pyc; depyf prints the stored order there."""
    out, pos = [], 0
    while True:
        start = line.find("frozenset({", pos)
        if start < 0:
            return "".join(out) + line[pos:]
        end = line.find("})", start)
        while end >= 0:
            try:
                value = ast.literal_eval(line[start:end + 2].replace("frozenset(", "(", 1))
                break
            except (ValueError, SyntaxError):
                end = line.find("})", end + 1)
        if end < 0:
            return "".join(out) + line[pos:]
        text = line[start:end + 2]
        if None in value:
            text = "frozenset({%s})" % ", ".join(sorted(repr(v) for v in value))
        out.append(line[pos:start] + text)
        pos = end + 2


def compare_one(outdir, idx, version):
    pyc = os.path.join(outdir, "%d.pyc" % idx)
    with open(os.path.join(outdir, "%d.dis" % idx), "rb") as f:
        expected = f.read()
    proc = subprocess.run([DEPYF, "dis", pyc], capture_output=True)
    got = proc.stdout
    if proc.returncode != 0:
        return idx, "exit %d: %s" % (proc.returncode, proc.stderr.decode(errors="replace").strip())
    e = ADDRESS.sub("0x", expected.decode("utf-8", "surrogateescape"))
    g = ADDRESS.sub("0x", got.decode("utf-8", "surrogateescape"))
    if e == g:
        return idx, None
    if version in ("3.8", "3.9", "3.10", "3.11"):
        e_lines, g_lines = e.splitlines(), g.splitlines()
        if len(e_lines) == len(g_lines) and all(
                a == b or _canonical_frozensets(a) == _canonical_frozensets(b)
                for a, b in zip(e_lines, g_lines)):
            return idx, "none-order"
    diff = difflib.unified_diff(e.splitlines(), g.splitlines(), "dis", "depyf", n=1, lineterm="")
    return idx, "\n".join(list(diff)[:12])


def sweep(version, sample=None, show=3, jobs=4):
    root, sources = corpus.stdlib_sources(version)
    sources = corpus.sample(sources, sample)
    with tempfile.TemporaryDirectory() as outdir:
        produced = produce(version, sources, outdir)
        compiled = produced["compiled"]
        failures, none_order = [], []
        with concurrent.futures.ThreadPoolExecutor(jobs) as pool:
            for idx, problem in pool.map(lambda i: compare_one(outdir, i, version), compiled):
                name = os.path.relpath(sources[idx], root)
                if problem == "none-order":
                    none_order.append(name)
                elif problem is not None:
                    failures.append((name, problem))
    return {"version": version, "files": len(sources), "compiled": len(compiled),
            "equal": len(compiled) - len(failures) - len(none_order),
            "none_order": none_order, "failures": failures}


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--versions", default=",".join(corpus.VERSIONS))
    ap.add_argument("--sample", type=int, default=None, help="files per version (default: all)")
    ap.add_argument("--show", type=int, default=3, help="failures to print per version")
    args = ap.parse_args()
    ok = True
    for version in args.versions.split(","):
        if not corpus.interpreter(version):
            print("%s: interpreter not found" % version)
            ok = False
            continue
        result = sweep(version, args.sample)
        print("Python %s: %d files, %d compiled, %d equal, %d equal up to None's place "
              "in a frozenset, %d different" % (
                  version, result["files"], result["compiled"], result["equal"],
                  len(result["none_order"]), len(result["failures"])))
        for name, problem in result["failures"][:args.show]:
            print("  %s\n    %s" % (name, problem.replace("\n", "\n    ")))
        ok = ok and not result["failures"] and result["compiled"] > 0
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
