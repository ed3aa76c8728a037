"""Equal up to the decompiler's temporaries: "verified" for Dynamo's code.

Dynamo keeps values on the stack across statements (COPY, SWAP, lists built
and taken apart on the stack).  No source compiles to that, so the decompiler
names such values `__depyf_t<N>`, and the compiled-back code stores and loads
those names where Dynamo kept values on the stack.  `_normalize.equal` then
differs, though the two do the same thing.

Here both code objects are executed symbolically, side by side.  Values are
symbols; what moves values around (COPY, SWAP, POP_TOP, PUSH_NULL,
LOAD_CONST, building a tuple or slice of symbols, and stores to, loads from
and deletes of temporaries) only moves symbols.  Every other instruction is
an *event*: an operation with its argument and its operand symbols, whose
results are new symbols shared by both sides.  The two are equal when, on
every path, they perform the same events in the same order on the same
symbols, branch on the same symbols to corresponding places, return and raise
the same symbols, and every event that can be interrupted by an exception
lands in corresponding handlers with corresponding stacks.  Paths are
explored as pairs of (place, state) in the two code objects; a pair seen
before, up to renaming of symbols, is not explored again, so loops end.

These rewrites are accepted:
- a method load (LOAD_METHOD, 3.12+'s LOAD_ATTR with its method bit) is the
  attribute load it stands for, with a NULL beside it: calling the pair
  calls the bound method, which is what CPython's optimization preserves;
- the compiler's forms of what Dynamo writes otherwise: a call with many
  arguments (a list appended to, made a tuple, CALL_FUNCTION_EX) is the
  call; a dict display with constant keys (BUILD_CONST_KEY_MAP) is BUILD_MAP
  of the pairs;
- the decompiler's reading of LIST_EXTEND on a list kept below the top of
  the stack: `t.extend(v)` on a value known to be a list (built by
  BUILD_LIST, or a slice of one) is the event LIST_EXTEND(t, v) (the two
  differ only in a TypeError's message for a non-iterable v).

A local's load only reads what the path stored there (nothing outside the
frame changes it): the decompiler may read a local later than Dynamo read
it, where Dynamo kept the value on the stack.  Its stores are events.

Python 3.11 to 3.13 (exception tables).  Anything this model does not know
(an opcode outside its table, a temporary loaded where it is unbound, too
many states) is reported as a difference, never as equal.  Asynchronous
exceptions (a signal's KeyboardInterrupt at a backward jump) are outside
the model.  tests/test_equiv.py checks it: every stdlib function of a sample
equal to itself, thousands of mutants all found different, hand-written
pairs, and Dynamo's own code.
"""
import dis
import sys

from . import _normalize

TEMP_PREFIX = "__depyf_t"
MAX_STATES = 20000
MAX_STEPS = 200000
WIDEN_AFTER = 8
_V = sys.version_info[:2]
VARARGS, VARKEYWORDS = 0x04, 0x08


INTERNAL_ERROR = "internal error of the comparison:"   # (tests look for it)


class Different(Exception):
    """The two code objects could not be shown equal (the message says where)."""


def supported():
    return (3, 11) <= _V <= (3, 13)


def is_temp(name):
    return name.startswith(TEMP_PREFIX) and name[len(TEMP_PREFIX):].isdigit()


# ---- values -----------------------------------------------------------------
# ("c", key): a constant (key from _normalize._const_key); ("n",): NULL;
# ("p", name): an argument's value on entry;
# ("v", id, kind): the result of an event, kind "list" when it is known to be
# an exact list; ("t", items) and ("s", items): a tuple or slice built from
# symbols; ("lasti",): the offset an exception handler pushes (it differs by
# layout, only tracebacks see it); ("end",): what a finished FOR_ITER leaves
# for END_FOR; ("m", v): `v.extend`, v a list; ("a", side, n, items): a list
# that side built (BUILD_LIST) and has not used yet.  Building a list has no
# effect, so the two sides may build their lists in another order: a list
# of each side is paired with one of the other at its first use, where
# both must still hold the same items.
NULL = ("n",)
UNBOUND = ("u",)   # what LOAD_FAST_AND_CLEAR pushes for an unbound local
LASTI = ("lasti",)
END = ("end",)


def _is_list(v):
    return v[0] == "a" or (v[0] == "v" and v[2] == "list")


def _subst(v, table):
    """v with each paired list replaced by its shared symbol."""
    tag = v[0]
    if tag == "a":
        shared = table.get((v[1], v[2]))
        return shared if shared is not None else (tag, v[1], v[2], tuple(_subst(x, table) for x in v[3]))
    if tag in ("t", "s"):
        return (tag, tuple(_subst(x, table) for x in v[1]))
    if tag == "m":
        return (tag, _subst(v[1], table))
    return v


def _subst_state(state, table):
    k, stack, fast = state
    return (k, tuple(_subst(v, table) for v in stack), tuple((n, _subst(v, table)) for n, v in fast))


