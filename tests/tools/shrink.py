#!/usr/bin/env python3
"""Shrink a Python source file while the decompiler still reports a message.

    shrink.py SRC.py MESSAGE [--python 3.12] [--depyf build/depyf]

Compiles SRC.py with that interpreter, decompiles the .pyc with the depyf
command line and keeps a change to the source only while MESSAGE (a
substring) is still in the decompiler's output or error.  Changes, tried
until none is kept: delete a statement (or leave `pass` where a body would
be empty), replace a compound statement by its body, replace a test, value
or iterable by the name `c`.  Prints the smallest source found.

How the decompiler's still-unrecovered functions were brought down to the
small forms under tests/regress/forms.  The result keeps the message, not
necessarily the cause: check that the small form fails for the same reason
(a shrunk `while c: pass` once stood for a larger loop).
"""
import argparse
import ast
import copy
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from corpus import interpreter  # noqa: E402

BODY_FIELDS = ("body", "orelse", "finalbody", "handlers", "cases")
LOOPS = (ast.For, ast.While, ast.AsyncFor)
DEFS = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)


class Checker:
    """Whether a tree still compiles and makes the decompiler say MESSAGE."""

    def __init__(self, python, depyf, message, workdir):
        self.python, self.depyf, self.message = python, depyf, message
        self.src = os.path.join(workdir, "m.py")
        self.pyc = self.src + "c"

    def __call__(self, tree):
        try:
            text = ast.unparse(ast.fix_missing_locations(tree))
        except Exception:
            return False
        with open(self.src, "w") as f:
            f.write(text)
        r = subprocess.run([self.python, "-c", "import py_compile, sys; "
                            "py_compile.compile(sys.argv[1], cfile=sys.argv[2], doraise=True)",
                            self.src, self.pyc], capture_output=True)
        if r.returncode:
            return False
        r = subprocess.run([self.depyf, self.pyc], capture_output=True, text=True)
        return self.message in r.stdout or self.message in r.stderr


def statement_lists(tree):
    for node in ast.walk(tree):
        for field in BODY_FIELDS:
            value = getattr(node, field, None)
            if isinstance(value, list) and value:
                yield node, field


def candidates(node, field, items, i):
    """The lists to try in place of `items` for its statement i."""
    rest = items[:i] + items[i + 1:]
    if rest or field in ("orelse", "finalbody"):
        yield rest
    elif (field not in ("handlers", "cases") and not isinstance(items[i], ast.Pass)
          and not (field == "body" and isinstance(node, LOOPS))):
        yield [ast.Pass()]
    stmt = items[i]
    if isinstance(stmt, ast.stmt) and not isinstance(stmt, DEFS):
        for sub_field in ("body", "orelse", "finalbody"):
            sub = getattr(stmt, sub_field, None)
            if isinstance(sub, list) and sub:
                yield items[:i] + sub + items[i + 1:]


def shrink_statements(tree, still_fails):
    changed = False
    for node, field in list(statement_lists(tree)):
        items = getattr(node, field)
        i = 0
        while i < len(items):
            for new in candidates(node, field, items, i):
                setattr(node, field, new)
                if still_fails(tree):
                    items, changed = new, True
                    break
                setattr(node, field, items)
            else:
                i += 1
    return changed


def shrink_expressions(tree, still_fails):
    changed = False
    for node in list(ast.walk(tree)):
        if isinstance(node, ast.keyword):
            continue
        for field in ("test", "value", "iter"):
            value = getattr(node, field, None)
            if isinstance(value, ast.expr) and not isinstance(value, (ast.Name, ast.Constant)):
                setattr(node, field, ast.Name("c", ast.Load()))
                if still_fails(tree):
                    changed = True
                else:
                    setattr(node, field, value)
    return changed


def shrink(tree, still_fails):
    tree = copy.deepcopy(tree)
    while shrink_statements(tree, still_fails) | shrink_expressions(tree, still_fails):
        pass
    return tree


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("source")
    ap.add_argument("message")
    ap.add_argument("--python", default="3.12", help="interpreter version that compiles the source")
    ap.add_argument("--depyf", default=os.path.join(os.path.dirname(__file__), "..", "..", "build", "depyf"))
    args = ap.parse_args(argv)
    python = interpreter(args.python)
    if python is None:
        sys.exit("shrink.py: no Python %s interpreter under pyenv" % args.python)
    if not os.access(args.depyf, os.X_OK):
        sys.exit("shrink.py: no decompiler to run at %s (build it with `make`, or pass --depyf)" % args.depyf)
    try:
        with open(args.source) as f:
            tree = ast.parse(f.read(), args.source)
    except (OSError, SyntaxError) as e:
        sys.exit("shrink.py: cannot read %s: %s" % (args.source, e))
    with tempfile.TemporaryDirectory() as workdir:
        still_fails = Checker(str(python), args.depyf, args.message, workdir)
        if not still_fails(tree):
            sys.exit("shrink.py: %s does not make the decompiler say %r" % (args.source, args.message))
        print(ast.unparse(shrink(tree, still_fails)))


if __name__ == "__main__":
    main()
