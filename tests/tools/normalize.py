"""Normalized bytecode of a code object, for the round-trip check (issue #3).

Runs in any interpreter from 3.8 to 3.13 and compares code objects compiled
by the interpreter it runs in.  A decompiled code object is *exact* when its
normalized form equals the original's:

  instructions   dis.get_instructions(); NOP, CACHE and EXTENDED_ARG are
                 dropped; every other instruction is (opname, arg) where a
                 jump's arg is the index (in the kept list) of the first kept
                 instruction at or after its target, a constant-loading
                 instruction's arg is the normalized constant, and any other
                 arg is the raw oparg (it indexes co_names / the fast locals,
                 which are compared too, or is a flag such as the NULL bit).
  exception      3.11+: co_exceptiontable is parsed here (same varint format
  handlers       3.11-3.13, checked against dis._parse_exception_table by
                 `python3.X normalize.py --self-check`) and each kept
                 instruction carries the handler that covers it as
                 (handler index, stack depth, lasti), so the comparison does
                 not depend on how the compiler split or merged table entries.
  names          co_name, co_names, co_varnames (arguments and locals),
                 co_cellvars, co_freevars, and co_qualname on 3.11+.
  counts, flags  co_argcount, co_posonlyargcount, co_kwonlyargcount, co_flags.
  constants      co_consts as a list (this is what compares function
                 docstrings, which no instruction loads).  Scalars compare by
                 type and value (floats and complex by repr, so -0.0 != 0.0
                 and nan == nan); tuples elementwise; frozensets as sets
                 (iteration order is not a property of the source); nested
                 code objects by position, recursively, with this same
                 comparison.

Ignored, because they are not properties of the bytecode a source produces,
or depend on where the source sits rather than what it says:

  * line numbers: co_firstlineno, co_lnotab / co_linetable, co_positions;
  * co_filename;
  * co_stacksize and co_nlocals (derived from what is compared);
  * 3.13+: the constant stored to __firstlineno__ in a class body (the
    constant entry and the LOAD_CONST that stores it compare as a marker;
    when that int is shared with another use in the same body, the entry is
    kept and compares by value);
  * function level only (one function decompiled alone, see compare()'s
    `function_level`): where the function was defined.  Its qualname, and the
    prefix "<qualname>.<locals>." of the qualnames of everything nested in it
    (co_qualname on 3.11+, the qualname string constants that MAKE_FUNCTION
    and class bodies use before 3.11), are replaced by a marker on each side,
    so a closure wrapped in an enclosing def by the decompiler compares with
    the original method or nested function; and CO_NESTED (0x10) of the
    function itself is masked, since a function without free variables that
    was nested in another one is decompiled as a top-level def.  Nested code
    objects inside it keep CO_NESTED: their context is the same on both
    sides.

Not normalized, on purpose: future-feature flags (a function from a module
with `from __future__ import annotations` must come back with that flag),
private-name mangling (a method's co_names hold the mangled names), argument
and local names.

Two things are not normalized here but by accepting other compilations of
the same source (compare()'s `alts`, supplied by roundtrip.py), from 3.11 on:

  * line numbers steer the block layout (which LOAD_FAST pairs 3.13 fuses
    into LOAD_FAST_LOAD_FAST, where 3.12 duplicates a return, ...): the
    output also counts as exact when it equals what the interpreter
    compiles from ast.unparse(ast.parse(original_source));
  * at function level, the code the compiler makes for a function depends
    on its module: `name.attr(...)` compiles to LOAD_ATTR plus a pushed NULL
    instead of the method form when `name` is imported at module level
    (compile.c's is_import_originated(), 3.11+), and 3.12+ only turns
    `super().attr` into LOAD_SUPER_ATTR when the module's top level never
    mentions `super`.  A function decompiled alone cannot know, so its
    output also counts as exact when it equals what the interpreter
    compiles from that function's own definition alone, with its original
    line numbers or through ast.unparse (decorators dropped; wrapped in a def that binds its free variables and
    in a class of the original's name where it was defined in one, the way
    roundtrip.py's stand-in does it).
"""
import dis
import sys