def _mentions(v, alloc):
    """Whether v is or holds the unused list alloc."""
    if v[0] == "a":
        return v[1:3] == alloc[1:3] or any(_mentions(x, alloc) for x in v[3])
    if v[0] in ("t", "s"):
        return any(_mentions(x, alloc) for x in v[1])
    return v[0] == "m" and _mentions(v[1], alloc)


def _tuple_of(items):
    if all(v[0] == "c" for v in items):
        return ("c", ("tuple", tuple(v[1] for v in items)))
    return ("t", tuple(items))


# ---- the opcode model ---------------------------------------------------------
# For an event: (inputs popped, outputs) where outputs is a string: "n" a new
# symbol, a digit k the k-th input passed through unchanged.  Its net effect is
# checked against dis.stack_effect for every instruction, so a mistake here
# shows as "not equal", not as a wrong answer.

def _pops_call(arg):
    return arg + 2


_EVENTS = {
    "BINARY_SUBSCR": (2, "n"), "STORE_SUBSCR": (3, ""), "DELETE_SUBSCR": (2, ""),
    "BINARY_OP": (2, "n"), "COMPARE_OP": (2, "n"), "IS_OP": (2, "n"), "CONTAINS_OP": (2, "n"),
    "UNARY_NEGATIVE": (1, "n"), "UNARY_NOT": (1, "n"), "UNARY_INVERT": (1, "n"),
    "UNARY_POSITIVE": (1, "n"), "TO_BOOL": (1, "n"),
    "BUILD_SET": (lambda a: a, "n"),
    "BUILD_MAP": (lambda a: 2 * a, "n"), "BUILD_CONST_KEY_MAP": (lambda a: a + 1, "n"),
    "BUILD_STRING": (lambda a: a, "n"), "LIST_TO_TUPLE": (1, "n"),
    "UNPACK_SEQUENCE": (1, lambda a: "n" * a),
    "UNPACK_EX": (1, lambda a: "n" * ((a & 0xFF) + (a >> 8) + 1)),
    "CALL": (_pops_call, "n"), "CALL_KW": (lambda a: a + 3, "n"),
    "CALL_FUNCTION_EX": (lambda a: 3 + (a & 1), "n"),
    "CALL_INTRINSIC_1": (1, "n"), "CALL_INTRINSIC_2": (2, "n"),
    "KW_NAMES": (0, ""),
    "GET_ITER": (1, "n"), "GET_LEN": (1, "0n"),
    "LOAD_NAME": (0, "n"), "STORE_NAME": (1, ""), "DELETE_NAME": (0, ""),
    "STORE_GLOBAL": (1, ""), "DELETE_GLOBAL": (0, ""),
    "STORE_ATTR": (2, ""), "DELETE_ATTR": (1, ""),
    "LOAD_METHOD": (1, "nn"),
    "LOAD_DEREF": (0, "n"), "STORE_DEREF": (1, ""), "DELETE_DEREF": (0, ""),
    "LOAD_CLOSURE": (0, "n"), "COPY_FREE_VARS": (0, ""),
    "STORE_FAST": (1, ""), "DELETE_FAST": (0, ""),   # (a local's loads only read: see _advance)
    "SET_FUNCTION_ATTRIBUTE": (2, "n"),
    "CONVERT_VALUE": (1, "n"), "FORMAT_SIMPLE": (1, "n"), "FORMAT_WITH_SPEC": (2, "n"),
    "FORMAT_VALUE": (lambda a: 2 if a & 4 else 1, "n"),
    "IMPORT_NAME": (2, "n"), "IMPORT_FROM": (1, "0n"),
    "LOAD_ASSERTION_ERROR": (0, "n"), "LOAD_BUILD_CLASS": (0, "n"),
    "PUSH_EXC_INFO": (1, "n0"), "POP_EXCEPT": (1, ""), "CHECK_EXC_MATCH": (2, "0n"),
    "CHECK_EG_MATCH": (2, "nn"), "BEFORE_WITH": (1, "nn"),
    "WITH_EXCEPT_START": (4, "0123n"),
    "YIELD_VALUE": (1, "n"), "GET_YIELD_FROM_ITER": (1, "n"),
    "SETUP_ANNOTATIONS": (0, ""), "LOAD_LOCALS": (0, "n"),
    "LOAD_SUPER_ATTR": (3, lambda a: "nn" if a & 1 else "n"),
    "LOAD_ATTR": (1, (lambda a: "nn" if a & 1 else "n") if _V >= (3, 12) else "n"),
    "LOAD_CLASSDEREF": (0, "n"), "LOAD_FROM_DICT_OR_DEREF": (1, "n"),
    "LOAD_FROM_DICT_OR_GLOBALS": (1, "n"), "IMPORT_STAR": (1, ""),
    "MATCH_CLASS": (3, "n"), "MATCH_MAPPING": (1, "0n"), "MATCH_SEQUENCE": (1, "0n"),
    "MATCH_KEYS": (2, "01n"),
}
_MAKE_FUNCTION_FLAGS = 0x0F if _V < (3, 13) else 0
# Peek-at-depth events: pop `pops`, then act on the value at depth `arg`.
_PEEK = {"LIST_APPEND": 1, "SET_ADD": 1, "LIST_EXTEND": 1, "SET_UPDATE": 1,
         "DICT_UPDATE": 1, "DICT_MERGE": 1, "MAP_ADD": 2}
