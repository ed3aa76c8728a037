#!/usr/bin/env python3
"""Differential fuzzer for the decompilation of `match` statements.

Generates random modules whose functions contain match statements (every
pattern kind, guards, loops with break/continue, nested matches, ...), and
for each requested interpreter version:

  1. compiles the module with that interpreter into a .pyc
     (MAGIC + 12 zero bytes + marshal.dumps(code)),
  2. decompiles it with build/depyf,
  3. classifies the result:
       crash        depyf exit status other than 0/1, or a timeout   (BUG)
       unrecovered  depyf exit 1 (a region marked as not recovered)
       nocompile    depyf exit 0 but the output does not compile      (BUG)
       behavior     output compiles but some function returns a
                    different value / raises a different exception
                    on some subject                                   (BUG)
       inexact      behaves the same, normalized bytecode differs
                    (tests/tools/normalize.py compare(); on 3.11+ also
                    accepted: equal to compile(ast.unparse(ast.parse())))
       exact        normalized bytecode equal

Usage:
  match_fuzz.py --seed 1 --count 100 --versions 3.10,3.11,3.12,3.13

Failing cases (source + depyf output) are written under --out (default
/tmp/match_fuzz), minimized by greedily deleting functions, cases,
statements, guards and sub-patterns while the failure category persists.

The same file is also the per-interpreter worker (--worker): one worker
process per version reads JSON requests on stdin and answers on stdout.
Standard library only.
"""
import argparse
import copy
import json
import os
import random
import shutil
import sys
import tempfile
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
import fuzz_worker  # noqa: E402  (the worker loop and its classification)

PRELUDE = '''\
import enum
import types


class Color(enum.Enum):
    RED = 1
    GREEN = 2
    BLUE = 3


class K:
    ONE = 1
    NAME = 'a'
    NONE = None
    PAIR = (1, 2)


class Point:
    __match_args__ = ('x', 'y')

    def __init__(self, x, y):
        self.x = x
        self.y = y

    def __repr__(self):
        return 'Point(%r, %r)' % (self.x, self.y)


class Box:
    __match_args__ = ('v',)

    def __init__(self, v):
        self.v = v

    def __repr__(self):
        return 'Box(%r)' % (self.v,)


ns = types.SimpleNamespace(P=Point, B=Box)
'''

# ---------------------------------------------------------------------------
# subjects (built inside the worker, once per namespace)

SUBJECTS_SRC = '''
def make_subjects(g):
    import collections
    Color = g.get('Color'); Point = g.get('Point'); Box = g.get('Box')
    out = [0, 1, -1, 2, 3, 42, -7, 10 ** 20, 1.5, -0.5, 0.0, -0.0, 2.0, 1e100,
           1 + 2j, -1 - 2j, 2j, 'a', '', 'ab', 'hello', 'x\\ny', '\\xe9',
           b'', b'ab', b'\\x00', None, True, False,
           [], [1], [1, 2], [1, 2, 3], [1, 2, 3, 4, 5], (1, 2), (1, 2, 3, 4), (0,),
           ('a', 'b'), ['a', 1], [[1, 2], [3]], (None, True), [1, [2, [3]]],
           ('a', 1, b'ab', 2.0), [0, -1], [1.5, 'a', None], (1 + 2j, b''),
           {}, {'a': 1}, {'a': 1, 'b': 2}, {'a': [1, 2], 'c': None},
           {0: 'x', 1: 'y', -1: 'z'}, {None: 1, b'k': 2, True: 3},
           {'a': {'b': 1}}, {'b': (1, 2), 'c': 'x', 'a': 0},
           collections.deque([1, 2]), range(3)]
    try:
        out += [{Color.RED: 'r', 'a': 0}, Color.RED, Color.GREEN, Color.BLUE,
                [Color.RED, Color.BLUE], {'a': Color.GREEN}]
    except Exception:
        out += ['<no Color>'] * 6
    try:
        out += [Point(1, 2), Point(0, Point(1, 2)), Point('a', [1]), Point(None, 0),
                Box(1), Box(Box(None)), Box([1, 2]), Box('a'),
                [Point(1, 2), Box(3)], {'a': Point(1, 1)}, (Box(0), 1),
                {'a': 1, 'b': Box(2), 'c': [Point(3, 4)]}]
    except Exception:
        out += ['<no classes>'] * 12
    return out
'''

# ---------------------------------------------------------------------------
# AST of the generated code (kept as a tree so it can be minimized)


class P(object):
    """Pattern node."""

    def __init__(self, kind, **kw):
        self.kind = kind
        self.__dict__.update(kw)

    def children(self):
        k = self.kind
        if k in ("seq",):
            return self.items
        if k == "map":
            return [v for _, v in self.items]
        if k == "cls":
            return self.args + [v for _, v in self.kwargs]
        if k in ("as", "group"):
            return [self.pat]
        if k == "or":
            return self.alts
        return []

    def binds(self):
        k = self.kind
        if k == "cap":
            return {self.name}
        if k == "star":
            return {self.name} if self.name else set()
        out = set()
        for c in self.children():
            out |= c.binds()
        if k == "as":
            out.add(self.name)
        if k == "map" and self.rest:
            out.add(self.rest)
        if k == "or":
            out = self.alts[0].binds() if self.alts else set()
        return out


