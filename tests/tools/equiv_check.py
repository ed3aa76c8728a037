"""Checks of depyf.explain._equiv (the symbolic comparison behind "verified"
for Dynamo's code), run inside one interpreter 3.11-3.13:

    python3.X tests/tools/equiv_check.py reflexive|mutants FILE...
    python3.X tests/tools/equiv_check.py pairs
    python3.X tests/tools/equiv_check.py dynamo PYC...

Prints one JSON object.
- reflexive: every code object (generators aside) of the files is equal to
  itself: the model knows every instruction the compiler emits.
- mutants: each code object changed in one reachable instruction, in a way
  that changes what it does (another constant, a store to another local, a
  load of another parameter, an inverted conditional jump, another binary
  operator, two different loads swapped): every mutant must be reported
  different.
- pairs: hand-written (original, decompiler-like) sources with temporaries,
  with the answer each must get.
- dynamo: each .pyc (Dynamo's transformed code, tests/regress/dynamo)
  decompiled as the dump does, compiled back, and compared.
"""
import dis
import json
import marshal
import random
import sys
import types

from depyf.explain import _equiv, _normalize

GENERATOR_FLAGS = 0x20 | 0x80 | 0x100 | 0x200


def code_objects(path):
    try:
        with open(path, encoding="utf-8") as f:
            top = compile(f.read(), path, "exec", dont_inherit=True)
    except (SyntaxError, ValueError, UnicodeDecodeError):
        return
    queue = [top]
    while queue:
        c = queue.pop()
        queue.extend(k for k in c.co_consts if isinstance(k, types.CodeType))
        if not c.co_flags & GENERATOR_FLAGS:
            yield c


def reflexive(files):
    n, bad = 0, []
    for path in files:
        for c in code_objects(path):
            n += 1
            ok, why = _equiv.equal_up_to_temporaries(c, c)
            if not ok:
                bad.append("%s %s: %s" % (path, c.co_name, why))
    return {"checked": n, "failed": bad[:20], "failures": len(bad)}


# ---- mutants ----------------------------------------------------------------

# Instructions that cannot raise (a local's store only drops a reference:
# an error in __del__ is not raised there); the handlers only they cover
# never run, and a change there changes nothing.  (Asynchronous exceptions,
# KeyboardInterrupt at a backward jump, are outside the comparison's model.)
CANNOT_RAISE = {"LOAD_FAST", "LOAD_FAST_CHECK", "STORE_FAST", "LOAD_CONST", "POP_TOP", "COPY", "SWAP",
                "NOP", "PUSH_NULL", "JUMP_FORWARD", "JUMP_BACKWARD", "JUMP_BACKWARD_NO_INTERRUPT",
                "POP_EXCEPT", "PUSH_EXC_INFO", "RESUME", "BUILD_TUPLE", "BUILD_LIST", "BUILD_SLICE",
                "KW_NAMES", "PRECALL", "RETURN_VALUE", "RETURN_CONST", "LOAD_CLOSURE", "END_FOR"}


def reachable(code):
    side = _equiv._Side(code, frozenset(), 0)
    seen, todo = set(), [0]
    while todo:
        k = todo.pop()
        if k in seen or k >= len(side.ins):
            continue
        seen.add(k)
        succ = side._successors(k)
        h = side.handler(k)
        if h is not None and side.ins[k].opname in CANNOT_RAISE and \
                not (side.ins[k].opcode in _HASJUMP and side._at(side.ins[k].argval) == h[0]):
            succ = [s for s in succ if s != h[0] or s == k + 1]
        todo.extend(succ)
    return {side.ins[k].offset for k in seen}


_HASJUMP = set(dis.hasjrel) | set(dis.hasjabs)


def fixed_parameters(code):
    """The parameters the function never stores to or deletes: distinct
    values, whatever the caller passes."""
    nargs = code.co_argcount + code.co_kwonlyargcount + bool(code.co_flags & 4) + bool(code.co_flags & 8)
    changed = {i.argval for i in dis.get_instructions(code)
               if i.opname in ("STORE_FAST", "DELETE_FAST", "MAKE_CELL")}
    changed |= set(code.co_cellvars)
    return [j for j, n in enumerate(code.co_varnames[:nargs]) if n not in changed]


INVERSE = {}
for a, b in (("TRUE", "FALSE"), ("NONE", "NOT_NONE")):
    for form in ("POP_JUMP_IF_", "POP_JUMP_FORWARD_IF_", "POP_JUMP_BACKWARD_IF_"):
        if form + a in dis.opmap:
            INVERSE[dis.opmap[form + a]] = dis.opmap[form + b]
            INVERSE[dis.opmap[form + b]] = dis.opmap[form + a]