VERSION = sys.version_info[:2]

CO_OPTIMIZED = 0x1
CO_NEWLOCALS = 0x2
CO_NESTED = 0x10

DROPPED = frozenset(["NOP", "CACHE", "EXTENDED_ARG"])
JUMPS = frozenset(dis.hasjrel) | frozenset(dis.hasjabs) | frozenset(getattr(dis, "hasjump", ()))
CONSTS = frozenset(dis.hasconst)
CodeType = type(compile("", "", "exec"))
COMPREHENSIONS = frozenset(["<listcomp>", "<setcomp>", "<dictcomp>", "<genexpr>"])

ROOT_MARK = "<root>"


def is_function(code):
    """A def or lambda body: not a module, class body, comprehension or any
    other compiler-made scope (3.12 type-parameter scopes are named <...>;
    see also lazy_type_scopes())."""
    return bool(code.co_flags & CO_OPTIMIZED) and (
        code.co_name == "<lambda>" or not code.co_name.startswith("<"))


def children(code):
    return [c for c in code.co_consts if isinstance(c, CodeType)]


# ---- exception table (3.11+) ------------------------------------------------

def _varint(it):
    b = next(it)
    value = b & 63
    while b & 64:
        value <<= 6
        b = next(it)
        value |= b & 63
    return value


def exception_entries(code):
    """[(start, end, target, depth, lasti)] with byte offsets, end exclusive."""
    table = getattr(code, "co_exceptiontable", b"")
    it = iter(table)
    entries = []
    while True:
        try:
            start = _varint(it) * 2
        except StopIteration:
            return entries
        length = _varint(it) * 2
        target = _varint(it) * 2
        dl = _varint(it)
        entries.append((start, start + length, target, dl >> 1, bool(dl & 1)))


# ---- instructions -------------------------------------------------------------

def _safe_repr(value, limit=60):
    try:
        text = repr(value)
    except Exception:  # ints above the str-conversion limit, odd objects
        text = "<%s>" % type(value).__name__
    return text if len(text) <= limit else text[:limit - 3] + "..."


class Context(object):
    """What differs between the two sides and is not compared: the root
    qualname of a function decompiled alone (rewritten to ROOT_MARK)."""

    def __init__(self, root_qualname=None):
        self.root = root_qualname

    def string(self, s):
        root = self.root
        if root is not None and s.startswith(root + ".<locals>."):
            return ROOT_MARK + s[len(root):]
        return s

    def qualname(self, s):
        if self.root is not None and s == self.root:
            return ROOT_MARK
        return self.string(s)


def const(value, ctx):
    """Normalized constant; a nested code object becomes ('code', name)."""
    if isinstance(value, CodeType):
        return ("code", value.co_name)
    if isinstance(value, str):
        return ("str", ctx.string(value))
    if isinstance(value, tuple):
        return ("tuple", tuple(const(v, ctx) for v in value))
    if isinstance(value, frozenset):
        return ("frozenset", tuple(sorted((const(v, ctx) for v in value), key=repr)))
    if isinstance(value, (float, complex)):
        return (type(value).__name__, repr(value))
    return (type(value).__name__, value)


def _firstlineno_consts(code, instrs):
    """3.13+ class bodies: const indices only used to set __firstlineno__."""
    if VERSION < (3, 13) or code.co_flags & CO_OPTIMIZED:
        return set()
    marked, other = set(), set()
    for i, ins in enumerate(instrs):
        if ins.opcode in CONSTS and ins.arg is not None:
            nxt = instrs[i + 1] if i + 1 < len(instrs) else None
            if nxt is not None and nxt.opname == "STORE_NAME" and nxt.argval == "__firstlineno__" \
                    and isinstance(ins.argval, int):
                marked.add(ins.arg)
            else:
                other.add(ins.arg)
    return marked - other