def render_pat(p, ctx="pattern"):
    """ctx: 'top' (case level), 'pattern' (as/or allowed), 'closed' (or
    alternatives: as/or need parentheses), 'orpat' (left of `as`)."""
    k = p.kind
    if k == "lit" or k == "val":
        return p.text
    if k == "cap":
        return p.name
    if k == "wild":
        return "_"
    if k == "star":
        return "*" + (p.name or "_")
    if k == "group":
        return "(" + render_pat(p.pat, "pattern") + ")"
    if k == "seq":
        items = [render_pat(i, "pattern") for i in p.items]
        if p.style == "list":
            return "[" + ", ".join(items) + "]"
        if p.style == "open" and ctx == "top" and items:
            return ", ".join(items) + ("," if len(items) == 1 else "")
        if len(items) == 1:
            return "(" + items[0] + ",)"
        return "(" + ", ".join(items) + ")"
    if k == "map":
        parts = ["%s: %s" % (key, render_pat(v, "pattern")) for key, v in p.items]
        if p.rest:
            parts.append("**" + p.rest)
        return "{" + ", ".join(parts) + "}"
    if k == "cls":
        parts = [render_pat(a, "pattern") for a in p.args]
        parts += ["%s=%s" % (n, render_pat(v, "pattern")) for n, v in p.kwargs]
        return p.name + "(" + ", ".join(parts) + ")"
    if k == "as":
        s = render_pat(p.pat, "orpat") + " as " + p.name
        return "(" + s + ")" if ctx in ("closed", "orpat") else s
    if k == "or":
        s = " | ".join(render_pat(a, "closed") for a in p.alts)
        return "(" + s + ")" if ctx == "closed" else s
    raise ValueError(k)


class S(object):
    """Statement node: kind 'raw' (text), 'match' (subject, cases),
    'compound' (clauses: [[header, body]])."""

    def __init__(self, kind, **kw):
        self.kind = kind
        self.__dict__.update(kw)


class Case(object):
    def __init__(self, pat, guard, body):
        self.pat, self.guard, self.body = pat, guard, body


class Func(object):
    def __init__(self, name, body):
        self.name, self.body = name, body


def render_body(body, ind, out):
    if not body:
        out.append(ind + "pass")
        return
    for s in body:
        if s.kind == "raw":
            for line in s.text.split("\n"):
                out.append(ind + line)
        elif s.kind == "match":
            out.append(ind + "match %s:" % s.subject)
            for c in s.cases:
                g = " if %s" % c.guard if c.guard else ""
                out.append(ind + "    case %s%s:" % (render_pat(c.pat, "top"), g))
                render_body(c.body, ind + "        ", out)
        elif s.kind == "compound":
            for header, b in s.clauses:
                out.append(ind + header)
                render_body(b, ind + "    ", out)
        else:
            raise ValueError(s.kind)


def render_module(funcs):
    out = [PRELUDE]
    for f in funcs:
        out.append("")
        out.append("def %s(s):" % f.name)
        lines = []
        render_body(f.body, "    ", lines)
        out.extend(lines)
        out.append("")
    return "\n".join(out)


def render_funcs_only(funcs):
    out = []
    for f in funcs:
        out.append("def %s(s):" % f.name)
        render_body(f.body, "    ", out)
    return "\n".join(out)


# ---------------------------------------------------------------------------
# generator

INTS = ["0", "1", "-1", "2", "3", "42", "-7", "100000000000000000000"]
FLOATS = ["1.5", "-0.5", "0.0", "-0.0", "2.0", "1e100"]
COMPLEX = ["1+2j", "-1-2j", "2j", "-3j", "0j", "1.5+0.5j", "0-0j"]
STRS = ["'a'", "''", "'ab'", "'hello'", "'x\\ny'", "'\\xe9'", "'a' 'b'", '"b"']
BYTES = ["b''", "b'ab'", "b'\\x00'"]
CONSTS = ["None", "True", "False"]
VALUES = ["Color.RED", "Color.GREEN", "Color.BLUE", "K.ONE", "K.NAME", "K.NONE", "K.PAIR"]
MAP_KEYS = ["'a'", "'b'", "'c'", "0", "1", "-1", "None", "True", "b'k'", "1+2j",
            "Color.RED", "K.NAME", "K.ONE", "'a' 'b'"]
NAMES = ["a", "b", "c", "d", "x", "y", "z", "n", "m", "p", "q", "rest", "tail", "v", "w", "k"]
# class: (name, positional capacity, keyword attrs)
CLASSES = [("Point", 2, ["x", "y"]), ("Box", 1, ["v"]), ("ns.P", 2, ["x", "y"]),
           ("ns.B", 1, ["v"]), ("int", 1, ["real", "imag"]), ("str", 1, []),
           ("float", 1, ["real"]), ("bytes", 1, []), ("bool", 1, []),
           ("list", 1, []), ("tuple", 1, []), ("dict", 1, []), ("complex", 0, ["real", "imag"]),
           ("Color", 0, ["value", "name"]), ("object", 0, []), ("enum.Enum", 0, ["value"])]