# (a local's store only drops a reference: an error in __del__ is not raised
# there; DELETE_FAST of a local that may be unbound is a "raise" step)
_CANNOT_RAISE = {"KW_NAMES", "MAKE_CELL", "COPY_FREE_VARS", "LOAD_CLOSURE", "PUSH_EXC_INFO",
                 "DELETE_FAST", "POP_EXCEPT", "STORE_FAST", "LOAD_ASSERTION_ERROR"}
_JUMPS = {"JUMP_FORWARD", "JUMP_BACKWARD", "JUMP_BACKWARD_NO_INTERRUPT", "JUMP"}
_BRANCH = {}
for _name, _sense in (("TRUE", ("truth", True)), ("FALSE", ("truth", False)),
                      ("NONE", ("none", True)), ("NOT_NONE", ("none", False))):
    for _form in ("POP_JUMP_IF_", "POP_JUMP_FORWARD_IF_", "POP_JUMP_BACKWARD_IF_"):
        _BRANCH[_form + _name] = _sense
_HASCONST = set(dis.hasconst)
_HASNAME = set(dis.hasname)
_HASJUMP = set(dis.hasjrel) | set(dis.hasjabs)


def _arg_key(ins):
    op = ins.opcode
    if op in _HASCONST:
        return _normalize._const_key(ins.argval)
    if op in _HASNAME:
        return (ins.argval, ins.arg & _normalize._LOW_BITS.get(ins.opname, 0))
    if op in _HASJUMP:
        return None
    if isinstance(ins.argval, str) and ins.opname != "COMPARE_OP":
        return ins.argval      # a local, cell or free variable, by name
    return ins.arg


# ---- one side -------------------------------------------------------------------

class _Side:
    def __init__(self, code, temps, tag):
        self.code = code
        self.tag = tag        # 0 for the original, 1 for the compiled-back code
        self.lists = 0        # lists built so far (numbers them)
        self.ins = []
        self.index = {}   # offset -> the kept instruction there (an EXTENDED_ARG's: the next)
        for i in dis.get_instructions(code):
            self.index[i.offset] = len(self.ins)
            if i.opname not in ("CACHE", "EXTENDED_ARG"):
                self.ins.extend(_split_fast(i))
        self.temps = temps
        self.handlers = []
        for e in dis.Bytecode(code).exception_entries:
            self.handlers.append((e.start, e.end, self._at(e.target), e.depth, e.lasti))
        self.live = self._temp_liveness() if temps else None
        self.in_loop = set()      # instructions some backward jump goes round
        for k, i in enumerate(self.ins):
            if i.opcode in _HASJUMP and isinstance(i.argval, int) and i.argval <= i.offset:
                self.in_loop.update(range(self._at(i.argval), k + 1))

    def _at(self, offset):
        try:
            return self.index[offset]
        except KeyError:
            raise Different("a jump into the middle of an instruction at %d" % offset)

    def handler(self, k):
        off = self.ins[k].offset
        for start, end, target, depth, lasti in self.handlers:
            if start <= off < end:
                return target, depth, lasti
        return None

    def _successors(self, k):
        i = self.ins[k]
        out = []
        name = i.opname
        if i.opcode in _HASJUMP:
            out.append(self._at(i.argval))
        if name not in _JUMPS and name not in ("RETURN_VALUE", "RETURN_CONST", "RAISE_VARARGS",
                                                "RERAISE") and k + 1 < len(self.ins):
            out.append(k + 1)
        h = self.handler(k)
        if h is not None:
            out.append(h[0])
        return out

    def _temp_liveness(self):
        """live[k]: the temporaries whose value may be loaded at or after
        instruction k before being stored again."""
        n = len(self.ins)
        uses, defs = [], []
        for i in self.ins:
            temp = {i.argval} if _is_fast(i) and i.argval in self.temps else set()
            loads = i.opname.startswith("LOAD_FAST")
            uses.append(temp if loads else set())
            defs.append(set() if loads else temp)
        succ = [self._successors(k) for k in range(n)]
        live = [frozenset()] * n
        changed = True
        while changed:
            changed = False
            for k in range(n - 1, -1, -1):
                out = set()
                for s in succ[k]:
                    out |= live[s]
                new = frozenset((out - defs[k]) | uses[k])
                if new != live[k]:
                    live[k] = new
                    changed = True
        return live

    def prune(self, state):
        k, stack, fast = state
        if self.live is None:
            return state
        keep = self.live[k] if k < len(self.ins) else frozenset()
        return (k, stack, tuple((n, v) for n, v in fast if n in keep or n not in self.temps))