class Shallow(object):
    """One code object's normalized fields, nested code objects as markers."""

    def __init__(self, code, ctx, mask_nested=False):
        raw = [i for i in dis.get_instructions(code) if i.opname not in DROPPED]
        firstlineno = _firstlineno_consts(code, raw)
        index_at = {}
        for k, ins in enumerate(raw):
            index_at[ins.offset] = k
        offsets = sorted(index_at)

        def index_of(offset):
            # first kept instruction at or after `offset`
            lo, hi = 0, len(offsets)
            while lo < hi:
                mid = (lo + hi) // 2
                if offsets[mid] < offset:
                    lo = mid + 1
                else:
                    hi = mid
            return index_at[offsets[lo]] if lo < len(offsets) else len(raw)

        entries = exception_entries(code)  # sorted, not overlapping
        e = 0
        self.instrs = []
        self.shown = []
        for ins in raw:
            if ins.opcode in JUMPS:
                arg = ("->", index_of(ins.argval))
                shown = "%s -> %d" % (ins.opname, arg[1])
            elif ins.opcode in CONSTS and ins.arg is not None:
                if ins.arg in firstlineno:
                    arg = ("const", "<__firstlineno__>")
                else:
                    arg = ("const", const(ins.argval, ctx))
                shown = "%s %s" % (ins.opname, _safe_repr(ins.argval))
            else:
                arg = ins.arg
                shown = ins.opname + (" %s" % (ins.argrepr or ins.arg) if ins.arg is not None else "")
            handler = None
            while e < len(entries) and entries[e][1] <= ins.offset:
                e += 1
            if e < len(entries) and entries[e][0] <= ins.offset:
                _, _, target, depth, lasti = entries[e]
                handler = (index_of(target), depth, lasti)
                shown += "  [handler -> %d depth %d%s]" % (handler[0], depth,
                                                           " lasti" if lasti else "")
            self.instrs.append((ins.opname, arg, handler))
            self.shown.append(shown)
        flags = code.co_flags & ~CO_NESTED if mask_nested else code.co_flags
        consts = []
        for k, c in enumerate(code.co_consts):
            consts.append(("const", "<__firstlineno__>") if k in firstlineno else const(c, ctx))
        qualname = getattr(code, "co_qualname", None)
        self.fields = [
            ("co_name", code.co_name),
            ("co_qualname", ctx.qualname(qualname) if qualname is not None else None),
            ("co_argcount", code.co_argcount),
            ("co_posonlyargcount", code.co_posonlyargcount),
            ("co_kwonlyargcount", code.co_kwonlyargcount),
            ("co_flags", flags),
            ("co_varnames", code.co_varnames),
            ("co_cellvars", code.co_cellvars),
            ("co_freevars", code.co_freevars),
            ("co_names", code.co_names),
            ("co_consts", tuple(consts)),
        ]

    def __eq__(self, other):
        return self.fields == other.fields and self.instrs == other.instrs

    def __ne__(self, other):
        return not self == other

    def first_difference(self, other):
        """Words naming the first field or instruction where other differs."""
        for (name, mine), (_, theirs) in zip(self.fields, other.fields):
            if mine != theirs:
                if name == "co_consts":
                    for k in range(max(len(mine), len(theirs))):
                        a = mine[k] if k < len(mine) else "<missing>"
                        b = theirs[k] if k < len(theirs) else "<missing>"
                        if a != b:
                            return "co_consts[%d]: %s != %s" % (k, _safe_repr(a, 80),
                                                               _safe_repr(b, 80))
                if name == "co_flags":
                    return "co_flags: 0x%x != 0x%x" % (mine, theirs)
                return "%s: %s != %s" % (name, _safe_repr(mine, 120), _safe_repr(theirs, 120))
        for k in range(max(len(self.instrs), len(other.instrs))):
            a = self.instrs[k] if k < len(self.instrs) else None
            b = other.instrs[k] if k < len(other.instrs) else None
            if a != b:
                return "instruction %d: %s != %s" % (
                    k, self.shown[k] if a else "<end>", other.shown[k] if b else "<end>")
        return None


def shallow(code, root_qualname=None, function_level=False):
    return Shallow(code, Context(root_qualname), function_level)