class Gen(object):
    def __init__(self, rnd):
        self.r = rnd

    # --- patterns
    def literal(self):
        r = self.r
        pool = r.choice([INTS, INTS, FLOATS, COMPLEX, STRS, STRS, BYTES, CONSTS, CONSTS])
        return P("lit", text=r.choice(pool))

    def leaf_nobind(self):
        r = self.r
        x = r.random()
        if x < 0.45:
            return self.literal()
        if x < 0.65:
            return P("val", text=r.choice(VALUES))
        if x < 0.75:
            return P("wild")
        if x < 0.85:
            name, cap, kws = r.choice(CLASSES)
            return P("cls", name=name, args=[], kwargs=[])
        if x < 0.92:
            return P("seq", style=r.choice(["list", "tuple"]), items=[])
        return P("map", items=[], rest=None)

    def split(self, names, nslots):
        slots = [[] for _ in range(nslots)]
        for n in names:
            slots[self.r.randrange(nslots)].append(n)
        return slots

    def pat(self, depth, names, top=False):
        """A pattern binding exactly `names` (distinct)."""
        r = self.r
        names = list(names)
        if depth <= 0 or (not names and r.random() < 0.55) or (len(names) == 1 and r.random() < 0.25):
            if not names:
                return self.leaf_nobind()
            if len(names) == 1:
                if r.random() < 0.8:
                    return P("cap", name=names[0])
                return P("as", pat=self.leaf_nobind(), name=names[0])
        kinds = ["seq", "seq", "map", "cls", "cls", "or", "as", "group", "leaf"]
        if not names:
            kinds.remove("as")
        k = r.choice(kinds)
        if k == "leaf":
            if len(names) <= 1:
                return self.pat(0, names)
            k = "seq"
        if k == "group":
            return P("group", pat=self.pat(depth - 1, names))
        if k == "as":
            inner = self.pat(depth - 1, names[:-1])
            return P("as", pat=inner, name=names[-1])
        if k == "or":
            n = r.choice([2, 2, 3])
            alts = []
            for _ in range(n):
                for _try in range(6):
                    a = self.pat(depth - 1, names)
                    if a.kind not in ("cap", "wild") and not (a.kind == "as" and a.pat.kind in ("cap", "wild")):
                        break
                if a.kind == "or":
                    a = P("group", pat=a)
                alts.append(a)
            return P("or", alts=alts)
        if k == "seq":
            nitems = r.choice([0, 1, 1, 2, 2, 2, 3, 3, 4])
            if names and nitems == 0:
                nitems = 1
            star = r.random() < 0.4
            nslots = nitems + (1 if star else 0)
            if nslots == 0:
                return P("seq", style=r.choice(["list", "tuple"]), items=[])
            slots = self.split(names, nslots)
            items = []
            starpos = r.randrange(nslots) if star else -1
            for i, sl in enumerate(slots):
                if i == starpos:
                    if len(sl) > 1:
                        # the star takes one name, the rest goes to a neighbour
                        items.append(("star", sl[0]))
                        items.append(("pat", sl[1:]))
                    else:
                        items.append(("star", sl[0] if sl else None))
                else:
                    items.append(("pat", sl))
            out = []
            for kind, arg in items:
                if kind == "star":
                    out.append(P("star", name=arg))
                else:
                    out.append(self.pat(depth - 1, arg))
            styles = ["list", "tuple"] + (["open"] if top else [])
            return P("seq", style=r.choice(styles), items=out)
        if k == "map":
            nkeys = r.choice([0, 1, 1, 2, 2, 3])
            rest = None
            names2 = list(names)
            if names2 and r.random() < 0.3:
                rest = names2.pop()
            if names2 and nkeys == 0:
                nkeys = 1
            keys = r.sample(MAP_KEYS, nkeys)
            slots = self.split(names2, nkeys) if nkeys else []
            items = [(key, self.pat(depth - 1, sl)) for key, sl in zip(keys, slots)]
            return P("map", items=items, rest=rest)
        if k == "cls":
            name, cap, kws = r.choice(CLASSES)
            npos = r.randint(0, cap) if cap else 0
            usable_kw = kws[npos:] if name in ("Point", "Box", "ns.P", "ns.B") else kws
            nkw = r.randint(0, len(usable_kw))
            kwnames = r.sample(usable_kw, nkw)
            nslots = npos + nkw
            if names and nslots == 0:
                # choose a class that can take a sub-pattern
                name, cap, kws = r.choice([c for c in CLASSES if c[1] > 0])
                npos, kwnames, nslots = 1, [], 1
            slots = self.split(names, nslots) if nslots else []
            args = [self.pat(depth - 1, sl) for sl in slots[:npos]]
            kwargs = [(kn, self.pat(depth - 1, sl)) for kn, sl in zip(kwnames, slots[npos:])]
            return P("cls", name=name, args=args, kwargs=kwargs)
        raise ValueError(k)

    def fresh_names(self, avoid=()):
        r = self.r
        n = r.choice([0, 1, 1, 2, 2, 3])
        pool = [x for x in NAMES if x not in avoid]
        names = r.sample(pool, n)
        if r.random() < 0.05 and "s" not in names:
            names.append("s")  # rebinding the subject variable
        return names

    # --- expressions
    def cond(self, names, depth=2):
        r = self.r
        pool = list(names) + ["s"]
        x = r.random()
        if depth > 0 and x < 0.3:
            op = r.choice(["and", "or"])
            return "%s %s %s" % (self.cond_atom(pool, True), op, self.cond(names, depth - 1))
        if depth > 0 and x < 0.4:
            return "(%s) %s %s" % (self.cond(names, depth - 1), r.choice(["and", "or"]),
                                   self.cond_atom(pool, True))
        if depth > 0 and x < 0.45:
            return "not (%s)" % self.cond(names, depth - 1)
        return self.cond_atom(pool, False)

    def cond_atom(self, pool, paren):
        r = self.r
        v = r.choice(pool)
        x = r.random()
        if x < 0.2:
            return v
        if x < 0.3:
            return "not " + v if not paren else "(not %s)" % v
        if x < 0.45:
            return "%s == %s" % (v, self.literal().text)
        if x < 0.55:
            return "%s is None" % v
        if x < 0.65:
            return "isinstance(%s, %s)" % (v, r.choice(["int", "str", "(list, tuple)", "Point"]))
        if x < 0.75:
            return "len(str(%s)) > %d" % (v, r.randint(0, 4))
        if x < 0.82:
            return "%s != %s" % (v, r.choice(pool))
        if x < 0.88:
            return "(t := len(repr(%s))) > %d" % (v, r.randint(1, 6))
        if x < 0.94:
            return "%s in (1, 'a', None)" % v
        return "%s > 0" % v  # may raise TypeError (consistently)

    def value_expr(self, tag, names):
        vals = ["'%s'" % tag] + sorted(names)
        return "(" + ", ".join(vals) + ("," if len(vals) == 1 else "") + ")"

    # --- statements
    def body(self, names, ctx, depth):
        """ctx: dict(loop=bool, acc=bool).  Case body statements."""
        r = self.r
        tag = "c%d" % r.randrange(1000)
        out = []
        n = r.choice([1, 1, 2, 2, 3])
        for i in range(n):
            last = i == n - 1
            x = r.random()
            if depth > 0 and x < 0.12:
                out.append(self.match_stmt(ctx, depth - 1, subject=r.choice(list(names) + ["s"])))
                continue
            if x < 0.22:
                c = self.cond(names, 1)
                inner = self.body(names, ctx, 0)
                els = r.random() < 0.5
                clauses = [["if %s:" % c, inner]]
                if els:
                    clauses.append(["else:", [self.simple(names, ctx, tag + "e", False)]])
                out.append(S("compound", clauses=clauses))
                continue
            out.append(self.simple(names, ctx, tag, last))
            if out[-1].text.split()[0] in ("return", "break", "continue"):
                break
        return out

    def simple(self, names, ctx, tag, may_jump):
        r = self.r
        choices = ["assign", "assign"]
        if may_jump:
            choices += ["return", "return"]
            if ctx.get("loop"):
                choices += ["break", "continue"]
        if ctx.get("acc"):
            choices += ["append", "append"]
        choices.append("pass")
        c = r.choice(choices)
        v = self.value_expr(tag, names)
        if c == "assign":
            return S("raw", text="r = %s" % v)
        if c == "return":
            return S("raw", text="return %s" % v)
        if c == "append":
            return S("raw", text="acc.append(%s)" % v)
        if c in ("break", "continue"):
            return S("raw", text=c)
        return S("raw", text="pass")

    def case(self, ctx, depth, pdepth):
        r = self.r
        names = self.fresh_names()
        pat = self.pat(pdepth, names, top=True)
        guard = None
        if r.random() < 0.3:
            guard = self.cond(sorted(names), 2)
            if ctx.get("acc") and r.random() < 0.3:
                # a guard with a side effect: records that it was evaluated
                guard = "acc.append('g%d') is None and (%s)" % (r.randrange(100), guard)
        return Case(pat, guard, self.body(sorted(pat.binds()), ctx, depth))

    def match_stmt(self, ctx, depth, subject="s"):
        r = self.r
        ncases = r.choice([1, 2, 2, 3, 3, 4])
        cases = [self.case(ctx, depth, r.choice([1, 1, 1, 2, 2, 3])) for _ in range(ncases)]
        if r.random() < 0.35:
            cases.append(Case(P("wild"), None, self.body([], ctx, depth)))
        elif r.random() < 0.1:
            nm = r.choice(NAMES)
            cases.append(Case(P("cap", name=nm), None, self.body([nm], ctx, depth)))
        return S("match", subject=subject, cases=cases)

    def subject(self):
        r = self.r
        return r.choice(["s"] * 8 + ["s, 1", "(s)", "type(s).__name__", "s, s", "[s]"])

    def func(self, name):
        r = self.r
        t = r.choice(["plain", "plain", "loop", "loop", "if", "while", "try", "two", "tail"])
        body = []
        if r.random() < 0.85:
            body.append(S("raw", text="r = None"))
        if t in ("plain", "tail", "two"):
            ctx = {}
            body.append(self.match_stmt(ctx, 1, self.subject()))
            if t == "two":
                body.append(self.match_stmt(ctx, 0, r.choice(["r", "s"])))
            if t != "tail":
                body.append(S("raw", text=self.after()))
        elif t == "loop":
            ctx = {"loop": True, "acc": True}
            body.append(S("raw", text="acc = []"))
            it = r.choice(["(s if isinstance(s, (list, tuple)) else [s])",
                           "(list(s.items()) if isinstance(s, dict) else [s, s])"])
            inner = [self.match_stmt(ctx, 1, r.choice(["item", "item", "item, s"]))]
            if r.random() < 0.5:
                inner.append(S("raw", text="acc.append('end')"))
            clauses = [["for item in %s:" % it, inner]]
            if r.random() < 0.3:
                clauses.append(["else:", [S("raw", text="acc.append('else')")]])
            body.append(S("compound", clauses=clauses))
            body.append(S("raw", text=r.choice(["return acc", "return (acc, r)"])))
        elif t == "while":
            ctx = {"loop": True, "acc": True}
            body.append(S("raw", text="acc = []\ni = 0"))
            inner = [S("raw", text="i += 1"), self.match_stmt(ctx, 1, r.choice(["s", "s, i", "i"]))]
            body.append(S("compound", clauses=[["while i < 3:", inner]]))
            body.append(S("raw", text="return (acc, i, r)"))
        elif t == "if":
            ctx = {}
            m = self.match_stmt(ctx, 1, self.subject())
            clauses = [["if %s:" % r.choice(["s is not None", "s", "not isinstance(s, str)"]), [m]]]
            if r.random() < 0.5:
                clauses.append(["else:", [S("raw", text="r = 'else'")]])
            body.append(S("compound", clauses=clauses))
            body.append(S("raw", text=self.after()))
        elif t == "try":
            ctx = {}
            m = self.match_stmt(ctx, 1, self.subject())
            body.append(S("compound", clauses=[["try:", [m]],
                                               ["except (TypeError, ValueError) as e:",
                                                [S("raw", text="r = ('exc', type(e).__name__)")]]]))
            body.append(S("raw", text=self.after()))
        return Func(name, body)

    def after(self):
        r = self.r
        return r.choice(["return ('after', r)", "return r", "r = ('x', r)\nreturn r",
                         "return ('after', r, %s)" % r.choice(NAMES)])

    def module(self, nfuncs, base):
        return [self.func("f%d" % (base + i)) for i in range(nfuncs)]