def _check_effect(ins, pops, pushes):
    try:
        expected = dis.stack_effect(ins.opcode, ins.arg, jump=False) if ins.arg is not None \
            else dis.stack_effect(ins.opcode, jump=False)
        if ins.opname == "CALL" and "PRECALL" in dis.opmap:   # 3.11 counts the call in both
            expected += dis.stack_effect(dis.opmap["PRECALL"], ins.arg, jump=False)
    except ValueError:
        raise Different("no stack effect for %s" % ins.opname)
    if pushes - pops != expected:
        raise Different("the model of %s (%d in, %d out) disagrees with dis.stack_effect (%d)"
                        % (ins.opname, pops, pushes, expected))


class _Step:
    """What one side does next: kind is "event", "jump", "branch", "forit",
    "return", "raise" or "pure" (a rewrite's step that only moves values).
    state is the state at the instruction; after is the state a jump goes
    to, or how many values an event pops where not all are its operands."""
    __slots__ = ("kind", "key", "operands", "outs", "state", "after", "ins")

    def __init__(self, kind, state, ins=None, key=None, operands=(), outs="", after=None):
        self.kind, self.state, self.ins, self.key = kind, state, ins, key
        self.operands, self.outs, self.after = operands, outs, after


def _advance(side, state):
    """Run pure instructions from state; return the next _Step."""
    k, stack, fast = state
    stack = list(stack)
    fast = dict(fast)
    steps = 0
    while True:
        steps += 1
        if steps > 10000:
            raise Different("a loop that performs nothing")
        if k >= len(side.ins):
            raise Different("ran off the end of the code")
        ins = side.ins[k]
        name, arg = ins.opname, ins.arg

        def here():
            return (k, tuple(stack), tuple(sorted(fast.items())))

        def need(n):
            if len(stack) < n:
                raise Different("stack underflow at %s (offset %d)" % (name, ins.offset))

        if name in ("NOP", "RESUME", "PRECALL", "NOT_TAKEN"):
            k += 1
        elif name == "POP_TOP":
            need(1)
            stack.pop()
            k += 1
        elif name == "PUSH_NULL":
            stack.append(NULL)
            k += 1
        elif name == "COPY":
            need(arg)
            stack.append(stack[-arg])
            k += 1
        elif name == "SWAP":
            need(arg)
            stack[-1], stack[-arg] = stack[-arg], stack[-1]
            k += 1
        elif name == "LOAD_CONST":
            stack.append(("c", _normalize._const_key(ins.argval)))
            k += 1
        elif name == "BUILD_TUPLE":
            need(arg)
            items = stack[len(stack) - arg:]
            del stack[len(stack) - arg:]
            stack.append(_tuple_of(items))
            k += 1
        elif name == "BUILD_LIST":
            need(arg)
            items = tuple(stack[len(stack) - arg:])
            del stack[len(stack) - arg:]
            side.lists += 1
            stack.append(("a", side.tag, side.lists, items))
            k += 1
        elif name == "LIST_APPEND" and len(stack) > arg and stack[-1 - arg][0] == "a" \
                and not _mentions(stack[-1], stack[-1 - arg]) and k not in side.in_loop:
            # appending to a list not used yet (the compiler's big calls):
            # the list's items grow, nothing else happens (not in a loop,
            # where the items would grow without end: there it is an event)
            value = stack.pop()
            old = stack[-arg]
            table = {(old[1], old[2]): old[:3] + (old[3] + (value,),)}
            stack = [_subst(v, table) for v in stack]
            fast = {n: _subst(v, table) for n, v in fast.items()}
            k += 1
        elif name == "LIST_TO_TUPLE" and stack and stack[-1][0] == "a":
            stack.append(_tuple_of(stack.pop()[3]))
            k += 1
        elif name == "BUILD_SLICE":
            need(arg)
            items = tuple(stack[len(stack) - arg:])
            del stack[len(stack) - arg:]
            stack.append(("s", items if arg == 3 else items + (("c", ("NoneType", None)),)))
            k += 1
        elif name == "END_FOR":
            n = 2 if _V == (3, 12) else 1
            need(n)
            if stack[-1] != END:
                raise Different("END_FOR reached other than from FOR_ITER")
            del stack[len(stack) - n:]
            k += 1
        elif _is_fast(ins) and ins.argval in side.temps:
            n = ins.argval
            if name.startswith("LOAD_FAST"):
                if n not in fast:
                    raise Different("temporary %s loaded where it may be unbound" % n)
                stack.append(fast[n])
            elif name == "STORE_FAST":
                need(1)
                fast[n] = stack.pop()
            else:
                fast.pop(n, None)
            k += 1
        elif name in ("LOAD_FAST", "LOAD_FAST_CHECK", "DELETE_FAST") and ins.argval not in fast:
            # unbound on this path: UnboundLocalError (or the path cannot be
            # taken, its conditions contradicting each other, on both sides)
            return _Step("raise", here(), ins, key=("UNBOUND", ins.argval))
        elif name in ("LOAD_FAST", "LOAD_FAST_CHECK"):
            # reading a local has no effect, and nothing outside the frame
            # changes it: it reads what the last store on this path put there
            stack.append(fast[ins.argval])
            k += 1
        elif name == "LOAD_FAST_AND_CLEAR":
            stack.append(fast.pop(ins.argval, UNBOUND))
            k += 1
        elif name in _JUMPS:
            return _Step("jump", here(), ins, after=(side._at(ins.argval), tuple(stack),
                                                   tuple(sorted(fast.items()))))
        elif name in _BRANCH:
            need(1)
            return _Step("branch", here(), ins, key=_BRANCH[name], operands=(stack[-1],))
        elif name in ("JUMP_IF_TRUE_OR_POP", "JUMP_IF_FALSE_OR_POP"):
            need(1)
            return _Step("branch", here(), ins, key=("truth", name == "JUMP_IF_TRUE_OR_POP"),
                         operands=(stack[-1],))
        elif name == "FOR_ITER":
            need(1)
            return _Step("forit", here(), ins, key=("FOR_ITER",), operands=(stack[-1],))
        elif name == "RETURN_VALUE":
            need(1)
            return _Step("return", here(), ins, operands=(stack[-1],))
        elif name == "RETURN_CONST":
            return _Step("return", here(), ins, operands=(("c", _normalize._const_key(ins.argval)),))
        elif name == "RAISE_VARARGS":
            need(arg)
            return _Step("raise", here(), ins, key=("RAISE_VARARGS", arg),
                         operands=tuple(stack[len(stack) - arg:]))
        elif name == "RERAISE":
            need(1)
            return _Step("raise", here(), ins, key=("RERAISE",), operands=(stack[-1],))
        else:
            return _event_step(side, ins, here(), stack)


