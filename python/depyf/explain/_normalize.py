"""Normalized bytecode: the test for "replace only when verified".

Two code objects normalize equal when they execute the same instructions on
the same names, locals, cells, frees and constants, whatever their line
numbers, file name and the compiler's NOPs.  Rules:

- NOP, CACHE and EXTENDED_ARG are dropped; a jump target or exception range
  that lands on a dropped instruction moves to the next kept one;
- jumps are compared by the index of their target among kept instructions,
  so FORWARD/BACKWARD variants of one jump are one opcode;
- names, locals, cells and frees are compared by name, not by index (the
  order of co_names may differ); LOAD_GLOBAL/LOAD_ATTR/LOAD_SUPER_ATTR keep
  their NULL/method bits;
- constants: literals by type and value (recursively through tuples and
  frozensets), code objects recursively (including their co_name), anything
  else by identity;
- co_argcount, co_posonlyargcount, co_kwonlyargcount, co_flags (CO_NESTED and the
  CO_FUTURE_* compiler switches masked), co_varnames, co_cellvars, co_freevars, co_nlocals and the
  exception table (3.11+) must be equal.

co_name, co_qualname, co_filename, co_firstlineno, the line table and
co_stacksize of the outermost code are not compared.
"""
import dis
import sys
import types

CO_NESTED = 0x10
CO_FUTURE_MASK = 0x1FE0000  # CO_FUTURE_*: compiler switches, not run-time behaviour
_DROP = {"NOP", "CACHE", "EXTENDED_ARG"}
_LITERALS = (type(None), bool, int, float, complex, str, bytes, type(Ellipsis))
_HASNAME = set(dis.hasname)
_HASLOCAL = set(dis.haslocal)
_HASFREE = set(dis.hasfree)
_HASCONST = set(dis.hasconst)
_HASJUMP = set(dis.hasjrel) | set(dis.hasjabs)
_LOW_BITS = {"LOAD_GLOBAL": 1, "LOAD_SUPER_ATTR": 3}
if sys.version_info >= (3, 12):
    _LOW_BITS["LOAD_ATTR"] = 1


def _const_key(value):
    if isinstance(value, types.CodeType):
        return ("code", normalize(value, nested=True))
    if type(value) is tuple:
        return ("tuple", tuple(_const_key(v) for v in value))
    if type(value) is frozenset:
        return ("frozenset", frozenset(_const_key(v) for v in value))
    if type(value) in _LITERALS:
        if type(value) is float or type(value) is complex:
            return (type(value).__name__, repr(value))
        return (type(value).__name__, value)
    return ("object", id(value))


def _jump_opname(name):
    for word in ("_FORWARD", "_BACKWARD"):
        name = name.replace(word, "")
    return name


def normalize(code, nested=False):
    ins = [i for i in dis.get_instructions(code) if i.opname not in _DROP]
    offsets = [i.offset for i in ins]

    def index_at(offset):
        # first kept instruction at or after offset
        lo, hi = 0, len(offsets)
        while lo < hi:
            mid = (lo + hi) // 2
            if offsets[mid] < offset:
                lo = mid + 1
            else:
                hi = mid
        return lo

    out = []
    for i in ins:
        op = i.opcode
        if op in _HASJUMP:
            target = i.argval if isinstance(i.argval, int) else None
            out.append((_jump_opname(i.opname), index_at(target) if target is not None else None))
        elif op in _HASCONST:
            out.append((i.opname, _const_key(i.argval)))
        elif op in _HASNAME:
            bits = (i.arg or 0) & _LOW_BITS.get(i.opname, 0)
            out.append((i.opname, i.argval, bits))
        elif op in _HASLOCAL or op in _HASFREE:
            out.append((i.opname, i.argval))
        else:
            out.append((i.opname, i.arg))
    exc = ()
    if sys.version_info >= (3, 11):
        exc = tuple(
            (index_at(e.start), index_at(e.end), index_at(e.target), e.depth, e.lasti)
            for e in dis.Bytecode(code).exception_entries
        )
    return (_header(code, nested), tuple(out), exc)


def _header(code, nested=False):
    header = (
        code.co_argcount,
        code.co_posonlyargcount,
        code.co_kwonlyargcount,
        code.co_flags & ~(CO_NESTED | CO_FUTURE_MASK),
        code.co_varnames,
        code.co_cellvars,
        code.co_freevars,
        code.co_nlocals,
    )
    if nested:
        header = header + (code.co_name,)
    return header


def _same_bytes(a, b, nested=False):
    """Whether a and b are equal byte for byte in everything normalize()
    compares: then they normalize equal, and dis need not run (it costs tens of
    milliseconds on a large graph's forward).  False means "not shown equal
    this way", not "different"."""
    if (a.co_code != b.co_code or a.co_names != b.co_names or a.co_varnames != b.co_varnames
            or a.co_cellvars != b.co_cellvars or a.co_freevars != b.co_freevars
            or a.co_argcount != b.co_argcount or a.co_posonlyargcount != b.co_posonlyargcount
            or a.co_kwonlyargcount != b.co_kwonlyargcount or a.co_nlocals != b.co_nlocals
            or (a.co_flags ^ b.co_flags) & ~(CO_NESTED | CO_FUTURE_MASK)
            or getattr(a, "co_exceptiontable", b"") != getattr(b, "co_exceptiontable", b"")
            or len(a.co_consts) != len(b.co_consts) or (nested and a.co_name != b.co_name)):
        return False
    for x, y in zip(a.co_consts, b.co_consts):
        if x is y:
            continue
        if isinstance(x, types.CodeType) and isinstance(y, types.CodeType):
            if not _same_bytes(x, y, nested=True):
                return False
        elif _const_key(x) != _const_key(y):
            return False
    return True


def equal(a, b):
    """(True, "") when a and b normalize equal, else (False, first difference)."""
    try:
        if _same_bytes(a, b):
            return True, ""
    except Exception:  # an unusual code object: the full comparison decides
        pass
    try:
        # The header is cheap and dis is not (tens of milliseconds on a large
        # graph's forward); Dynamo's code usually differs from the compiled-back
        # code there already, in the locals the decompiled source adds.
        ha, hb = _header(a), _header(b)
        if ha != hb:
            return False, describe_difference((ha, (), ()), (hb, (), ()))
        na, nb = normalize(a), normalize(b)
    except Exception as e:  # a code object dis cannot read
        return False, "could not normalize: %r" % (e,)
    if na == nb:
        return True, ""
    return False, describe_difference(na, nb)


def describe_difference(na, nb):
    (ha, ia, ea), (hb, ib, eb) = na, nb
    fields = ("argcount", "posonlyargcount", "kwonlyargcount", "flags",
              "varnames", "cellvars", "freevars", "nlocals", "name")
    for f, x, y in zip(fields, ha, hb):
        if x != y:
            return "%s differs: %r vs %r" % (f, x, y)
    for k, (x, y) in enumerate(zip(ia, ib)):
        if x != y:
            return "instruction %d differs: %r vs %r" % (k, _short(x), _short(y))
    if len(ia) != len(ib):
        return "instruction count differs: %d vs %d" % (len(ia), len(ib))
    if ea != eb:
        return "exception table differs"
    return "differs"


def _short(t):
    s = repr(t)
    return s if len(s) < 120 else s[:117] + "..."