def compiles(src):
    try:
        compile(src, "<fuzz>", "exec")
        return True
    except SyntaxError:
        return False
    except Exception:
        return False


def gen_func(g, name):
    """A function that compiles (retries whole functions)."""
    for _ in range(50):
        f = g.func(name)
        if compiles(render_module([f])):
            return f
    return Func(name, [S("raw", text="return None")])


# ---------------------------------------------------------------------------
# worker (runs inside the interpreter under test)

WORKER_STATE = {}


def worker_main(depyf, tmp):
    helper = {}
    exec(SUBJECTS_SRC, helper)
    make_subjects = helper["make_subjects"]

    def runner(code, fnames, orig):
        err, g = fuzz_worker.exec_module(code)
        if err is not None:
            return err, None
        try:
            subjects = make_subjects(g)
        except BaseException as e:
            return "make_subjects raised %s" % type(e).__name__, None
        res = {}
        for fn in fnames:
            f = g.get(fn)
            res[fn] = [("%s(%r)" % (fn, sub),
                        "missing function" if f is None else fuzz_worker.call(f, (sub,), 1.0))
                       for sub in subjects]
        return None, res

    fuzz_worker.serve(depyf, tmp, runner)


# ---------------------------------------------------------------------------
# parent side


BUGS = ("crash", "nocompile", "behavior", "workercrash")
CATS = ["generated", "unrecovered", "crash", "nocompile", "behavior", "inexact", "exact",
        "origfail", "workercrash"]