_SUPER = {"LOAD_FAST_LOAD_FAST": ("LOAD_FAST", "LOAD_FAST"),
          "STORE_FAST_LOAD_FAST": ("STORE_FAST", "LOAD_FAST"),
          "STORE_FAST_STORE_FAST": ("STORE_FAST", "STORE_FAST")}


def _split_fast(ins):
    """3.13's superinstructions as their two halves (both at ins.offset, in
    the order they run); any other instruction as itself."""
    halves = _SUPER.get(ins.opname)
    if halves is None:
        return [ins]
    return [ins._replace(opname=h, opcode=dis.opmap[h], arg=0, argval=n, argrepr=n)
            for h, n in zip(halves, ins.argval)]


def _is_fast(ins):
    return ins.opname in ("LOAD_FAST", "LOAD_FAST_CHECK", "STORE_FAST", "DELETE_FAST")


def _event_step(side, ins, state, stack):
    name, arg = ins.opname, ins.arg
    if name == "MAKE_CELL":
        # the local now holds a cell (3.13 loads it with LOAD_FAST for a closure)
        return _Step("event", state, ins, key=("MAKE_CELL", ins.argval), operands=(), outs="")
    if name == "LOAD_GLOBAL":
        outs = "n"
        if arg & 1:
            outs = "Nn" if _V < (3, 13) else "nN"
        _check_effect(ins, 0, len(outs))
        return _Step("event", state, ins, key=("LOAD_GLOBAL", ins.argval), operands=(), outs=outs)
    if name in _PEEK:
        pops = _PEEK[name]
        if len(stack) < pops + arg:
            raise Different("stack underflow at %s" % name)
        _check_effect(ins, pops, 0)
        target = stack[-pops - arg]
        return _Step("event", state, ins, key=(name,), operands=(target,) + tuple(stack[-pops:]),
                     outs="peek")
    if name in ("BINARY_SLICE", "STORE_SLICE"):
        # 3.12+: x[a:b] and x[a:b] = v are subscripts by a slice (as in Dynamo's code)
        n = 3 if name == "BINARY_SLICE" else 4
        if len(stack) < n:
            raise Different("stack underflow at %s" % name)
        _check_effect(ins, n, 1 if n == 3 else 0)
        ops = tuple(stack[len(stack) - n:])
        operands = ops[:-2] + (("s", ops[-2:] + (("c", ("NoneType", None)),)),)
        is_list = name == "BINARY_SLICE" and _is_list(ops[0])
        key = "BINARY_SUBSCR" if n == 3 else "STORE_SUBSCR"
        return _Step("event", state, ins, key=(key, None), operands=operands,
                     outs=("L" if is_list else "n") if n == 3 else "", after=n)
    if name == "MAKE_FUNCTION":
        pops = 1 + bin((arg or 0) & _MAKE_FUNCTION_FLAGS).count("1")
        spec = (pops, "n")
    else:
        spec = _EVENTS.get(name)
        if spec is None:
            raise Different("no model for %s" % name)
    pops, outs = spec
    pops = pops(arg) if callable(pops) else pops
    outs = outs(arg) if callable(outs) else outs
    _check_effect(ins, pops, len(outs))
    if len(stack) < pops:
        raise Different("stack underflow at %s (offset %d)" % (name, ins.offset))
    operands = tuple(stack[len(stack) - pops:]) if pops else ()
    # the decompiler's `t.extend(v)` for LIST_EXTEND on a list below the top
    if name in ("LOAD_METHOD", "LOAD_ATTR") and ins.argval == "extend" \
            and outs == "nn" and _is_list(operands[0]):
        return _Step("pure", state, ins, operands=operands, outs=(("m", operands[0]), operands[0]))
    if name == "CALL_FUNCTION_EX" and not arg & 1 and operands[2][0] in ("t", "c") \
            and operands[0 if _V < (3, 13) else 1] == NULL:
        # f(*args) with the arguments known: the compiler's form of a call with
        # many arguments, the call f(a, b, ...) itself
        args = operands[2]
        if args[0] == "t":
            items = args[1]
        elif args[1][0] == "tuple":
            items = tuple(("c", key) for key in args[1][1])
        else:
            items = None
        if items is not None:
            return _Step("event", state, ins, key=("CALL", len(items)), operands=operands[:2] + items,
                         outs=outs, after=pops)
    if name == "BUILD_CONST_KEY_MAP" and operands[-1][0] == "c" and operands[-1][1][0] == "tuple":
        # {k1: v1, ...} with constant keys: the dict BUILD_MAP makes from the pairs
        keys = operands[-1][1][1]
        pairs = ()
        for key, value in zip(keys, operands[:-1]):
            pairs += (("c", key), value)
        return _Step("event", state, ins, key=("BUILD_MAP", len(keys)), operands=pairs, outs=outs,
                     after=pops)
    if name == "LOAD_METHOD" or (name == "LOAD_ATTR" and outs == "nn"):
        # a method load is an attribute load whose result is then called:
        # CPython only saves making the bound method (Dynamo loads the attribute)
        return _Step("event", state, ins, key=("LOAD_ATTR", (ins.argval, 0)), operands=operands,
                     outs="Nn" if _V < (3, 13) else "nN")
    if name == "CALL" and arg == 1 and operands[0][0] == "m" and operands[1] == operands[0][1]:
        return _Step("event", state, ins, key=("LIST_EXTEND",), operands=(operands[1], operands[2]),
                     outs="none", after=pops)
    if name == "BINARY_SUBSCR" and _is_list(operands[0]) \
            and operands[1][0] == "s":
        outs = "L"
    if name == "LOAD_FAST_CHECK":
        name = "LOAD_FAST"   # the same load; the compiler could not prove it bound
    return _Step("event", state, ins, key=(name, _arg_key(ins)), operands=operands, outs=outs)


