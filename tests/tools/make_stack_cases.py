"""Deep inputs for the core's recursion limits, as .pyc files.

    python3.X tests/tools/make_stack_cases.py OUTDIR

Run by each interpreter 3.8 ... 3.13 (it writes files for its own version):
nesting as deep as marshal allows (tuples, frozensets, code objects) and
bytecode whose recovery nests deeply (a 30,000-operand expression, 3,000
nested conditional expressions and if/else statements).  Each must end in
a result or a clean error (DP_ERR_TOO_DEEP and kin), never a stack
overflow; tests/test_regress.py replays them, among the regression inputs of
fuzz_decompile, on a 512 KiB thread stack (-O2) and under ASan.  The files
are kept in tests/regress/fuzz_decompile/ (stack-<ver>-<case>.pyc), so the
tests do not need this script.
"""
import dis
import importlib.util
import marshal
import os
import sys

V = sys.version_info[:2]
OP = dis.opmap
CACHES = getattr(dis, "_inline_cache_entries", None)
if CACHES is None:
    import opcode
    CACHES = getattr(opcode, "_inline_cache_entries", {})


def caches(name):
    if isinstance(CACHES, dict):
        return CACHES.get(name, 0)
    return CACHES[OP[name]]


def ins(name, arg=0):
    out = bytearray()
    if arg > 255:
        for shift in (24, 16, 8):
            if arg >> shift:
                out += bytes([OP["EXTENDED_ARG"], (arg >> shift) & 255])
    out += bytes([OP[name], arg & 255])
    out += bytes(2 * caches(name))
    return bytes(out)


def prologue():
    return ins("RESUME") if V >= (3, 11) else b""


def ret_none():
    if V >= (3, 12):
        return ins("RETURN_CONST", 0)
    return ins("LOAD_CONST", 0) + ins("RETURN_VALUE")


def binop():
    return ins("BINARY_OP", 0) if V >= (3, 11) else ins("BINARY_ADD")


def write(outdir, name, code):
    data = importlib.util.MAGIC_NUMBER + bytes(12) + marshal.dumps(code)
    path = os.path.join(outdir, "stack-%d%d-%s.pyc" % (V[0], V[1], name))
    with open(path, "wb") as f:
        f.write(data)


def base(src="x = 0"):
    return compile(src, "<stack>", "exec")


def with_code(code, bytecode, consts, names=("x",), stacksize=10):
    kw = dict(co_code=bytecode, co_consts=tuple(consts), co_names=tuple(names),
              co_stacksize=stacksize)
    if V >= (3, 10):
        kw["co_linetable"] = b""
    else:
        kw["co_lnotab"] = b""
    if V >= (3, 11):
        kw["co_exceptiontable"] = b""
    return code.replace(**kw)


def deep(make, levels):
    x = ()
    for _ in range(levels):
        x = make(x)
    return x


def main():
    outdir = sys.argv[1]
    os.makedirs(outdir, exist_ok=True)
    store = prologue() + ins("LOAD_CONST", 1) + ins("STORE_NAME", 0) + ret_none()
    # constants as deep as marshal.dumps allows (the module's code and its
    # co_consts take two levels)
    write(outdir, "tuple1990", with_code(base(), store, [None, deep(lambda x: (x,), 1990)]))
    if V < (3, 11):  # 3.11+ marshal sorts a frozenset by dumping each item: 2**depth work
        write(outdir, "frozenset1990",
              with_code(base(), store, [None, deep(lambda x: frozenset([x, 1]), 1990)]))
    # code objects nested 990 deep, each defining the one inside
    inner = base()
    for k in range(990):
        if V >= (3, 11):
            mk = ins("LOAD_CONST", 1) + ins("MAKE_FUNCTION", 0)
        else:
            mk = ins("LOAD_CONST", 1) + ins("LOAD_CONST", 2) + ins("MAKE_FUNCTION", 0)
        body = prologue() + mk + ins("STORE_NAME", 0) + ret_none()
        inner = with_code(base(), body, [None, inner, "f"], names=("f",)).replace(co_name="f")
    write(outdir, "code990", inner.replace(co_name="<module>"))
    # an expression 30,000 operands long: None + None + ...
    chain = prologue() + ins("LOAD_CONST", 0) + (ins("LOAD_CONST", 0) + binop()) * 30000
    chain += ins("STORE_NAME", 0) + ret_none()
    write(outdir, "binop30000", with_code(base(), chain, [None]))
    # 3,000 nested `x if x else (...)`, as the compiler would lay them out
    # (value context), and 3,000 nested if/else statements
    for kind in ("ifexp", "ifstmt"):
        if V >= (3, 12):
            break  # relative jumps of 3.12+ are laid out differently; 3.8-3.11 cover it
        write(outdir, "%s3000" % kind, with_code(base(), nested_if(kind, 3000), [None, 1], stacksize=3100))


def nested_if(kind, depth):
    """LOAD x; POP_JUMP_IF_FALSE else; <then>; JUMP_FORWARD end; else: <inner>; end:"""
    # Built from the inside out, with absolute jump targets computed at the end.
    # Each level: LOAD_NAME x (2), POP_JUMP_IF_FALSE (2 or 4..8 with EXTENDED_ARG), then-part, JUMP_FORWARD, ...
    # Simplest robust layout: fixed-width jumps (always 4-byte EXTENDED_ARG + op).
    unit = 2 if V < (3, 10) else 1  # pre-3.10: byte offsets; 3.10+: code units

    def jabs(name, target):  # always EXTENDED_ARG + op: 4 bytes
        t = target // (2 if unit == 1 else 1)
        return bytes([OP["EXTENDED_ARG"], (t >> 8) & 255, OP[name], t & 255])

    def jrel(name, delta):
        d = delta // (2 if unit == 1 else 1)
        return bytes([OP["EXTENDED_ARG"], (d >> 8) & 255, OP[name], d & 255])

    then = ins("LOAD_CONST", 1) + (b"" if kind == "ifexp" else ins("POP_TOP"))
    pjif = "POP_JUMP_IF_FALSE" if V < (3, 11) else "POP_JUMP_FORWARD_IF_FALSE"
    # layout per level, at offset o: [LOAD_NAME 0][pjif -> else][then][JUMP_FORWARD -> end] else: <inner> end:
    head = len(prologue())
    lvl = 2 + 4 + len(then) + 4
    leaf = ins("LOAD_CONST", 1) + (b"" if kind == "ifexp" else ins("POP_TOP"))
    total = head + depth * lvl + len(leaf)
    out = bytearray(prologue())
    for k in range(depth):
        o = head + k * lvl
        else_at = o + lvl
        out += ins("LOAD_NAME", 0)
        if V < (3, 11):
            out += jabs(pjif, else_at)
        else:
            out += jrel(pjif, else_at - (o + 6))
        out += then
        out += jrel("JUMP_FORWARD", total - (o + lvl))
    out += leaf
    assert len(out) == total
    if kind == "ifexp":
        out += ins("STORE_NAME", 0)
    out += ret_none()
    return bytes(out)


if __name__ == "__main__":
    main()