def edits(funcs):
    """Candidate one-step reductions of a module (list of Func), smallest
    results first-ish: each is a thunk returning a new list."""
    cands = []
    n = len(funcs)
    for i in range(n):
        if n > 1:
            cands.append(lambda i=i: [copy.deepcopy(f) for j, f in enumerate(funcs) if j != i])

    # paths into the tree: walk with index lists on a deepcopy each time
    def walk_bodies(body, path):
        yield path, body
        for si, s in enumerate(body):
            if s.kind == "match":
                for ci, c in enumerate(s.cases):
                    for x in walk_bodies(c.body, path + [("stmt", si), ("case", ci)]):
                        yield x
            elif s.kind == "compound":
                for bi, cl in enumerate(s.clauses):
                    for x in walk_bodies(cl[1], path + [("stmt", si), ("clause", bi)]):
                        yield x

    def resolve(fs, fi, path):
        body = fs[fi].body
        for (kind, idx) in path:
            if kind == "stmt":
                node = body[idx]
            elif kind == "case":
                body = node.cases[idx].body
            elif kind == "clause":
                body = node.clauses[idx][1]
        return body

    for fi, f in enumerate(funcs):
        bodies = list(walk_bodies(f.body, []))
        # remove cases
        for path, body in bodies:
            for si, s in enumerate(body):
                if s.kind == "match" and len(s.cases) > 1:
                    for ci in range(len(s.cases)):
                        def mk(fi=fi, path=path, si=si, ci=ci):
                            fs = copy.deepcopy(funcs)
                            del resolve(fs, fi, path)[si].cases[ci]
                            return fs
                        cands.append(mk)
        # remove statements / unwrap compounds
        for path, body in bodies:
            for si, s in enumerate(body):
                def rm(fi=fi, path=path, si=si):
                    fs = copy.deepcopy(funcs)
                    del resolve(fs, fi, path)[si]
                    return fs
                cands.append(rm)
                if s.kind == "compound":
                    def unwrap(fi=fi, path=path, si=si):
                        fs = copy.deepcopy(funcs)
                        b = resolve(fs, fi, path)
                        b[si:si + 1] = b[si].clauses[0][1]
                        return fs
                    cands.append(unwrap)
                    if len(s.clauses) > 1:
                        def dropelse(fi=fi, path=path, si=si):
                            fs = copy.deepcopy(funcs)
                            del resolve(fs, fi, path)[si].clauses[-1]
                            return fs
                        cands.append(dropelse)
        # guards and patterns
        for path, body in bodies:
            for si, s in enumerate(body):
                if s.kind != "match":
                    continue
                if s.subject != "s":
                    def subj(fi=fi, path=path, si=si):
                        fs = copy.deepcopy(funcs)
                        resolve(fs, fi, path)[si].subject = "s"
                        return fs
                    cands.append(subj)
                for ci, c in enumerate(s.cases):
                    if c.guard:
                        def ng(fi=fi, path=path, si=si, ci=ci):
                            fs = copy.deepcopy(funcs)
                            resolve(fs, fi, path)[si].cases[ci].guard = None
                            return fs
                        cands.append(ng)
                    # pattern sub-node edits, addressed by preorder index
                    nodes = []

                    def pre(p):
                        nodes.append(p)
                        for ch in p.children():
                            pre(ch)
                    pre(c.pat)
                    for pi in range(len(nodes)):
                        for op in ("wild", "cap", "lift", "dropalt0", "dropchild"):
                            def pe(fi=fi, path=path, si=si, ci=ci, pi=pi, op=op):
                                fs = copy.deepcopy(funcs)
                                case = resolve(fs, fi, path)[si].cases[ci]
                                lst = []

                                def pre2(p, parent, setter):
                                    lst.append((p, setter))
                                    k = p.kind
                                    if k == "seq":
                                        for j in range(len(p.items)):
                                            pre2(p.items[j], p, lambda v, p=p, j=j: p.items.__setitem__(j, v))
                                    elif k == "map":
                                        for j in range(len(p.items)):
                                            pre2(p.items[j][1], p, lambda v, p=p, j=j: p.items.__setitem__(j, (p.items[j][0], v)))
                                    elif k == "cls":
                                        for j in range(len(p.args)):
                                            pre2(p.args[j], p, lambda v, p=p, j=j: p.args.__setitem__(j, v))
                                        for j in range(len(p.kwargs)):
                                            pre2(p.kwargs[j][1], p, lambda v, p=p, j=j: p.kwargs.__setitem__(j, (p.kwargs[j][0], v)))
                                    elif k in ("as", "group"):
                                        pre2(p.pat, p, lambda v, p=p: setattr(p, "pat", v))
                                    elif k == "or":
                                        for j in range(len(p.alts)):
                                            pre2(p.alts[j], p, lambda v, p=p, j=j: p.alts.__setitem__(j, v))
                                pre2(case.pat, None, lambda v: setattr(case, "pat", v))
                                node, setter = lst[pi]
                                if op == "wild":
                                    if node.kind in ("wild", "star") or node.binds():
                                        return None
                                    setter(P("wild"))
                                elif op == "cap":
                                    b = node.binds()
                                    if node.kind == "cap" or len(b) != 1:
                                        return None
                                    setter(P("cap", name=list(b)[0]))
                                elif op == "dropalt0":
                                    if node.kind != "or" or len(node.alts) < 2:
                                        return None
                                    node.alts.pop(0)
                                    if len(node.alts) == 1:
                                        setter(node.alts[0])
                                elif op == "lift":
                                    if node.kind in ("as", "group"):
                                        setter(node.pat)
                                    elif node.kind == "or" and len(node.alts) > 1:
                                        node.alts.pop()
                                        if len(node.alts) == 1:
                                            setter(node.alts[0])
                                    else:
                                        return None
                                elif op == "dropchild":
                                    if node.kind == "seq" and node.items:
                                        node.items.pop()
                                    elif node.kind == "map" and node.rest:
                                        node.rest = None
                                    elif node.kind == "map" and node.items:
                                        node.items.pop()
                                    elif node.kind == "cls" and node.kwargs:
                                        node.kwargs.pop()
                                    elif node.kind == "cls" and node.args:
                                        node.args.pop()
                                    else:
                                        return None
                                return fs
                            cands.append(pe)
    return cands


