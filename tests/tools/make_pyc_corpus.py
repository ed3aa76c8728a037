"""Build a small, deterministic corpus of real .pyc files for robustness tests.

    python tests/tools/make_pyc_corpus.py OUTDIR [--per-version N] [--versions 3.8,3.13]

For every installed interpreter 3.8 ... 3.13, a deterministic sample of that
version's stdlib (tests/tools/corpus.py) is compiled by that interpreter and
N modules are picked to give a mix:

  small      the smallest non-trivial modules (every truncation is affordable)
  exc        modules with try statements (3.11+: exception tables)
  closure    modules whose code objects have free variables
  bigconst   modules with a big constant (long str/bytes, big tuple/frozenset)
  large      one bigger module (the driver truncates it at a stride)
  medium     the rest, spread over the sizes

Each pick is written to OUTDIR/3.X/NAME.pyc (importlib.util.MAGIC_NUMBER, 12
zero bytes, marshal.dumps(code)), NAME being the module's dotted path, with
OUTDIR/3.X/NAME.dis holding that interpreter's dis.dis() of the same code
(object addresses written as 0x0000, the placeholder depyf prints).
OUTDIR/manifest.json lists the picks and why; it is written last, and only
when every requested interpreter was found.  Same interpreters, same
corpus: the selection and the bytes do not change between runs
(PYTHONHASHSEED=0, file names relative to the stdlib root).
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import corpus  # noqa: E402

# How many stdlib files per version are compiled to choose from.
CANDIDATES = 360

# Runs inside the target interpreter.  stdin: JSON [(source, relname, idx)];
# writes OUTDIR/<idx>.pyc, prints JSON features per compiled file.
_PRODUCER = r'''
import ast, importlib.util, json, marshal, sys
out = sys.argv[1]
results = []

def walk(code):
    yield code
    for c in code.co_consts:
        if hasattr(c, "co_code"):
            yield from walk(c)

def const_size(c):
    if isinstance(c, (str, bytes)):
        return len(c)
    if isinstance(c, (tuple, frozenset)):
        return max([len(c)] + [const_size(x) for x in c])
    return 0

for src, rel, idx in json.load(sys.stdin):
    try:
        with open(src, "rb") as f:
            text = f.read()
        code = compile(text, rel, "exec", dont_inherit=True)
        tree = ast.parse(text)
    except Exception:
        continue  # files that do not compile are not in the corpus
    codes = list(walk(code))
    has_try = any(type(n).__name__ in ("Try", "TryStar") for n in ast.walk(tree))
    closure = any(c.co_freevars for c in codes)
    biggest = max(const_size(k) for c in codes for k in c.co_consts) if codes else 0
    exc_bytes = sum(len(getattr(c, "co_exceptiontable", b"")) for c in codes)
    data = bytearray(importlib.util.MAGIC_NUMBER)
    data += (0).to_bytes(4, "little") * 3
    data += marshal.dumps(code)
    with open("%s/%d.pyc" % (out, idx), "wb") as f:
        f.write(data)
    results.append({"idx": idx, "size": len(data), "try": has_try, "closure": closure,
                    "biggest_const": biggest, "exc_bytes": exc_bytes,
                    "codes": len(codes)})
print(json.dumps(results))
'''

# Runs inside the target interpreter: argv[1:] are .pyc files; writes the
# interpreter's dis.dis() of each next to it as .dis, addresses as 0x0000.
_DISASSEMBLER = r'''
import dis, io, marshal, re, sys
for path in sys.argv[1:]:
    with open(path, "rb") as f:
        code = marshal.loads(f.read()[16:])
    buf = io.StringIO()
    dis.dis(code, file=buf)
    text = re.sub(r" at 0x[0-9a-fA-F]+", " at 0x0000", buf.getvalue())
    with open(path[:-4] + ".dis", "w", encoding="utf-8", errors="surrogateescape") as f:
        f.write(text)
'''

# The order in which kinds are picked; cycled when N is larger.
PLAN = ["small", "exc", "closure", "bigconst", "small", "large", "medium", "exc", "closure",
        "small", "bigconst", "medium"]

SMALL_MIN, SMALL_MAX = 200, 3000        # bytes of .pyc
MEDIUM_MAX = 16 * 1024
LARGE_MIN, LARGE_MAX = 24 * 1024, 96 * 1024


def module_name(rel):
    name = rel[:-3] if rel.endswith(".py") else rel
    return name.replace(os.sep, ".").replace("/", ".")


def choose(files, n):
    """Pick n entries of `files` (dicts with features) following PLAN."""
    by_size = sorted(files, key=lambda f: (f["size"], f["name"]))
    chosen, taken = [], set()

    def first(pred, items):
        for f in items:
            if f["name"] not in taken and pred(f):
                return f
        return None

    def spread(pred):
        # The candidate nearest the median size among those matching pred.
        items = [f for f in by_size if f["name"] not in taken and pred(f)]
        return items[len(items) // 2] if items else None

    medium = lambda f: SMALL_MAX < f["size"] <= MEDIUM_MAX  # noqa: E731
    rules = {
        "small": lambda: first(lambda f: SMALL_MIN <= f["size"] <= SMALL_MAX and f["codes"] > 1,
                               by_size) or first(lambda f: f["size"] >= SMALL_MIN, by_size),
        "exc": lambda: spread(lambda f: f["try"] and medium(f)) or spread(lambda f: f["try"]),
        "closure": lambda: spread(lambda f: f["closure"] and medium(f))
        or spread(lambda f: f["closure"]),
        "bigconst": lambda: first(lambda f: f["biggest_const"] >= 100 and f["size"] <= MEDIUM_MAX,
                                  sorted(by_size, key=lambda f: (-f["biggest_const"], f["name"])))
        or spread(lambda f: f["biggest_const"] >= 50),
        "large": lambda: spread(lambda f: LARGE_MIN <= f["size"] <= LARGE_MAX)
        or spread(lambda f: f["size"] > MEDIUM_MAX),
        "medium": lambda: spread(medium),
    }
    i = 0
    while len(chosen) < min(n, len(files)):
        kind = PLAN[i % len(PLAN)]
        i += 1
        pick = rules[kind]() or spread(lambda f: True)
        if pick is None:
            break
        taken.add(pick["name"])
        chosen.append(dict(pick, kind=kind))
    return chosen


def build_version(version, outdir, per_version):
    root, sources = corpus.stdlib_sources(version)
    sources = corpus.sample(sources, CANDIDATES)
    rels = [os.path.relpath(s, root) for s in sources]
    env = dict(os.environ, PYTHONHASHSEED="0", PYTHONIOENCODING="utf-8",
               PYTHONDONTWRITEBYTECODE="1")
    with tempfile.TemporaryDirectory() as tmp:
        job = json.dumps([(src, rel, i) for i, (src, rel) in enumerate(zip(sources, rels))])
        proc = subprocess.run([corpus.interpreter(version), "-c", _PRODUCER, tmp], input=job,
                              capture_output=True, text=True, env=env)
        if proc.returncode != 0:
            raise SystemExit("%s: producer failed:\n%s" % (version, proc.stderr))
        files = json.loads(proc.stdout)
        for f in files:
            f["name"] = module_name(rels[f["idx"]])
        picks = choose(files, per_version)
        vdir = os.path.join(outdir, version)
        os.makedirs(vdir, exist_ok=True)
        written = []
        for f in picks:
            with open(os.path.join(tmp, "%d.pyc" % f["idx"]), "rb") as src:
                data = src.read()
            written.append(os.path.join(vdir, f["name"] + ".pyc"))
            with open(written[-1], "wb") as dst:
                dst.write(data)
        subprocess.run([corpus.interpreter(version), "-c", _DISASSEMBLER] + written,
                       env=env, check=True)
    for f in picks:
        del f["idx"]
    return picks


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("outdir")
    ap.add_argument("--per-version", type=int, default=6, help="modules per version (default 6)")
    ap.add_argument("--versions", default=",".join(corpus.VERSIONS))
    args = ap.parse_args()
    manifest = {}
    missing = []
    for version in args.versions.split(","):
        if not corpus.interpreter(version):
            missing.append(version)
            continue
        picks = build_version(version, args.outdir, args.per_version)
        manifest[version] = picks
        print("Python %s: %s" % (version, ", ".join(
            "%s (%s, %d bytes)" % (p["name"], p["kind"], p["size"]) for p in picks)))
    if missing:
        # No manifest: `make` would take the corpus for complete.
        print("interpreters not found: %s" % ", ".join(missing), file=sys.stderr)
        return 1
    with open(os.path.join(args.outdir, "manifest.json"), "w") as f:
        json.dump(manifest, f, indent=1, sort_keys=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