SIMPLE_LOADS = {dis.opmap["LOAD_FAST"], dis.opmap["LOAD_CONST"]}


def mutations(code, rng):
    """(description, mutated code) pairs: one change each, in reachable code."""
    raw = bytearray(code.co_code)
    live = reachable(code)
    ins = [i for i in dis.get_instructions(code) if i.offset in live]
    keys = [_normalize._const_key(c) for c in code.co_consts]
    fixed = fixed_parameters(code)
    out = []

    def with_bytes(changes):
        b = bytearray(raw)
        for at, value in changes:
            b[at] = value
        return code.replace(co_code=bytes(b))

    for k, i in enumerate(ins):
        at = i.offset
        ext = at >= 2 and raw[at - 2] == dis.opmap["EXTENDED_ARG"]
        if i.opname == "LOAD_CONST" and not ext:
            other = [j for j in range(min(len(keys), 256)) if keys[j] != keys[i.arg]]
            if other:
                out.append(("const %d->%d at %d" % (i.arg, other[0], at),
                            with_bytes([(at + 1, rng.choice(other))])))
        elif i.opname == "STORE_FAST" and not ext and code.co_nlocals > 1:
            j = (i.arg + 1) % min(code.co_nlocals, 256)
            if code.co_varnames[j] != code.co_varnames[i.arg]:
                out.append(("%s %d->%d at %d" % (i.opname, i.arg, j, at), with_bytes([(at + 1, j)])))
        elif i.opname == "LOAD_FAST" and not ext and i.arg in fixed and len(fixed) > 1 \
                and not (k + 1 < len(ins) and ins[k + 1].opname == "POP_TOP"):
            # another parameter: another value (a local could hold the same one)
            j = fixed[(fixed.index(i.arg) + 1) % len(fixed)]
            out.append(("LOAD_FAST %d->%d at %d" % (i.arg, j, at), with_bytes([(at + 1, j)])))
        elif i.opcode in INVERSE:
            out.append(("invert jump at %d" % at, with_bytes([(at, INVERSE[i.opcode])])))
        elif i.opname == "BINARY_OP" and i.arg in (0, 10):   # + and -
            out.append(("binop at %d" % at, with_bytes([(at + 1, 10 - i.arg)])))
        # (a local other than a parameter never stored may hold the constant
        # or the value it is swapped with: `c = b''; c == b''`)
        if k + 1 < len(ins) and i.opcode in SIMPLE_LOADS and ins[k + 1].opcode in SIMPLE_LOADS \
                and ins[k + 1].offset == at + 2 and not ext and not ins[k + 1].is_jump_target \
                and all(x.opname == "LOAD_CONST" or x.arg in fixed for x in (i, ins[k + 1])):
            j = ins[k + 1]
            a_key = (i.opname, keys[i.arg] if i.opname == "LOAD_CONST" else i.arg)
            b_key = (j.opname, keys[j.arg] if j.opname == "LOAD_CONST" else j.arg)
            if a_key != b_key:
                out.append(("swap loads at %d" % at,
                            with_bytes([(at, j.opcode), (at + 1, j.arg),
                                        (at + 2, i.opcode), (at + 3, i.arg)])))
    return out


def mutants(files):
    rng = random.Random(1)
    n, missed, errors = 0, [], []
    for path in files:
        for c in code_objects(path):
            for what, m in mutations(c, rng):
                n += 1
                try:
                    ok, why = _equiv.equal_up_to_temporaries(c, m)
                except Exception as e:  # the checker must not raise
                    errors.append("%s %s %s: %r" % (path, c.co_name, what, e))
                    continue
                if why.startswith(_equiv.INTERNAL_ERROR):   # "different" for a bug of its own
                    errors.append("%s %s %s: %s" % (path, c.co_name, what, why))
                if ok:
                    missed.append("%s %s: %s" % (path, c.co_name, what))
    return {"mutants": n, "missed": missed[:20], "misses": len(missed), "errors": errors[:5]}