def signature(cat, ans):
    """A coarse key grouping failures that probably share a cause."""
    import re
    d = ans.get("detail") or ""
    if cat == "unrecovered":
        d = d.split("first: ", 1)[-1]
        d = re.sub(r"^f\d+(\.\S+)?: ", "", d)
        d = re.sub(r" at offset \d+", "", d)
    elif cat == "nocompile":
        line = ans.get("line", "")
        d = re.sub(r" \(line .*", "", d)
        d = re.sub(r"'\w+'", "'N'", d)
        if re.search(r"\d(\.\d*)?(e[-+]?\d+)?j\)", line):
            d += " [line has a complex number literal]"
        elif line.startswith("case "):
            d += " [in a case line]"
        elif line:
            d += " [%s]" % line.split()[0]
    elif cat == "inexact":
        d = re.sub(r"^f\d+(\.<locals>\.\S+)?: ", "", d)
        d = re.sub(r"\d+", "N", d)
    elif cat == "behavior":
        m = re.search(r"original (.*), decompiled (.*)$", d)
        if m:
            kind = lambda t: t if t.startswith(("exc", "TIMEOUT", "missing")) else "ret"
            d = "%s -> %s" % (kind(m.group(1)), kind(m.group(2)))
    elif cat == "crash":
        d = re.sub(r"\d+", "N", d)[:120]
    return d[:200]