# ---- the pair ---------------------------------------------------------------------

class _Pair:
    def __init__(self, a, b):
        self.a, self.b = a, b
        self.next_id = 0
        self.seen = set()
        self.visits = {}     # (place, place) -> states explored there
        self.work = []
        self.steps = 0

    def fresh(self, kind=None):
        self.next_id += 1
        return ("v", self.next_id, kind)

    def push(self, sa, sb):
        # a place reached in many states (a long function's paths): its
        # locals forget which other values they equal
        many = self.visits.get((sa[0], sb[0]), 0) >= WIDEN_AFTER
        sa, sb = self._forget(sa, sb, many)
        sa, sb = self.a.prune(sa), self.b.prune(sb)
        key = _canonical(sa, sb)
        if key in self.seen:
            return
        self.visits[(sa[0], sb[0])] = self.visits.get((sa[0], sb[0]), 0) + 1
        if len(self.seen) >= MAX_STATES:
            raise Different("more than %d states" % MAX_STATES)
        self.seen.add(key)
        self.work.append((sa, sb))

    def _forget(self, sa, sb, aliases):
        """A local that holds the same constant on both sides holds, from
        here, one unknown value: the same on both sides, as before.  Paths
        that differ only in the constant a local holds (`kind = 'method'`,
        `kind = 'data'`) then meet, instead of multiplying.  With `aliases`,
        so does a local holding the same value on both sides: it forgets
        which stack entries or other locals hold that value too.  Knowing
        less can only make the answer "different", never a wrong "equal"."""
        fa, fb = dict(sa[2]), dict(sb[2])
        changed = False
        for n, v in fa.items():
            if (v[0] == "c" or (aliases and v[0] in ("v", "p", "cell"))) and fb.get(n) == v \
                    and n not in self.b.temps:
                fa[n] = fb[n] = self.fresh()
                changed = True
        if not changed:
            return sa, sb
        return (sa[0], sa[1], tuple(sorted(fa.items()))), (sb[0], sb[1], tuple(sorted(fb.items())))

    def run(self):
        # the arguments: the same values on both sides
        code = self.a.code
        nargs = code.co_argcount + code.co_kwonlyargcount + bool(code.co_flags & VARARGS) \
            + bool(code.co_flags & VARKEYWORDS)
        # (and the free variables' cells, which COPY_FREE_VARS puts among the
        # locals before anything reads them)
        args = tuple(sorted((n, ("p", n)) for n in code.co_varnames[:nargs] + code.co_freevars))
        self.push((0, (), args), (0, (), args))
        while self.work:
            sa, sb = self.work.pop()
            self.run_from(sa, sb)

    def handlers(self, step_a, step_b, exc=None):
        """The exception edges of two corresponding steps."""
        ha, hb = self.a.handler(step_a.state[0]), self.b.handler(step_b.state[0])
        if (ha is None) != (hb is None):
            raise Different("an exception at offset %d / %d is handled on one side only"
                            % (step_a.ins.offset, step_b.ins.offset))
        if ha is None:
            return
        exc = exc or self.fresh()
        states = []
        for (target, depth, lasti), state in ((ha, step_a.state), (hb, step_b.state)):
            stack = state[1]
            if depth > len(stack):
                raise Different("a handler deeper than the stack")
            stack = stack[:depth] + ((LASTI,) if lasti else ()) + (exc,)
            states.append((target, stack, state[2]))
        self.push(*states)

    def run_from(self, sa, sb):
        while True:
            self.steps += 1
            if self.steps > MAX_STEPS:
                raise Different("more than %d steps" % MAX_STEPS)
            da, db = _advance_pure(self.a, sa), _advance_pure(self.b, sb)
            if da.kind == "jump" or db.kind == "jump":
                self.push(da.after if da.kind == "jump" else da.state,
                          db.after if db.kind == "jump" else db.state)
                return
            where = "offset %d / %d (%s / %s)" % (da.ins.offset, db.ins.offset,
                                                   da.ins.opname, db.ins.opname)
            if da.kind != db.kind or da.key != db.key:
                raise Different("different operations at " + where)
            table = {}
            if len(da.operands) != len(db.operands) or not all(
                    self.unify(x, y, table) for x, y in zip(da.operands, db.operands)):
                raise Different("different operands at %s: %s / %s"
                                % (where, _short(da.operands), _short(db.operands)))
            if table:
                for d in (da, db):
                    d.state = _subst_state(d.state, table)
                    d.operands = tuple(_subst(v, table) for v in d.operands)
            if da.kind == "event":
                if da.ins.opname not in _CANNOT_RAISE or db.ins.opname not in _CANNOT_RAISE:
                    self.handlers(da, db)
                pool = []
                sa = _complete(self.a, da, self.outputs(da, pool))
                sb = _complete(self.b, db, self.outputs(db, pool))
                continue
            if da.kind == "return":
                return
            if da.kind == "raise":
                exc = da.operands[-1] if da.key == ("RERAISE",) else None
                self.handlers(da, db, exc)
                return
            if da.kind == "branch":
                if da.key[0] == "truth":
                    self.handlers(da, db)
                ta, tb = _branch_targets(self.a, da), _branch_targets(self.b, db)
                for truth in (True, False):
                    self.push(ta[truth], tb[truth])
                return
            if da.kind == "forit":
                self.handlers(da, db)
                value = self.fresh()
                fa, fb = _for_targets(self.a, da, value), _for_targets(self.b, db, value)
                self.push(fa[0], fb[0])
                self.push(fa[1], fb[1])
                return
            raise Different("unexpected step " + da.kind)

    def unify(self, x, y, table):
        """Whether x (the original's) and y (the compiled-back code's) are the
        same value, pairing unused lists on the way (into table)."""
        x, y = _subst(x, table), _subst(y, table)
        if x[0] == "a" and y[0] == "a":
            if x[1] != 0 or y[1] != 1 or len(x[3]) != len(y[3]):
                return False
            if not all(self.unify(p, q, table) for p, q in zip(x[3], y[3])):
                return False
            table[(0, x[2])] = table[(1, y[2])] = self.fresh("list")
            return True
        if x[0] == y[0] and x[0] in ("t", "s"):
            return len(x[1]) == len(y[1]) and all(self.unify(p, q, table) for p, q in zip(x[1], y[1]))
        if x[0] == y[0] == "m":
            return self.unify(x[1], y[1], table)
        return x == y

    def outputs(self, step, pool):
        """The values step pushes; its new symbols are taken in order from
        pool, shared by the two sides' corresponding steps."""
        if step.outs == "peek":
            return []
        if step.outs == "none":
            return [("c", ("NoneType", None))]
        out = []
        made = 0
        for ch in step.outs:
            if ch in "nL":
                if made == len(pool):
                    pool.append(self.fresh("list" if ch == "L" else None))
                out.append(pool[made])
                made += 1
            elif ch == "N":
                out.append(NULL)
            else:
                out.append(step.operands[int(ch)])
        return out