def qualname_path(code, parent_path, parent_code):
    """A printable path for messages: co_qualname on 3.11+, else built the
    way the compiler builds qualnames."""
    qn = getattr(code, "co_qualname", None)
    if qn is not None:
        return qn
    if not parent_path:
        return code.co_name
    if parent_code is not None and parent_code.co_flags & CO_OPTIMIZED:
        return parent_path + ".<locals>." + code.co_name
    return parent_path + "." + code.co_name


def qualnames(module_code):
    """{id(code): qualname} for every code object nested in a module, as the
    compiler gave them: co_qualname on 3.11+; before 3.11 the string constant
    that MAKE_FUNCTION takes right after loading the code object (a class
    body: the __qualname__ it stores), else the compiler's rule."""
    table = {}

    def kept(code):
        return [i for i in dis.get_instructions(code) if i.opname not in DROPPED]

    def walk(code, qn):
        made = {}
        if VERSION < (3, 11):
            ins = kept(code)
            for a, b in zip(ins, ins[1:]):
                if a.opname == "LOAD_CONST" and isinstance(a.argval, CodeType) \
                        and b.opname == "LOAD_CONST" and isinstance(b.argval, str):
                    made.setdefault(id(a.argval), b.argval)
        for child in children(code):
            if VERSION >= (3, 11):
                cq = child.co_qualname
            elif not child.co_flags & CO_OPTIMIZED:  # class body: stores its __qualname__
                cq = None
                ins = kept(child)
                for a, b in zip(ins, ins[1:]):
                    if b.opname == "STORE_NAME" and b.argval == "__qualname__" \
                            and isinstance(a.argval, str):
                        cq = a.argval
                        break
                cq = cq or qualname_path(child, qn, code)
            else:
                cq = made.get(id(child)) or qualname_path(child, qn, code)
            table[id(child)] = cq
            walk(child, cq)

    walk(module_code, "")
    return table


def compare(orig, got, alts=(), orig_root=None, got_root=None, function_level=False,
            path=None):
    """None when `got` is exact, else words naming the first difference
    from `orig`.

    `got` is exact when, at every code object of the tree, its fields and
    instructions equal those of `orig` or of one of `alts`, other
    compilations of the same source (3.11+: what the interpreter compiles
    from ast.unparse(ast.parse(source)), see the module docstring); nested
    code objects are paired by their position among the code constants.
    An alternative is a code object, or (code object, its root qualname)
    with function_level.  With function_level, orig_root and got_root are
    the qualnames of the compared functions."""
    refs = [(orig, Context(orig_root))]
    for alt in alts:
        if isinstance(alt, tuple):
            alt, root = alt
        else:
            root = orig_root
        if alt is not None:
            refs.append((alt, Context(root if root is not None else orig_root)))
    if path is None:
        path = qualname_path(orig, "", None)
    return _compare(refs, got, Context(got_root), function_level, path, True)


def _compare(refs, got, cg, function_level, path, is_root):
    mask = function_level and is_root
    sg = Shallow(got, cg, mask)
    first = Shallow(refs[0][0], refs[0][1], mask)
    if first != sg and all(Shallow(code, ctx, mask) != sg for code, ctx in refs[1:]):
        return "%s: %s" % (path, first.first_difference(sg))
    orig = refs[0][0]
    kids = [children(code) for code, _ in refs]
    kg = children(got)
    if all(len(k) != len(kg) for k in kids):
        return "%s: %d nested code objects != %d" % (path, len(kids[0]), len(kg))
    prefix = "" if is_root and not orig.co_flags & CO_OPTIMIZED and \
        orig.co_name == "<module>" else path
    for n, child in enumerate(kg):
        sub = [(k[n], ctx) for k, (_, ctx) in zip(kids, refs)
               if n < len(k) and k[n].co_name == child.co_name]
        if not sub:
            return "%s: nested code object %d (%s) not in the original" % (path, n, child.co_name)
        d = _compare(sub, child, cg, function_level, qualname_path(sub[0][0], prefix, orig),
                     False)
        if d:
            return d
    return None