def minimize(worker, funcs, cat, budget=300, deadline=None, keep=None):
    """Greedy reduction while the answer's category stays `cat` (and
    keep(answer) holds, when given)."""
    tries = 0
    best = funcs
    best_ans = None
    improved = True
    while improved and tries < budget:
        improved = False
        for cand in edits(best):
            if tries >= budget or (deadline and time.time() > deadline):
                break
            fs = cand()
            if fs is None:
                continue
            src = render_module(fs)
            if not compiles(src):
                continue
            tries += 1
            ans = worker.ask(src, [f.name for f in fs])
            if ans.get("cat") == cat and (keep is None or keep(ans)):
                best, best_ans = fs, ans
                improved = True
                break
    return best, best_ans


def size(funcs):
    return len(render_funcs_only(funcs))


def run_version(version, modules, args, lock, report):
    tmp = tempfile.mkdtemp(prefix="match_fuzz_%s_" % version)
    depyf = os.path.abspath(args.depyf)
    w = fuzz_worker.Worker(__file__, version, depyf, tmp)
    counts = dict((c, 0) for c in CATS)
    saved = {}  # cat -> list of (size, funcs, ans, sig)
    groups = {}  # (cat, sig) -> count
    nmin = {}  # (cat, sig) -> minimizations done
    nmin_total = {}
    t0 = time.time()
    done = 0
    deadline = t0 + args.per_version if args.per_version else float("inf")
    try:
        for mi, funcs in enumerate(modules):
            if time.time() > deadline:
                with lock:
                    print("[%s] time budget reached after %d modules" % (version, mi))
                break
            done += 1
            src = render_module(funcs)
            names = [f.name for f in funcs]
            ans = w.ask(src, names)
            cat = ans.get("cat", "workercrash")
            counts["generated"] += len(funcs)
            # per-function counts: a module that is not exact as a whole is
            # re-checked one function at a time
            if cat == "exact":
                counts["exact"] += len(funcs)
                continue
            for f in funcs:
                a = w.ask(render_module([f]), [f.name])
                c = a.get("cat", "workercrash")
                counts[c] = counts.get(c, 0) + 1
                if c in ("exact", "origfail", "badsrc"):
                    continue
                sig = signature(c, a)
                groups[(c, sig)] = groups.get((c, sig), 0) + 1
                fs = [f]
                bug = c in BUGS
                if c == "behavior":
                    want = nmin_total.get(c, 0) < 4 * args.minimize_cap
                elif bug:
                    want = nmin.get((c, sig), 0) < args.per_sig and \
                        nmin_total.get(c, 0) < args.minimize_cap
                else:
                    want = nmin.get((c, sig), 0) < 1 and nmin_total.get(c, 0) < args.minimize_cap
                if want and time.time() < deadline:
                    if c == "unrecovered":
                        keep = lambda a2, sig=sig: signature("unrecovered", a2) == sig
                    else:
                        keep = None
                    fs2, a2 = minimize(w, fs, c, budget=args.min_budget,
                                       deadline=deadline, keep=keep)
                    if a2 is not None:
                        fs, a = fs2, a2
                    nmin[(c, sig)] = nmin.get((c, sig), 0) + 1
                    nmin_total[c] = nmin_total.get(c, 0) + 1
                    saved.setdefault(c, []).append((size(fs), fs, a, sig, True))
                else:
                    saved.setdefault(c, []).append((size(fs), fs, a, sig, False))
    finally:
        w.close()
        shutil.rmtree(tmp, ignore_errors=True)
    # write the cases: every minimized one, plus the smallest others
    outdir = os.path.join(args.out, version)
    os.makedirs(outdir, exist_ok=True)
    for c, lst in saved.items():
        lst.sort(key=lambda t: (not t[4], t[0]))
        keep_n = args.keep_bugs if c in BUGS else args.keep
        mins = [t for t in lst if t[4]]
        rest = sorted([t for t in lst if not t[4]], key=lambda t: t[0])
        chosen = mins + rest[:max(0, keep_n - len(mins))]
        for k, (sz, fs, a, sig, was_min) in enumerate(chosen):
            base = os.path.join(outdir, "%s_%03d" % (c, k))
            with open(base + ".py", "w") as fh:
                fh.write(render_module(fs))
            with open(base + ".out.py", "w") as fh:
                fh.write(a.get("out", ""))
            with open(base + ".txt", "w") as fh:
                fh.write("version %s\ncategory %s\nminimized %s\ndepyf rc %s\nsignature: %s\n"
                         "detail: %s\n\n--- functions (after the fixed prelude) ---\n%s\n"
                         % (version, c, was_min, a.get("rc"), sig, a.get("detail"),
                            render_funcs_only(fs)))
    with lock:
        report[version] = {"counts": counts, "seconds": time.time() - t0, "modules": done,
                           "groups": sorted([[c, sg, n] for (c, sg), n in groups.items()],
                                            key=lambda t: (t[0], -t[2]))}
        print("[%s] %d modules in %.0fs" % (version, done, time.time() - t0))
        sys.stdout.flush()


