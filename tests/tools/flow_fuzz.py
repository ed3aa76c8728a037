#!/usr/bin/env python3
"""Differential fuzzer for the decompilation of control flow and conditions.

Generates random modules of small functions (1-3 parameters; a parameter
named a, b, c, i, j, l, n, m is an int, one named s, u, v is a str) whose
bodies mix

  * if/elif/else chains, nested ifs, `if not ...`;
  * and/or of 2-4 operands, nested with parentheses, `not`, conditional
    expressions, walrus, in conditions and in value context
    (`t.append(a or s < 'b')`, `return t, x if c else y`);
  * chained comparisons (`0 < a < 5 > b`, `s == 'a' == u`) wherever an
    operand can appear: in and/or, under not, in while tests, ternaries,
    returns;
  * while loops (tests that are and/or/chains, `while True` + break), for
    loops over small ranges / strings / lists, loop `else`, nested loops
    (2-3 deep, the inner loop first or last in the outer body),
    break/continue inside ifs, return inside loops and nested ifs;
  * try/except/else/finally (handlers that return / continue / break or
    end in `if c: return t`), with-statements using the prelude's CM class.

Every function records the path it takes by appending tags to a list `t`
(returned at the end, or with a value: `return t, <expr>`), and calls to the
prelude's r(t, tag, value) record evaluation order inside conditions, so
wrong control flow shows up as a different return value.  While loops are
bounded by counters (k0, k1, ... , set to 0 at the top of the function, that
the minimizer never removes), so every call terminates.

For each requested interpreter version the module is

  1. compiled by that interpreter into a .pyc
     (MAGIC + 12 zero bytes + marshal.dumps(code)),
  2. decompiled by build/depyf,
  3. classified:
       crash        depyf exit status other than 0/1, or a timeout   (BUG)
       unrecovered  depyf exit 1 (a region marked as not recovered)
       nocompile    depyf exit 0 but the output does not compile      (BUG)
       behavior     output compiles but some function returns a
                    different value / raises a different exception
                    for some argument tuple                           (BUG)
       inexact      behaves the same, normalized bytecode differs
                    (tests/tools/normalize.py compare(); on 3.11+ also
                    accepted: equal to compile(ast.unparse(ast.parse())))
       exact        normalized bytecode equal

Every function is called on each tuple of a fixed argument grid
(ints -1 0 1 2 3 5 8, strs '' 'a' 'b' 'ab' '1'; smaller for 3 parameters).

Usage:
  flow_fuzz.py --seed 1 --count 200 --versions 3.8,3.9,3.10,3.11,3.12,3.13 \\
               --jobs 2 --time 1200 --out /tmp/flow_fuzz
  flow_fuzz.py --print-source --seed 1 --count 3      # just show the code
  flow_fuzz.py --check case.py [--show] --versions 3.12

Counts are per function (--funcs functions per module; a module that is not
exact as a whole is re-checked one function at a time).  Failing functions
are minimized greedily (deleting statements, clauses and parameters,
unwrapping blocks, replacing and/or/not/ternary/chains by an operand,
shortening chains) while the failure category persists, and written under
--out/<version>/ as <cat>_NNN.py (the module), .out.py (depyf's output) and
.txt (details).  --check classifies existing files (the prelude is added
when a file lacks `class CM`; functions named f<N> are exercised).

The same file is also the per-interpreter worker (--worker): one worker
process per version reads JSON requests on stdin and answers on stdout.
Standard library only.
"""
import argparse
import copy
import itertools
import json
import os
import random
import re
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
class CM:
    def __init__(self, t, tag, swallow=False):
        self.t = t
        self.tag = tag
        self.swallow = swallow

    def __enter__(self):
        self.t.append(('enter', self.tag))
        return self.tag

    def __exit__(self, et, ev, tb):
        self.t.append(('exit', self.tag, et.__name__ if et else None))
        return self.swallow


def r(t, tag, v):
    t.append(tag)
    return v