# ---- hand-written pairs -------------------------------------------------------------
# (name, original, decompiler-like, expected): each source defines f.
PAIRS = [
    ("spilled in order", "def f():\n    return g(h(), k())\n",
     "def f():\n    __depyf_t0 = g\n    __depyf_t1 = h()\n    __depyf_t2 = k()\n"
     "    return __depyf_t0(__depyf_t1, __depyf_t2)\n", True),
    ("global loaded after a call that could rebind it", "def f():\n    return g(h(), k())\n",
     "def f():\n    __depyf_t1 = h()\n    __depyf_t2 = k()\n    return g(__depyf_t1, __depyf_t2)\n", False),
    ("two calls reordered", "def f():\n    return g(h(), k())\n",
     "def f():\n    __depyf_t0 = g\n    __depyf_t2 = k()\n    __depyf_t1 = h()\n"
     "    return __depyf_t0(__depyf_t1, __depyf_t2)\n", False),
    ("operands swapped", "def f(a, b):\n    return a - b\n",
     "def f(a, b):\n    __depyf_t0 = a\n    __depyf_t1 = b\n    return __depyf_t1 - __depyf_t0\n", False),
    ("lists built in another order", "def f(a):\n    return ([a], [1])\n",
     "def f(a):\n    __depyf_t1 = [1]\n    __depyf_t0 = [a]\n    return (__depyf_t0, __depyf_t1)\n", True),
    ("lists built and used in another order", "def f(a):\n    return ([a], [1])\n",
     "def f(a):\n    __depyf_t1 = [1]\n    __depyf_t0 = [a]\n    return (__depyf_t1, __depyf_t0)\n", False),
    ("a list extended by the method", "def f(a, b):\n    return [a, *b]\n",
     "def f(a, b):\n    __depyf_t0 = [a]\n    __depyf_t0.extend(b)\n    return __depyf_t0\n", True),
    ("a list extended by the wrong value", "def f(a, b):\n    return [a, *b]\n",
     "def f(a, b):\n    __depyf_t0 = [a]\n    __depyf_t0.extend(a)\n    return __depyf_t0\n", False),
    ("a method called through a temporary", "def f(x):\n    return x.m(1)\n",
     "def f(x):\n    __depyf_t0 = x.m\n    return __depyf_t0(1)\n", True),
    ("another method", "def f(x):\n    return x.m(1)\n",
     "def f(x):\n    __depyf_t0 = x.n\n    return __depyf_t0(1)\n", False),
    ("a load kept inside its try", "def f(a):\n    try:\n        return g(a)\n    except E:\n        return 0\n",
     "def f(a):\n    try:\n        __depyf_t0 = g\n        return __depyf_t0(a)\n    except E:\n        return 0\n",
     True),
    ("a load moved out of its try", "def f(a):\n    try:\n        return g(a)\n    except E:\n        return 0\n",
     "def f(a):\n    __depyf_t0 = g\n    try:\n        return __depyf_t0(a)\n    except E:\n        return 0\n",
     False),
    ("a branch on the same value", "def f(a):\n    if a.x:\n        return 1\n    return 2\n",
     "def f(a):\n    __depyf_t0 = a.x\n    if __depyf_t0:\n        return 1\n    return 2\n", True),
    ("a branch inverted", "def f(a):\n    if a.x:\n        return 1\n    return 2\n",
     "def f(a):\n    __depyf_t0 = a.x\n    if not __depyf_t0:\n        return 1\n    return 2\n", False),
    ("a loop", "def f(a):\n    for i in a:\n        g(i)\n    return 0\n",
     "def f(a):\n    for i in a:\n        __depyf_t0 = g\n        __depyf_t0(i)\n    return 0\n", True),
    ("a loop whose temporary is read before it is set", "def f(a):\n    for i in a:\n        g(i)\n    return 0\n",
     "def f(a):\n    for i in a:\n        __depyf_t0(i)\n        __depyf_t0 = g\n    return 0\n", False),
    ("a local the original does not have", "def f(a):\n    return a\n",
     "def f(a):\n    b = a\n    return b\n", False),
]


def find_f(module):
    return next(c for c in module.co_consts if isinstance(c, types.CodeType) and c.co_name == "f")


def pairs():
    results = []
    for name, a, b, expected in PAIRS:
        ca = find_f(compile(a, "<a>", "exec"))
        cb = find_f(compile(b, "<b>", "exec"))
        got, why = _equiv.equal_up_to_temporaries(ca, cb)
        results.append({"name": name, "expected": expected, "got": got, "why": why})
    return {"pairs": results}


# ---- Dynamo's code ------------------------------------------------------------------

def dynamo(paths):
    from depyf.explain import _render, _source
    results = []
    for path in paths:
        with open(path, "rb") as f:
            code = marshal.loads(f.read()[16:])
        try:
            body, bindings, _ = _source.decompile_for_dump(code, "probe", True)
            back = _source.compile_back(_render.TRANSFORMED_HEADER_BLANK + body, "probe", bindings)
            ok, why = _equiv.equal_up_to_temporaries(code, back)
        except Exception as e:
            ok, why = False, "%s: %s" % (type(e).__name__, e)
        results.append({"file": path, "equal": ok, "why": why})
    return {"dynamo": results}


def main(argv):
    what, files = argv[1], argv[2:]
    out = {"reflexive": reflexive, "mutants": mutants, "dynamo": dynamo}.get(what)
    result = out(files) if out else pairs()
    print(json.dumps(result))


if __name__ == "__main__":
    main(sys.argv)