_LAZY_INTRINSICS = ("INTRINSIC_TYPEALIAS", "INTRINSIC_TYPEVAR_WITH_BOUND",
                    "INTRINSIC_TYPEVAR_WITH_CONSTRAINTS", "INTRINSIC_SET_TYPEPARAM_DEFAULT")


def lazy_type_scopes(parent):
    """ids of the code objects in `parent` that 3.12+ makes for the lazily
    evaluated value of a `type` alias or the bound, constraints or default
    of a type parameter: CO_OPTIMIZED and named like a plain name, but no
    def or lambda."""
    if VERSION < (3, 12):
        return set()
    found = set()
    ins = [i for i in dis.get_instructions(parent) if i.opname not in DROPPED]
    for k, i in enumerate(ins):
        if i.opname == "LOAD_CONST" and isinstance(i.argval, CodeType):
            for j in ins[k + 1:k + 6]:
                if j.opname in ("MAKE_FUNCTION", "SET_FUNCTION_ATTRIBUTE", "BUILD_TUPLE"):
                    continue
                if j.opname.startswith("CALL_INTRINSIC") and j.argrepr in _LAZY_INTRINSICS:
                    found.add(id(i.argval))
                break
    return found


def function_codes(module_code):
    """[(qualname path, code)] of every def and lambda body in a module, in
    depth-first order of the code constants."""
    out = []

    def walk(code, path, parent):
        lazy = lazy_type_scopes(code)
        for child in children(code):
            p = qualname_path(child, path, code)
            if is_function(child) and id(child) not in lazy:
                out.append((p, child))
            walk(child, p, code)

    walk(module_code, "", None)
    return out


def code_paths(module_code):
    """{key: code} for every nested code object, keyed by the path of
    (co_name, index among same-named siblings): the way to find a code
    object's counterpart in another compilation of the same source."""
    table = {}

    def walk(code, key):
        seen = {}
        for child in children(code):
            n = seen.get(child.co_name, 0)
            seen[child.co_name] = n + 1
            k = key + ((child.co_name, n),)
            table[k] = child
            walk(child, k)

    walk(module_code, ())
    return table


def path_key(module_code, target):
    for key, code in code_paths(module_code).items():
        if code is target:
            return key
    return None


# ---- self check: run as `python3.X normalize.py --self-check [FILE.py ...]` ----

def _self_check(files):
    """The exception-table parser against dis's own (3.11+), and that every
    module compares exact against a second compilation of itself and not
    exact against a module with one changed constant."""
    import ast
    problems = 0
    for path in files:
        with open(path, "rb") as f:
            source = f.read()
        try:
            code = compile(source, path, "exec", dont_inherit=True)
        except Exception:
            continue
        stack = [code]
        while stack:
            c = stack.pop()
            stack.extend(children(c))
            if hasattr(dis, "_parse_exception_table"):
                theirs = [(e.start, e.end, e.target, e.depth, e.lasti)
                          for e in dis._parse_exception_table(c)]
                if theirs != exception_entries(c):
                    print("%s: %s: exception table parsed differently" % (path, c.co_name))
                    problems += 1
        again = compile(source, "elsewhere.py", "exec", dont_inherit=True)
        d = compare(code, again)
        if d:
            print("%s: recompiled, not exact: %s" % (path, d))
            problems += 1
        tree = ast.parse(source)
        tests = set(id(n.test) for n in ast.walk(tree) if hasattr(n, "test"))
        for node in ast.walk(tree):  # an int constant (one that is no condition)
            if isinstance(node, ast.Constant) and type(node.value) is int \
                    and id(node) not in tests:
                node.value += 1
                break
        else:
            continue
        changed = compile(tree, path, "exec", dont_inherit=True)
        if compare(code, changed) is None:
            print("%s: changing an int constant went unnoticed" % path)
            problems += 1
    print("self-check: %d files, %d problems" % (len(files), problems))
    return 1 if problems else 0


if __name__ == "__main__":
    if len(sys.argv) >= 2 and sys.argv[1] == "--self-check":
        sys.exit(_self_check(sys.argv[2:]))
    print(__doc__)