'''

INT_PARAMS = ("a", "b", "c")
STR_PARAMS = ("s", "u", "v")
INT_ARGS = [-1, 0, 1, 2, 3, 5, 8]
STR_ARGS = ["", "a", "b", "ab", "1"]
INT_ARGS3 = [-1, 0, 1, 2, 5]
STR_ARGS3 = ["", "a", "ab"]


def param_is_str(name):
    return name[:1] in ("s", "u", "v")


def arg_grid(params):
    """The argument tuples a function with these parameter names is called on."""
    if len(params) >= 3:
        pools = [STR_ARGS3 if param_is_str(p) else INT_ARGS3 for p in params]
    else:
        pools = [STR_ARGS if param_is_str(p) else INT_ARGS for p in params]
    return list(itertools.product(*pools))


# ---------------------------------------------------------------------------
# AST of the generated code (kept as a tree so it can be minimized)

# precedence: a node renders in parentheses where its own level is below the
# level its slot asks for
PREC = {"ifexp": 1, "or": 2, "and": 3, "not": 4, "cmp": 5, "atom": 9, "walrus": 9}
P_ANY, P_OR_OPERAND, P_AND_OPERAND, P_NOT_OPERAND, P_CMP_OPERAND = 0, 3, 4, 4, 6


class E(object):
    """Expression node.  kind: atom (text, alt: a simpler text or None),
    cmp (ops, operands), bool (op, values), not (operand),
    ifexp (body, test, orelse), walrus (name, value)."""

    def __init__(self, kind, **kw):
        self.kind = kind
        self.__dict__.update(kw)

    def prec(self):
        if self.kind == "bool":
            return PREC[self.op]
        return PREC[self.kind]

    def children(self):
        k = self.kind
        if k == "cmp":
            return list(self.operands)
        if k == "bool":
            return list(self.values)
        if k == "not":
            return [self.operand]
        if k == "ifexp":
            return [self.body, self.test, self.orelse]
        if k == "walrus":
            return [self.value]
        return []


def render(e, need=P_ANY):
    k = e.kind
    if k == "atom":
        s = e.text
    elif k == "cmp":
        parts = [render(e.operands[0], P_CMP_OPERAND)]
        for op, x in zip(e.ops, e.operands[1:]):
            parts.append(op)
            parts.append(render(x, P_CMP_OPERAND))
        s = " ".join(parts)
    elif k == "bool":
        need_v = P_OR_OPERAND if e.op == "or" else P_AND_OPERAND
        s = (" %s " % e.op).join(render(v, need_v) for v in e.values)
    elif k == "not":
        s = "not " + render(e.operand, P_NOT_OPERAND)
    elif k == "ifexp":
        s = "%s if %s else %s" % (render(e.body, 2), render(e.test, 2), render(e.orelse, 1))
    elif k == "walrus":
        return "(%s := %s)" % (e.name, render(e.value, 1))
    else:
        raise ValueError(k)
    if e.prec() < need:
        return "(" + s + ")"
    return s


class S(object):
    """Statement node: kind 'simple' (tmpl, exprs: [[E, prec]], fixed, jump)
    or 'block' (clauses: [Clause])."""

    def __init__(self, kind, **kw):
        self.kind = kind
        self.fixed = False
        self.jump = None
        self.exprs = []
        self.__dict__.update(kw)


class Clause(object):
    def __init__(self, tmpl, exprs, body):
        self.tmpl, self.exprs, self.body = tmpl, exprs, body


class Func(object):
    def __init__(self, name, params, body):
        self.name, self.params, self.body = name, params, body


def fill(tmpl, exprs):
    vals = [render(e, p) for e, p in exprs]
    return re.sub(r"\{(\d)\}", lambda m: vals[int(m.group(1))], tmpl)


def render_body(body, ind, out):
    if not body:
        out.append(ind + "pass")
        return
    for s in body:
        if s.kind == "simple":
            for line in fill(s.tmpl, s.exprs).split("\n"):
                out.append(ind + line)
        else:
            for cl in s.clauses:
                out.append(ind + fill(cl.tmpl, cl.exprs))
                render_body(cl.body, ind + "    ", out)


def render_func(f):
    lines = []
    render_body(f.body, "    ", lines)
    last = f.body[-1] if f.body else None
    if not (last is not None and last.kind == "simple" and last.jump == "return"):
        lines.append("    return t")
    text = "\n".join(lines)
    counters = sorted(set(re.findall(r"\bk\d\b", text)))
    head = ["def %s(%s):" % (f.name, ", ".join(f.params)), "    t = []"]
    head += ["    %s = 0" % k for k in counters]
    return "\n".join(head) + "\n" + text + "\n"


def render_module(funcs):
    out = [PRELUDE]
    for f in funcs:
        out.append("")
        out.append(render_func(f))
    return "\n".join(out)


def render_funcs_only(funcs):
    return "\n".join(render_func(f) for f in funcs)


def simple(tmpl, exprs=(), jump=None, fixed=False):
    return S("simple", tmpl=tmpl, exprs=[list(x) for x in exprs], jump=jump, fixed=fixed)


def atom(text, alt=None):
    return E("atom", text=text, alt=alt)


# ---------------------------------------------------------------------------
# generator

INT_CONSTS = ["0", "1", "2", "3", "5", "-1"]
STR_CONSTS = ["'a'", "''", "'b'", "'ab'"]
CMP_OPS = ["<", "<=", ">", ">=", "==", "!="]
CMP_OPS_STR = ["==", "!=", "==", "<", "<=", ">", ">="]


class Scope(object):
    def __init__(self, params):
        self.params = list(params)
        self.loopvars = []  # (name, is_str)

    def ints(self):
        return [p for p in self.params if not param_is_str(p)] + \
            [n for n, st in self.loopvars if not st]

    def strs(self):
        return [p for p in self.params if param_is_str(p)] + [n for n, st in self.loopvars if st]

    def all(self):
        return self.params + [n for n, _ in self.loopvars]


class Gen(object):
    def __init__(self, rnd):
        self.r = rnd
        self.tagn = 0
        self.left = 0
        self.counters = 0
        self.maxdepth, self.chain, self.fancy = 2, 0.4, 0.6

    def tag(self):
        self.tagn += 1
        return str(self.tagn)

    # --- expressions
    def int_operand(self, sc, plain=False):
        r = self.r
        ints, strs = sc.ints(), sc.strs()
        x = r.random()
        if ints and x < 0.5 or (plain and ints and x < 0.8):
            return atom(r.choice(ints))
        if x < 0.7 or plain or r.random() > self.fancy:
            return atom(r.choice(INT_CONSTS))
        if x < 0.82:
            if ints:
                v = r.choice(ints)
                return atom(r.choice(["%s + 1", "%s %% 3", "%s - 2", "%s * 2"]) % v, alt=v)
            if strs:
                v = r.choice(strs)
                return atom("len(%s)" % v, alt="0")
            return atom(r.choice(INT_CONSTS))
        if x < 0.92:
            inner = self.int_operand(sc, plain=True)
            return atom("r(t, %s, %s)" % (self.tag(), inner.text), alt=inner.text)
        return E("walrus", name=r.choice(["w", "z"]), value=self.int_operand(sc, plain=True))

    def str_operand(self, sc, plain=False):
        r = self.r
        strs = sc.strs()
        x = r.random()
        if strs and (x < 0.5 or (plain and x < 0.8)):
            return atom(r.choice(strs))
        if x < 0.75 or plain or not strs or r.random() > self.fancy:
            return atom(r.choice(STR_CONSTS))
        if x < 0.83:
            v = r.choice(strs)
            return atom(r.choice(["%s[:1]", "%s[-1:]", "%s * 2"]) % v, alt=v)
        if x < 0.93:
            inner = self.str_operand(sc, plain=True)
            return atom("r(t, %s, %s)" % (self.tag(), inner.text), alt=inner.text)
        return E("walrus", name=r.choice(["w", "z"]), value=self.str_operand(sc, plain=True))

    def compare(self, sc):
        r = self.r
        use_str = sc.strs() and (not sc.ints() or r.random() < 0.35)
        opnd = self.str_operand if use_str else self.int_operand
        n = r.choice([3, 3, 3, 4]) if r.random() < self.chain else 2
        if n == 2 and r.random() < 0.15:
            if use_str:
                return E("cmp", ops=[r.choice(["in", "not in"])],
                         operands=[opnd(sc), atom(r.choice(["'ab'", "'xb'", "('a', '')"]))])
            return E("cmp", ops=[r.choice(["in", "not in"])],
                     operands=[opnd(sc), atom(r.choice(["(1, 2)", "(0, 3, 5)", "[2, -1]"]))])
        operands = [opnd(sc) for _ in range(n)]
        for i in range(1, n):  # mostly no `x < x`
            for _try in range(3):
                if operands[i].kind == "atom" and operands[i - 1].kind == "atom" and \
                        operands[i].text == operands[i - 1].text:
                    operands[i] = opnd(sc)
        if all(o.kind == "atom" and (o.text[:1] in "-0123456789'") for o in operands):
            pool = sc.strs() if use_str else sc.ints()
            if pool:
                operands[r.randrange(n)] = atom(r.choice(pool))
        ops = [r.choice(CMP_OPS_STR if use_str else CMP_OPS) for _ in range(n - 1)]
        return E("cmp", ops=ops, operands=operands)

    def truth_atom(self, sc):
        r = self.r
        x = r.random()
        names = sc.all()
        if x < 0.65:
            return atom(r.choice(names))
        if x < 0.7:
            return atom(r.choice(["True", "False", "0", "'x'"]))
        if x < 0.85 and sc.ints():
            v = r.choice(sc.ints())
            return atom("%s %% 2" % v, alt=v)
        if x < 0.93:
            v = r.choice(names)
            return atom("r(t, %s, %s)" % (self.tag(), v), alt=v)
        return E("walrus", name=r.choice(["w", "z"]), value=atom(r.choice(names)))

    def cond(self, sc, depth=2):
        r = self.r
        depth = min(depth, self.maxdepth)
        x = r.random()
        if depth > 0 and x < 0.34:
            op = r.choice(["and", "or"])
            n = r.choice([2, 2, 2, 3, 3, 4])
            return E("bool", op=op, values=[self.cond(sc, depth - 1) for _ in range(n)])
        if depth > 0 and x < 0.44:
            sub = self.compare(sc) if r.random() < 0.5 else self.cond(sc, depth - 1)
            return E("not", operand=sub)
        if depth > 0 and x < 0.50:
            return E("ifexp", body=self.cond(sc, depth - 1), test=self.cond(sc, depth - 1),
                     orelse=self.cond(sc, depth - 1))
        if x < 0.85:
            return self.compare(sc)
        return self.truth_atom(sc)

    def value(self, sc, depth=2):
        """An expression whose value is recorded."""
        r = self.r
        x = r.random()
        if x < 0.55:
            return self.cond(sc, depth)
        leaf = lambda: (self.int_operand(sc) if r.random() < 0.5 or not sc.strs()
                        else self.str_operand(sc))
        if x < 0.8:
            return E("ifexp", body=leaf(), test=self.cond(sc, depth - 1), orelse=leaf())
        op = r.choice(["and", "or"])
        vals = [self.cond(sc, depth - 1) if r.random() < 0.5 else leaf()
                for _ in range(r.choice([2, 2, 3]))]
        return E("bool", op=op, values=vals)

    # --- statements
    def take(self):
        self.left -= 1

    def block(self, sc, ctx, n, depth, end=None, first_loop=False, last_loop=False):
        """n statements (at least one).  end: None, 'jump' (the last one is
        a return/break/continue) or 'ifjump' (the last one is an if whose
        body ends in one)."""
        out = []
        n = max(1, min(n, self.left + 1))
        for i in range(n):
            is_last = i == n - 1
            if i == 0 and first_loop and depth < 3:
                s = self.loop(sc, ctx, depth)
            elif is_last and last_loop and depth < 3 and not (i == 0 and first_loop):
                s = self.loop(sc, ctx, depth)
            elif is_last and end == "jump":
                s = self.jump(sc, ctx)
            elif is_last and end == "ifjump":
                s = self.if_stmt(sc, ctx, depth, force_jump=True)
            else:
                s = self.stmt(sc, ctx, depth, may_jump=is_last)
            out.append(s)
            if s.jump:
                break
            if self.left <= 0 and not (is_last or end or last_loop):
                break
        return out

    def jump(self, sc, ctx):
        r = self.r
        self.take()
        choices = ["return"] * 3
        if ctx.get("loop"):
            choices += ["break", "continue"] * 2
        c = r.choice(choices)
        if c != "return":
            return simple(c, jump=c)
        x = r.random()
        if x < 0.5:
            return simple("return t", jump="return")
        if x < 0.94:
            return simple("return t, {0}", [(self.value(sc), P_OR_OPERAND)], jump="return")
        return simple("return {0}", [(self.value(sc), P_ANY)], jump="return")

    def body_n(self):
        return self.r.choice([1, 1, 1, 2, 2, 3])

    def stmt(self, sc, ctx, depth, may_jump):
        r = self.r
        w = [("append", 3), ("appendval", 2.5), ("update", 0.7), ("risky", 0.7), ("pass", 0.3)]
        if self.left >= 2 and depth < 4:
            w += [("if", 4), ("while", 1.6), ("for", 1.6), ("try", 1.3), ("with", 0.5)]
        if may_jump:
            w += [("jump", 1.5)]
            if depth > 0 and not ctx.get("fin"):
                w += [("raise", 0.3)]
        tot = sum(x for _, x in w)
        p = r.random() * tot
        for kind, x in w:
            p -= x
            if p <= 0:
                break
        if kind == "jump":
            return self.jump(sc, ctx)
        if kind == "if":
            return self.if_stmt(sc, ctx, depth)
        if kind in ("while", "for"):
            return self.loop(sc, ctx, depth, kind)
        if kind == "try":
            return self.try_stmt(sc, ctx, depth)
        if kind == "with":
            return self.with_stmt(sc, ctx, depth)
        self.take()
        if kind == "append":
            return simple("t.append(%s)" % self.tag())
        if kind == "pass":
            return simple("pass")
        if kind == "appendval":
            return simple("t.append({0})", [(self.value(sc), P_ANY)])
        if kind == "update":
            ps = sc.params
            p = r.choice(ps)
            if param_is_str(p):
                return simple("%s += %s" % (p, r.choice(["'a'", "'b'"])))
            return simple("%s %s= %s" % (p, r.choice(["+", "-"]), r.choice(["1", "2"])))
        if kind == "risky":
            return self.risky(sc)
        if kind == "raise":
            return simple("raise ValueError(%s)" % self.tag(), jump="raise")
        raise ValueError(kind)

    def risky(self, sc):
        r = self.r
        ints, strs = sc.ints(), sc.strs()
        opts = []
        if ints:
            opts += ["t.append(10 // %s)" % r.choice(ints),
                     "t.append('abc'[%s])" % r.choice(ints)]
        if strs:
            opts += ["t.append(int(%s))" % r.choice(strs)]
        opts.append("t.append([1, 2][%s])" % r.choice(ints) if ints else
                    "t.append({'a': 1}[%s])" % r.choice(strs))
        return simple(r.choice(opts))

    def if_stmt(self, sc, ctx, depth, force_jump=False):
        r = self.r
        self.take()
        n = r.choice([1, 1, 1, 2, 2, 2, 3, 3, 4])
        has_else = n >= 2 and r.random() < 0.6
        clauses = []
        for i in range(n):
            if has_else and i == n - 1:
                tmpl, exprs = "else:", []
            else:
                tmpl = "if {0}:" if i == 0 else "elif {0}:"
                c = self.cond(sc, r.choice([1, 1, 2, 2, 3]))
                exprs = [[c, P_ANY]]
            end = "jump" if (force_jump and i == 0) else None
            body = self.block(sc, ctx, self.body_n(), depth + 1, end=end)
            clauses.append(Clause(tmpl, exprs, body))
        return S("block", clauses=clauses)

    def loop(self, sc, ctx, depth, kind=None):
        r = self.r
        self.take()
        kind = kind or r.choice(["while", "for"])
        sc2 = copy.copy(sc)
        sc2.loopvars = list(sc.loopvars)
        ctx2 = dict(ctx, loop=True)
        pre = []
        if kind == "for":
            var = ["i", "j", "l"][min(len([1 for _ in sc.loopvars]), 2)]
            ints, strs = sc.ints(), sc.strs()
            opts = [("for %s in range(3):" % var, False), ("for %s in (1, 3, 2):" % var, False),
                    ("for %s in 'ab':" % var, True)]
            if ints:
                opts.append(("for %s in range(%s %% 4):" % (var, r.choice(ints)), False))
                opts.append(("for %s in [%s, 0, 2]:" % (var, r.choice(ints)), False))
            if strs:
                opts.append(("for %s in %s:" % (var, r.choice(strs)), True))
            header, is_str = r.choice(opts)
            if var not in sc2.all():
                sc2.loopvars.append((var, is_str))
            clause = Clause(header, [], None)
        else:
            k = "k%d" % (self.counters % 10)
            self.counters += 1
            bound = r.choice(["3", "4", "5"])
            mode = r.choice(["guard", "true", "pre", "post", "walrus", "walrus", "walrus_only",
                             "chain"])
            inc = simple("%s += 1" % k, fixed=True)
            guard = simple("%s += 1\nif %s > %s:\n    break" % (k, k, bound), fixed=True)
            if mode == "guard":
                clause = Clause("while {0}:", [[self.cond(sc, 2), P_ANY]], None)
                pre = [guard]
            elif mode == "true":
                clause = Clause("while True:", [], None)
                pre = [guard]
            elif mode == "pre":
                clause = Clause("while %s < %s and {0}:" % (k, bound),
                                [[self.cond(sc, 2), P_AND_OPERAND]], None)
                pre = [inc]
            elif mode == "post":
                clause = Clause("while {0} and %s < %s:" % (k, bound),
                                [[self.cond(sc, 2), P_AND_OPERAND]], None)
                pre = [inc]
            elif mode == "walrus":
                clause = Clause("while (%s := %s + 1) < %s and {0}:" % (k, k, bound),
                                [[self.cond(sc, 2), P_AND_OPERAND]], None)
            elif mode == "walrus_only":
                clause = Clause(r.choice(["while (%s := %s + 1) < %s:" % (k, k, bound),
                                          "while 0 <= (%s := %s + 1) < %s:" % (k, k, bound)]),
                                [], None)
            else:  # the counter in a chain: `while (k := k + 1) < N > x`
                clause = Clause("while (%s := %s + 1) < %s {1} {0}:" % (k, k, bound),
                                [[self.int_operand(sc), P_CMP_OPERAND]], None)
                clause.tmpl = clause.tmpl.replace("{1}", r.choice([">", ">=", "!=", "<"]))
        x = r.random()
        first_loop = depth < 2 and x < 0.2 and not pre
        last_loop = depth < 2 and 0.2 <= x < 0.4
        body = self.block(sc2, ctx2, r.choice([1, 2, 2, 3, 3]), depth + 1,
                          first_loop=first_loop, last_loop=last_loop)
        clause.body = pre + body
        clauses = [clause]
        if r.random() < 0.3:
            clauses.append(Clause("else:", [], self.block(sc, ctx, 1, depth + 1)))
        return S("block", clauses=clauses)

    def try_stmt(self, sc, ctx, depth):
        r = self.r
        self.take()
        body = self.block(sc, ctx, self.body_n(), depth + 1)
        body.insert(r.randrange(len(body) + 1) if not body[-1].jump else
                    r.randrange(len(body)), self.risky(sc))
        clauses = [Clause("try:", [], body)]
        shape = r.choice(["e", "e", "ee", "e+else", "e+fin", "fin", "e+else+fin", "ee+fin"])
        nh = {"e": 1, "ee": 2, "e+else": 1, "e+fin": 1, "fin": 0, "e+else+fin": 1,
              "ee+fin": 2}[shape]
        heads = ["except ZeroDivisionError:", "except (ValueError, IndexError) as e:",
                 "except Exception:", "except IndexError:", "except:"]
        hs = r.sample(heads[:4], nh) if nh else []
        if nh and r.random() < 0.1:
            hs[-1] = "except:"
        if "Exception" in " ".join(hs[:-1]) or "except:" in hs[:-1]:
            hs.sort(key=lambda h: h in ("except Exception:", "except:"))
        for h in hs:
            end = r.choice([None, None, "jump", "jump", "ifjump"])
            hb = self.block(sc, ctx, self.body_n(), depth + 1, end=end)
            if " as e" in h and r.random() < 0.5:
                hb.insert(0, simple("t.append(type(e).__name__)"))
            clauses.append(Clause(h, [], hb))
        if "else" in shape:
            clauses.append(Clause("else:", [], self.block(sc, ctx, self.body_n(), depth + 1)))
        if "fin" in shape:
            clauses.append(Clause("finally:", [], self.block(sc, dict(ctx, fin=True), 1,
                                                              depth + 1)))
        return S("block", clauses=clauses)

    def with_stmt(self, sc, ctx, depth):
        r = self.r
        self.take()
        tag = self.tag()
        h = r.choice(["with CM(t, %s):" % tag, "with CM(t, %s, True):" % tag,
                      "with CM(t, %s) as m:" % tag])
        body = self.block(sc, ctx, self.body_n(), depth + 1)
        if r.random() < 0.4:
            body.insert(r.randrange(len(body)) if body[-1].jump else len(body), self.risky(sc))
        return S("block", clauses=[Clause(h, [], body)])

    def func(self, name):
        r = self.r
        np_ = r.choice([1, 2, 2, 2, 3])
        params = []
        ints, strs = list(INT_PARAMS), list(STR_PARAMS)
        for i in range(np_):
            if r.random() < 0.65:
                params.append(ints.pop(0))
            else:
                params.append(strs.pop(0))
        # complexity profile: lite (conditions of depth <= 1, few chains),
        # mid, full
        prof = r.choice(["lite", "lite", "lite", "mid", "mid", "full"])
        self.maxdepth, self.chain, self.fancy = {"lite": (1, 0.3, 0.3), "mid": (2, 0.4, 0.6),
                                                 "full": (3, 0.5, 1.0)}[prof]
        self.left = r.choice([3, 3, 4, 4, 5, 5, 6, 6, 7, 8, 9, 10, 12])
        self.counters = 0
        sc = Scope(params)
        body = []
        while self.left > 0:
            body.extend(self.block(sc, {}, self.left, 0, end=("jump" if r.random() < 0.3
                                                                else None)))
            if body and body[-1].jump:
                break
        return Func(name, params, body)


def compiles(src):
    try:
        compile(src, "<fuzz>", "exec")
        return True
    except Exception:
        return False


def gen_func(g, name):
    """A function that compiles (retries whole functions)."""
    for _ in range(50):
        f = g.func(name)
        if compiles(render_module([f])):
            return f
    return Func(name, ["a"], [simple("return t", jump="return")])


# ---------------------------------------------------------------------------
# worker (runs inside the interpreter under test)


def worker_main(depyf, tmp):
    def runner(code, fnames, orig):
        err, g = fuzz_worker.exec_module(code)
        if err is not None:
            return err, None
        # the argument grid of each function, from the original's parameter names
        grids = {c.co_name: arg_grid(c.co_varnames[:c.co_argcount])
                 for c in orig.co_consts if hasattr(c, "co_varnames") and c.co_name in fnames}
        res = {}
        for fn in fnames:
            f = g.get(fn)
            rows = []
            timeouts = 0
            for args in grids.get(fn, [()]):
                label = "%s%r" % (fn, tuple(args))
                if f is None or not callable(f):
                    rows.append((label, "missing function"))
                elif timeouts >= 2:
                    rows.append((label, "TIMEOUT"))
                else:
                    rows.append((label, fuzz_worker.call(f, args, 0.5)))
                    if rows[-1][1] == "TIMEOUT":
                        timeouts += 1
            res[fn] = rows
        return None, res

    fuzz_worker.serve(depyf, tmp, runner)


# ---------------------------------------------------------------------------
# parent side


BUGS = ("crash", "nocompile", "behavior", "workercrash")
CATS = ["generated", "unrecovered", "crash", "nocompile", "behavior", "inexact", "exact",
        "origfail", "workercrash", "badsrc"]


# ---------------------------------------------------------------------------
# minimization


def _stmt_lists(body, out):
    """Every statement list in preorder (the body itself first)."""
    out.append(body)
    for s in body:
        if s.kind == "block":
            for cl in s.clauses:
                _stmt_lists(cl.body, out)
    return out


def _expr_slots(f):
    """Every expression position of a function, preorder: (get, set)."""
    slots = []

    def walk(get, put):
        slots.append((get, put))
        e = get()
        k = e.kind
        if k == "cmp":
            for j in range(len(e.operands)):
                walk(lambda e=e, j=j: e.operands[j], lambda v, e=e, j=j: e.operands.__setitem__(j, v))
        elif k == "bool":
            for j in range(len(e.values)):
                walk(lambda e=e, j=j: e.values[j], lambda v, e=e, j=j: e.values.__setitem__(j, v))
        elif k == "not":
            walk(lambda e=e: e.operand, lambda v, e=e: setattr(e, "operand", v))
        elif k == "ifexp":
            for a in ("body", "test", "orelse"):
                walk(lambda e=e, a=a: getattr(e, a), lambda v, e=e, a=a: setattr(e, a, v))
        elif k == "walrus":
            walk(lambda e=e: e.value, lambda v, e=e: setattr(e, "value", v))

    def stmts(body):
        for s in body:
            if s.kind == "simple":
                for slot in s.exprs:
                    walk(lambda slot=slot: slot[0], lambda v, slot=slot: slot.__setitem__(0, v))
            else:
                for cl in s.clauses:
                    for slot in cl.exprs:
                        walk(lambda slot=slot: slot[0], lambda v, slot=slot: slot.__setitem__(0, v))
                    stmts(cl.body)
    stmts(f.body)
    return slots


def edits(funcs):
    """Candidate one-step reductions of a module (list of Func), roughly the
    biggest first: each is a thunk returning a new list (or None)."""
    cands = []
    n = len(funcs)
    for i in range(n):
        if n > 1:
            cands.append(lambda i=i: [copy.deepcopy(f) for j, f in enumerate(funcs) if j != i])
    for fi, f in enumerate(funcs):
        lists = _stmt_lists(f.body, [])
        # delete statements
        for li, lst in enumerate(lists):
            for si, s in enumerate(lst):
                if s.fixed:
                    continue

                def rm(fi=fi, li=li, si=si):
                    fs = copy.deepcopy(funcs)
                    del _stmt_lists(fs[fi].body, [])[li][si]
                    return fs
                cands.append(rm)
        # unwrap a block into one of its clause bodies; drop a clause
        for li, lst in enumerate(lists):
            for si, s in enumerate(lst):
                if s.kind != "block":
                    continue
                for ci in range(len(s.clauses)):
                    def unwrap(fi=fi, li=li, si=si, ci=ci):
                        fs = copy.deepcopy(funcs)
                        b = _stmt_lists(fs[fi].body, [])[li]
                        b[si:si + 1] = [x for x in b[si].clauses[ci].body
                                        if not (x.fixed and "break" in x.tmpl)]
                        return fs
                    cands.append(unwrap)
                    if ci == 0:
                        continue

                    def drop(fi=fi, li=li, si=si, ci=ci):
                        fs = copy.deepcopy(funcs)
                        del _stmt_lists(fs[fi].body, [])[li][si].clauses[ci]
                        return fs
                    cands.append(drop)
                if len(s.clauses) > 1 and s.clauses[1].tmpl.startswith("elif"):
                    def dropif(fi=fi, li=li, si=si):
                        fs = copy.deepcopy(funcs)
                        cls = _stmt_lists(fs[fi].body, [])[li][si].clauses
                        del cls[0]
                        cls[0].tmpl = "if" + cls[0].tmpl[4:]
                        return fs
                    cands.append(dropif)
                # an elif turned into the else of the chain
                for ci, cl in enumerate(s.clauses):
                    if cl.tmpl.startswith("elif") and ci == len(s.clauses) - 1:
                        def toelse(fi=fi, li=li, si=si, ci=ci):
                            fs = copy.deepcopy(funcs)
                            cl2 = _stmt_lists(fs[fi].body, [])[li][si].clauses[ci]
                            cl2.tmpl, cl2.exprs = "else:", []
                            return fs
                        cands.append(toelse)
        # expressions
        nslots = len(_expr_slots(f))
        for xi in range(nslots):
            for op in ("child0", "child1", "child2", "child3", "dropv", "chainfirst",
                       "chainlast", "alt", "true", "name"):
                def ed(fi=fi, xi=xi, op=op):
                    fs = copy.deepcopy(funcs)
                    get, put = _expr_slots(fs[fi])[xi]
                    e = get()
                    ch = e.children()
                    if op.startswith("child"):
                        j = int(op[5:])
                        if j >= len(ch):
                            return None
                        put(ch[j])
                    elif op == "dropv":
                        if e.kind != "bool" or len(e.values) < 3:
                            return None
                        e.values.pop(0)
                    elif op in ("chainfirst", "chainlast"):
                        if e.kind != "cmp" or len(e.operands) < 3:
                            return None
                        if op == "chainfirst":
                            e.operands.pop(0)
                            e.ops.pop(0)
                        else:
                            e.operands.pop()
                            e.ops.pop()
                    elif op == "alt":
                        if e.kind != "atom" or not e.alt:
                            return None
                        e.text, e.alt = e.alt, None
                    elif op == "true":
                        if e.kind == "atom" and e.text in ("True", "0", "1", "'a'"):
                            return None
                        put(atom("True"))
                    elif op == "name":
                        if e.kind == "atom" and e.text in fs[fi].params:
                            return None
                        put(atom(fs[fi].params[0]))
                    return fs
                cands.append(ed)
        # drop an unused parameter
        for pi in range(len(f.params)):
            def dp(fi=fi, pi=pi):
                fs = copy.deepcopy(funcs)
                p = fs[fi].params[pi]
                if len(fs[fi].params) < 2:
                    return None
                del fs[fi].params[pi]
                if re.search(r"\b%s\b" % p, render_func(fs[fi]).split("\n", 1)[1]):
                    return None
                return fs
            cands.append(dp)
    return cands


def signature(cat, ans):
    """A coarse key grouping failures that probably share a cause."""
    d = ans.get("detail") or ""
    if cat == "unrecovered":
        d = d.split("first: ", 1)[-1]
        d = re.sub(r"^f\d+(\.\S+)?: ", "", d)
        d = re.sub(r" at offset \d+", "", d)
    elif cat == "nocompile":
        line = ans.get("line", "")
        d = re.sub(r" \(line .*", "", d)
        d = re.sub(r"'\w+'", "'N'", d)
        if line:
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
    seen = set()
    while improved and tries < budget:
        improved = False
        for cand in edits(best):
            if tries >= budget or (deadline and time.time() > deadline):
                break
            fs = cand()
            if fs is None:
                continue
            src = render_module(fs)
            if src in seen or len(src) >= len(render_module(best)) + 40:
                continue
            seen.add(src)
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
    tmp = tempfile.mkdtemp(prefix="flow_fuzz_%s_" % version)
    depyf = os.path.abspath(args.depyf)
    w = fuzz_worker.Worker(__file__, version, depyf, tmp)
    counts = dict((c, 0) for c in CATS)
    saved = {}  # cat -> list of (size, funcs, ans, sig, minimized)
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
            ans = w.ask(render_module(funcs), [f.name for f in funcs])
            cat = ans.get("cat", "workercrash")
            counts["generated"] += len(funcs)
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
                if c in BUGS:
                    want = nmin_total.get(c, 0) < args.bug_minimize_cap
                else:
                    want = nmin.get((c, sig), 0) < 1 and nmin_total.get(c, 0) < args.minimize_cap
                if want and time.time() < deadline:
                    keep = None
                    if c == "unrecovered":
                        keep = lambda a2, sig=sig: signature("unrecovered", a2) == sig
                    fs2, a2 = minimize(w, fs, c, budget=args.min_budget, deadline=deadline,
                                       keep=keep)
                    if a2 is not None:
                        fs, a = fs2, a2
                    nmin[(c, sig)] = nmin.get((c, sig), 0) + 1
                    nmin_total[c] = nmin_total.get(c, 0) + 1
                    saved.setdefault(c, []).append((size(fs), fs, a, sig, True))
                    if c in BUGS:
                        with lock:
                            print("[%s] %s (%d chars after minimizing): %s" % (
                                version, c, size(fs), (a.get("detail") or "")[:160]))
                            sys.stdout.flush()
                else:
                    saved.setdefault(c, []).append((size(fs), fs, a, sig, False))
            if args.progress and (mi + 1) % args.progress == 0:
                with lock:
                    print("[%s] %d modules, %.0fs: %s" % (version, mi + 1, time.time() - t0,
                          " ".join("%s=%d" % (k, v) for k, v in counts.items() if v)))
                    sys.stdout.flush()
    finally:
        w.close()
        shutil.rmtree(tmp, ignore_errors=True)
    outdir = os.path.join(args.out, version)
    os.makedirs(outdir, exist_ok=True)
    for c, lst in saved.items():
        keep_n = args.keep_bugs if c in BUGS else args.keep
        mins = sorted([t for t in lst if t[4]], key=lambda t: t[0])
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
    versions = [v.strip() for v in args.versions.split(",") if v.strip()]
    tmp = tempfile.mkdtemp(prefix="flow_fuzz_check_")
    try:
        for v in versions:
            w = fuzz_worker.Worker(__file__, v, os.path.abspath(args.depyf), tmp)
            for path in args.check:
                with open(path) as fh:
                    src = fh.read()
                if "class CM" not in src:
                    src = PRELUDE + "\n" + src
                names = re.findall(r"^def (f\d+)\(", src, re.M)
                a = w.ask(src, names)
                print("%s %s: %s %s" % (v, path, a.get("cat"), a.get("detail") or ""))
                if args.show:
                    out = a.get("out", "")
                    print(out.split("    return v\n", 1)[-1])
            w.close()
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return 0


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--count", type=int, default=50, help="modules per version")
    ap.add_argument("--funcs", type=int, default=4, help="functions per module")
    ap.add_argument("--versions", default="3.8,3.9,3.10,3.11,3.12,3.13")
    ap.add_argument("--out", default="/tmp/flow_fuzz")
    ap.add_argument("--depyf", default=os.environ.get("DEPYF") or os.path.join(ROOT, "build", "depyf"))
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--time", type=float, default=0, help="wall-clock budget in seconds (0: none)")
    ap.add_argument("--minimize-cap", type=int, default=10,
                    help="minimize at most this many non-bug cases per category and version "
                         "(one per signature)")
    ap.add_argument("--bug-minimize-cap", type=int, default=150,
                    help="minimize at most this many bugs per category and version")
    ap.add_argument("--min-budget", type=int, default=250, help="worker calls per minimization")
    ap.add_argument("--keep", type=int, default=5, help="smallest non-bug cases kept per category")
    ap.add_argument("--keep-bugs", type=int, default=30, help="bug cases kept per category")
    ap.add_argument("--progress", type=int, default=0, help="print counts every N modules")
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
            print(render_funcs_only(m))
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
    print()
    print("counts are per function (a module with any non-exact result is re-checked one "
          "function at a time)")
    print("%-8s" % "version" + "".join("%12s" % c for c in cols))
    for v in versions:
        c = report.get(v, {}).get("counts", {})
        print("%-8s" % v + "".join("%12d" % c.get(k, 0) for k in cols))
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