def _advance_pure(side, state):
    """_advance, with the rewrite's pure steps folded in."""
    while True:
        step = _advance(side, state)
        if step.kind != "pure":
            return step
        k, stack, fast = step.state
        stack = stack[:len(stack) - len(step.operands)] + tuple(step.outs)
        state = (k + 1, stack, fast)


def _complete(side, step, outs):
    k, stack, fast = step.state
    if step.outs == "peek":
        pops = _PEEK[step.ins.opname]
        stack = stack[:len(stack) - pops]
    else:
        # an event's `after` is how many values it pops, where not all are operands
        pops = step.after if step.after is not None else len(step.operands)
        stack = stack[:len(stack) - pops] + tuple(outs)
    name = step.ins.opname
    if name in ("STORE_FAST", "DELETE_FAST", "MAKE_CELL"):   # events that set a local
        values = dict(fast)
        if name == "MAKE_CELL":   # (once, at the start)
            values[step.ins.argval] = ("cell", step.ins.argval)
        elif name == "STORE_FAST" and step.operands[0] != UNBOUND:
            values[step.ins.argval] = step.operands[0]
        else:
            values.pop(step.ins.argval, None)
        fast = tuple(sorted(values.items()))
    return (k + 1, stack, fast)


def _branch_targets(side, step):
    """{truth: state} after a conditional jump: truth is whether the test
    held in the sense of step.key (truthy, or None)."""
    k, stack, fast = step.state
    ins = step.ins
    target = side._at(ins.argval)
    jump_when = step.key[1]
    if ins.opname.startswith("JUMP_IF_"):
        kept, popped = stack, stack[:-1]
        on_jump, on_fall = (target, kept, fast), (k + 1, popped, fast)
    else:
        popped = stack[:-1]
        on_jump, on_fall = (target, popped, fast), (k + 1, popped, fast)
    return {jump_when: on_jump, not jump_when: on_fall}


