"""Compile this interpreter's stdlib corpus into DIR as .pyc files (py_compile,
cfile=DIR/<path relative to the stdlib>c), once: DIR/stamp.json records the
interpreter and the file count, and a later call with the same finds nothing
to do.  Files this interpreter cannot compile are left out.

    python3.X bench/compile_tree.py DIR
"""
import json
import os
import py_compile
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import common  # noqa: E402


def main():
    out = sys.argv[1]
    root, paths = common.stdlib_sources_here()
    stamp_path = os.path.join(out, "stamp.json")
    want = {"python": sys.version, "sources": len(paths)}
    try:
        with open(stamp_path) as f:
            stamp = json.load(f)
        if all(stamp.get(k) == v for k, v in want.items()):
            print(json.dumps(stamp))
            return
    except (OSError, ValueError):
        pass
    n = 0
    size = 0
    for path in paths:
        dst = os.path.join(out, os.path.relpath(path, root) + "c")
        os.makedirs(os.path.dirname(dst), exist_ok=True)
        try:
            py_compile.compile(path, cfile=dst, doraise=True,
                               invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)
        except py_compile.PyCompileError:
            continue
        n += 1
        size += os.path.getsize(dst)
    want.update(files=n, bytes=size)
    with open(stamp_path, "w") as f:
        json.dump(want, f)
    print(json.dumps(want))


if __name__ == "__main__":
    main()