def check_files(args):
    import re
    versions = [v.strip() for v in args.versions.split(",") if v.strip()]
    tmp = tempfile.mkdtemp(prefix="match_fuzz_check_")
    try:
        for v in versions:
            w = fuzz_worker.Worker(__file__, v, os.path.abspath(args.depyf), tmp)
            for path in args.check:
                with open(path) as fh:
                    src = fh.read()
                if "class Point" not in src:
                    src = PRELUDE + "\n" + src
                names = re.findall(r"^def (f\d+)\(", src, re.M)
                a = w.ask(src, names)
                print("%s %s: %s %s" % (v, path, a.get("cat"), a.get("detail") or ""))
                if args.show:
                    out = a.get("out", "")
                    print(out.split("ns = types.SimpleNamespace(P=Point, B=Box)\n", 1)[-1])
            w.close()
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return 0


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--count", type=int, default=50, help="modules per version")
    ap.add_argument("--funcs", type=int, default=4, help="functions per module")
    ap.add_argument("--versions", default="3.10,3.11,3.12,3.13")
    ap.add_argument("--out", default="/tmp/match_fuzz")
    ap.add_argument("--depyf", default=os.environ.get("DEPYF") or os.path.join(ROOT, "build", "depyf"))
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--time", type=float, default=0, help="wall-clock budget in seconds (0: none)")
    ap.add_argument("--minimize-cap", type=int, default=25,
                    help="minimize at most this many cases per category and version "
                         "(behavior differences: 4 times as many)")
    ap.add_argument("--per-sig", type=int, default=3,
                    help="minimize at most this many bugs per failure signature")
    ap.add_argument("--min-budget", type=int, default=250, help="worker calls per minimization")
    ap.add_argument("--keep", type=int, default=5, help="smallest non-bug cases kept per category")
    ap.add_argument("--keep-bugs", type=int, default=30, help="bug cases kept per category")
    ap.add_argument("--print-source", action="store_true", help="print the generated source and exit")
    ap.add_argument("--check", nargs="+", metavar="FILE.py",
                    help="instead of fuzzing, classify these modules (the prelude is added "
                         "when a file lacks it; functions named f<N> are exercised)")
    ap.add_argument("--show", action="store_true", help="with --check: print depyf's output")
    ap.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    ap.add_argument("--tmp", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.worker:
        worker_main(args.depyf, args.tmp)
        return 0
    if args.check:
        return check_files(args)
    versions = [v.strip() for v in args.versions.split(",") if v.strip()]
    jobs = max(1, min(args.jobs, len(versions)))
    # --time is the whole run's budget, shared out between the versions
    args.per_version = args.time * jobs / len(versions) if args.time else 0
    rnd = random.Random(args.seed)
    g = Gen(rnd)
    modules = []
    for mi in range(args.count):
        modules.append([gen_func(g, "f%d" % (mi * args.funcs + i)) for i in range(args.funcs)])
    if args.print_source:
        for m in modules:
            print(render_module(m))
        return 0
    if os.path.isdir(args.out):
        shutil.rmtree(args.out)
    os.makedirs(args.out)
    lock = threading.Lock()
    report = {}
    pending = list(versions)
    threads = []

    def runner():
        while True:
            with lock:
                if not pending:
                    return
                v = pending.pop(0)
            run_version(v, modules, args, lock, report)

    for _ in range(jobs):
        t = threading.Thread(target=runner)
        t.start()
        threads.append(t)
    for t in threads:
        t.join()
    cols = ["generated", "unrecovered", "crash", "nocompile", "behavior", "inexact", "exact"]
    hdr = "%-8s" % "version" + "".join("%13s" % c for c in cols)
    print()
    print("counts are per function (a module with any non-exact result is re-checked one function at a time)")
    print(hdr)
    for v in versions:
        c = report.get(v, {}).get("counts", {})
        print("%-8s" % v + "".join("%13d" % c.get(k, 0) for k in cols))
        extra = ["%s=%d" % (k, c.get(k)) for k in ("origfail", "workercrash", "badsrc") if c.get(k)]
        if extra:
            print("         also: " + ", ".join(extra))
    print("\nfailure groups (category, count, signature):")
    for v in versions:
        for c, sg, n in report.get(v, {}).get("groups", []):
            print("  %-5s %-11s %5d  %s" % (v, c, n, sg))
    print("\ncases written under %s/<version>/" % args.out)
    with open(os.path.join(args.out, "summary.json"), "w") as fh:
        json.dump(report, fh, indent=1)
    bad = any(report.get(v, {}).get("counts", {}).get(k) for v in versions for k in BUGS)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