def _for_targets(side, step, value):
    """(state with the next value, state when the iterator is exhausted)."""
    k, stack, fast = step.state
    target = side._at(step.ins.argval)
    if _V < (3, 12):
        done = (target, stack[:-1], fast)
    else:
        done = (target, stack + (END,), fast)
    return (k + 1, stack + (value,), fast), done


def _canonical(sa, sb):
    names = {}

    def ren(v):
        if v[0] == "v":
            if v[1] not in names:
                names[v[1]] = len(names)
            return ("v", names[v[1]], v[2])
        if v[0] == "a":
            if v[1:3] not in names:
                names[v[1:3]] = len(names)
            return ("a", v[1], names[v[1:3]], tuple(ren(x) for x in v[3]))
        if v[0] in ("t", "s"):
            return (v[0], tuple(ren(x) for x in v[1]))
        if v[0] == "m":
            return ("m", ren(v[1]))
        return v

    ka = (sa[0], tuple(ren(v) for v in sa[1]), tuple((n, ren(v)) for n, v in sa[2]))
    kb = (sb[0], tuple(ren(v) for v in sb[1]), tuple((n, ren(v)) for n, v in sb[2]))
    return ka, kb


def _short(values):
    text = repr(values)
    return text if len(text) <= 160 else text[:157] + "..."


# ---- the check ---------------------------------------------------------------------

def _header_difference(a, b):
    temps = [n for n in b.co_varnames if is_temp(n)]
    if any(is_temp(n) for n in a.co_varnames):
        return "the original already has names like the decompiler's temporaries"
    nargs = a.co_argcount + a.co_kwonlyargcount + bool(a.co_flags & VARARGS) \
        + bool(a.co_flags & VARKEYWORDS)
    mask = ~(_normalize.CO_NESTED | _normalize.CO_FUTURE_MASK)
    for field in ("co_argcount", "co_posonlyargcount", "co_kwonlyargcount", "co_cellvars",
                  "co_freevars"):
        if getattr(a, field) != getattr(b, field):
            return "%s differs" % field[3:]
    if (a.co_flags & mask) != (b.co_flags & mask):
        return "flags differ"
    if a.co_varnames[:nargs] != b.co_varnames[:nargs]:
        return "arguments differ"
    # (the dump's text leaves out dead code, and with it names only dead code
    # used; any local the original uses on a path that runs is compared there)
    if not set(b.co_varnames) - set(temps) <= set(a.co_varnames):
        return "locals differ other than in temporaries"
    return None


def equal_up_to_temporaries(original, compiled):
    """(True, "") when `compiled` (the decompiled source compiled back) does
    what `original` does, its temporaries aside; else (False, why)."""
    if not supported():
        return False, "the symbolic comparison needs Python 3.11 to 3.13"
    try:
        why = _header_difference(original, compiled)
        if why:
            return False, why
        temps = frozenset(n for n in compiled.co_varnames if is_temp(n))
        pair = _Pair(_Side(original, frozenset(), 0), _Side(compiled, temps, 1))
        pair.run()
    except Different as e:
        return False, str(e)
    except RecursionError:
        return False, "too deep"
    except Exception as e:   # a gap in this module: never the caller's failure
        return False, "%s %s: %s" % (INTERNAL_ERROR, type(e).__name__, e)
    return True, ""
