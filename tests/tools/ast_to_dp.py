"""Check src/core/print.c on the syntax trees of the interpreter that runs this.

Runs inside the interpreter under test (so: Python 3.8 syntax).  It parses
each source with that interpreter's own `ast`, serializes the tree in the
record format of tests/c/print_ast.c, has print_ast print it for this
version, parses the printed text with the same `ast`, and compares
ast.dump() of both trees, ignoring only what the text cannot carry: node
positions, Constant.kind and type comments.

    python3.X ast_to_dp.py --printer PATH [--stdlib] [--sample N]
                           [--cases FILE] [--values FILE] [--records FILE]

--stdlib     the corpus of tests/tools/corpus.py for this version
--sample N   only N of its modules, spread evenly
--cases      a JSON list of {"name", "source", "since"}: hand-written sources;
             one that does not parse on a version >= since fails
--values     a JSON list of Python expressions whose values become Constant
             nodes (inf, -0.0, big ints, tuples, ...): the parser never makes
             those, so the check is that the printed expression evaluates to
             what the tree itself compiles to, in several contexts
--records    write the records and exit (debugging)

--fuzz N     N random trees (--seed S) that compile() accepts; where a random
             f-string has no spelling before 3.12 the printer must refuse it
             ("refused", not an error)

Prints one line per failure and a summary line "SUMMARY version=3.X total=N
equal=N differ=N error=N unparseable=N refused=N"; exits 1 when anything
differs or fails.
"""
import argparse
import ast
import json
import math
import os
import struct
import subprocess
import sys
import warnings

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.setrecursionlimit(20000)
if hasattr(sys, "set_int_max_str_digits"):
    sys.set_int_max_str_digits(0)  # ast.dump of huge int constants (3.11+, 3.8.14+)

VERSION = "%d.%d" % sys.version_info[:2]
VERSION_NUM = sys.version_info[0] * 100 + sys.version_info[1]

# Field order of each node, as tests/c/print_ast.c reads them (3.13's ASDL).
# Fields an older version lacks (type_params, default_value) read as empty.
FIELDS = {
    "Module": ["body"],
    "FunctionDef": ["name", "args", "body", "decorator_list", "returns", "type_params"],
    "AsyncFunctionDef": ["name", "args", "body", "decorator_list", "returns", "type_params"],
    "ClassDef": ["name", "bases", "keywords", "body", "decorator_list", "type_params"],
    "Return": ["value"],
    "Delete": ["targets"],
    "Assign": ["targets", "value"],
    "TypeAlias": ["name", "type_params", "value"],
    "AugAssign": ["target", "op", "value"],
    "AnnAssign": ["target", "annotation", "value", "simple"],
    "For": ["target", "iter", "body", "orelse"],
    "AsyncFor": ["target", "iter", "body", "orelse"],
    "While": ["test", "body", "orelse"],
    "If": ["test", "body", "orelse"],
    "With": ["items", "body"],
    "AsyncWith": ["items", "body"],
    "Match": ["subject", "cases"],
    "Raise": ["exc", "cause"],
    "Try": ["body", "handlers", "orelse", "finalbody"],
    "TryStar": ["body", "handlers", "orelse", "finalbody"],
    "Assert": ["test", "msg"],
    "Import": ["names"],
    "ImportFrom": ["module", "names", "level"],
    "Global": ["names"],
    "Nonlocal": ["names"],
    "Expr": ["value"],
    "Pass": [],
    "Break": [],
    "Continue": [],
    "BoolOp": ["op", "values"],
    "NamedExpr": ["target", "value"],
    "BinOp": ["left", "op", "right"],
    "UnaryOp": ["op", "operand"],
    "Lambda": ["args", "body"],
    "IfExp": ["test", "body", "orelse"],
    "Dict": ["keys", "values"],
    "Set": ["elts"],
    "ListComp": ["elt", "generators"],
    "SetComp": ["elt", "generators"],
    "DictComp": ["key", "value", "generators"],
    "GeneratorExp": ["elt", "generators"],
    "Await": ["value"],
    "Yield": ["value"],
    "YieldFrom": ["value"],
    "Compare": ["left", "ops", "comparators"],
    "Call": ["func", "args", "keywords"],
    "FormattedValue": ["value", "conversion", "format_spec"],
    "JoinedStr": ["values"],
    "Constant": ["value", "kind"],
    "Attribute": ["value", "attr", "ctx"],
    "Subscript": ["value", "slice", "ctx"],
    "Starred": ["value", "ctx"],
    "Name": ["id", "ctx"],
    "List": ["elts", "ctx"],
    "Tuple": ["elts", "ctx"],
    "Slice": ["lower", "upper", "step"],
    "comprehension": ["target", "iter", "ifs", "is_async"],
    "ExceptHandler": ["type", "name", "body"],
    "arguments": ["posonlyargs", "args", "vararg", "kwonlyargs", "kw_defaults", "kwarg",
                  "defaults"],
    "arg": ["arg", "annotation"],
    "keyword": ["arg", "value"],
    "alias": ["name", "asname"],
    "withitem": ["context_expr", "optional_vars"],
    "match_case": ["pattern", "guard", "body"],
    "MatchValue": ["value"],
    "MatchSingleton": ["value"],
    "MatchSequence": ["patterns"],
    "MatchMapping": ["keys", "patterns", "rest"],
    "MatchClass": ["cls", "patterns", "kwd_attrs", "kwd_patterns"],
    "MatchStar": ["name"],
    "MatchAs": ["pattern", "name"],
    "MatchOr": ["patterns"],
    "TypeVar": ["name", "bound", "default_value"],
    "ParamSpec": ["name", "default_value"],
    "TypeVarTuple": ["name", "default_value"],
}
LIST_FIELDS = {"type_params"}
OBJECT_FIELDS = {("Constant", "value"), ("MatchSingleton", "value")}
# Operators and contexts: a bare class name.
LEAVES = {"Add", "Sub", "Mult", "MatMult", "Div", "Mod", "Pow", "LShift", "RShift", "BitOr",
          "BitXor", "BitAnd", "FloorDiv", "And", "Or", "Invert", "Not", "UAdd", "USub", "Eq",
          "NotEq", "Lt", "LtE", "Gt", "GtE", "Is", "IsNot", "In", "NotIn", "Load", "Store",
          "Del"}

INT64_MIN, INT64_MAX = -(1 << 63), (1 << 63) - 1


class Opaque:
    """An object that only exists in memory: print_ast prints its name."""
    def __init__(self, name):
        self.name = name


class Unrecovered:
    """A DP_S_UNRECOVERED statement (no Python ast node has it)."""
    def __init__(self, reason, disasm):
        self.reason = reason
        self.disasm = disasm


def hexstr(s):
    return s.encode("utf-8", "surrogatepass").hex()


def encode_object(value, out):
    if value is None:
        out.append("N")
    elif value is True:
        out.append("T")
    elif value is False:
        out.append("F")
    elif value is Ellipsis:
        out.append("E")
    elif isinstance(value, int):
        if INT64_MIN <= value <= INT64_MAX:
            out.append("i%d" % value)
        else:
            mag = abs(value)
            digits = []
            while mag:
                digits.append("%x" % (mag & 0x7FFF))
                mag >>= 15
            out.append("I%s%s" % ("-" if value < 0 else "+", ",".join(digits)))
    elif isinstance(value, float):
        out.append("f" + struct.pack(">d", value).hex())
    elif isinstance(value, complex):
        out.append("c" + struct.pack(">d", value.real).hex() + struct.pack(">d", value.imag).hex())
    elif isinstance(value, str):
        out.append("s" + hexstr(value))
    elif isinstance(value, bytes):
        out.append("b" + value.hex())
    elif isinstance(value, tuple):
        out.append("t%d" % len(value))
        for item in value:
            encode_object(item, out)
    elif isinstance(value, frozenset):
        out.append("z%d" % len(value))
        for item in value:
            encode_object(item, out)
    elif isinstance(value, Opaque):
        out.append("o" + hexstr(value.name))
    else:
        raise TypeError("cannot encode constant %r" % (value,))


def legacy_slice(node):
    """3.8's Index and ExtSlice as the 3.9+ tree has them."""
    name = type(node).__name__
    if name == "Index":
        return node.value
    if name == "ExtSlice":
        return ast.Tuple(elts=[legacy_slice(d) for d in node.dims], ctx=ast.Load())
    return node


def encode(value, out, owner=None, field=None):
    """Tokens of one field value (a node, a list, None, a name, an int)."""
    stack = [(value, owner, field)]
    while stack:
        value, owner, field = stack.pop()
        if (owner, field) in OBJECT_FIELDS:
            encode_object(value, out)
        elif value is None:
            out.append("~")
        elif isinstance(value, list):
            out.append("L%d" % len(value))
            stack.extend((item, owner, None) for item in reversed(value))
        elif isinstance(value, str):
            out.append("'" + hexstr(value))
        elif isinstance(value, bool) or isinstance(value, int):
            out.append("#%d" % int(value))
        elif isinstance(value, Unrecovered):
            out.append("Unrecovered")
            out.append("'" + hexstr(value.reason))
            out.append("'" + hexstr(value.disasm))
        elif isinstance(value, ast.AST):
            value = legacy_slice(value)
            name = type(value).__name__
            out.append(name)
            if name in LEAVES:
                continue
            if name not in FIELDS:
                raise TypeError("no field order for ast.%s" % name)
            items = []
            for f in FIELDS[name]:
                default = [] if f in LIST_FIELDS else None
                items.append((getattr(value, f, default), name, f))
            stack.extend(reversed(items))
        else:
            raise TypeError("cannot encode %r" % (value,))


def module_record(tree):
    out = ["M"]
    encode(tree.body, out)
    return " ".join(out)


def expr_record(node):
    out = ["X"]
    encode(node, out)
    return " ".join(out)


def run_printer(printer, records):
    """print_ast on a list of records: [(status, text)]."""
    data = ("\n".join(records) + "\n").encode("ascii")
    proc = subprocess.run([printer, str(VERSION_NUM)], input=data, stdout=subprocess.PIPE,
                          stderr=subprocess.PIPE)
    if proc.returncode != 0:
        raise RuntimeError("print_ast exited %d: %s" % (proc.returncode,
                                                        proc.stderr.decode(errors="replace")))
    results = []
    out = proc.stdout
    pos = 0
    while pos < len(out):
        nl = out.index(b"\n", pos)
        header = out[pos:nl].decode("ascii").split(" ")
        if header[0] != "===":
            raise RuntimeError("print_ast output out of step at byte %d" % pos)
        size = int(header[-1])
        status = " ".join(header[1:-1])
        results.append((status, out[nl + 1:nl + 1 + size]))
        pos = nl + 1 + size
    if len(results) != len(records):
        raise RuntimeError("print_ast gave %d results for %d records" % (len(results),
                                                                       len(records)))
    return results


def normalized_dump(tree, drop_empty_literals=False):
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant):
            node.kind = None
        if drop_empty_literals and isinstance(node, ast.JoinedStr):
            # 3.12's parser adds '' parts in some format specs; the random
            # trees do not predict where
            node.values = [v for v in node.values
                           if not (isinstance(v, ast.Constant) and v.value == "")]
        if getattr(node, "type_comment", None) is not None:
            node.type_comment = None
    return ast.dump(tree)


def first_difference(a, b):
    i = 0
    while i < min(len(a), len(b)) and a[i] == b[i]:
        i += 1
    return "...%s... vs ...%s..." % (a[max(0, i - 60):i + 60], b[max(0, i - 60):i + 60])


class Report:
    def __init__(self):
        self.total = self.equal = self.differ = self.error = self.unparseable = 0
        self.refused = 0
        self.lines = []

    def fail(self, kind, name, detail):
        setattr(self, kind, getattr(self, kind) + 1)
        self.lines.append("%s %s: %s" % (kind.upper(), name, detail))


def check_trees(printer, named_trees, report, batch=40, loose_fstrings=False):
    """named_trees: [(name, tree)]; each is printed and parsed back."""
    for start in range(0, len(named_trees), batch):
        chunk = named_trees[start:start + batch]
        records = [module_record(tree) for _, tree in chunk]
        results = run_printer(printer, records)
        for (name, tree), (status, text) in zip(chunk, results):
            report.total += 1
            if (loose_fstrings and VERSION_NUM < 312 and status == "error unsupported"
                    and b"cannot be written" in text):
                # a random f-string can need more quote kinds than exist
                # before 3.12; the printer must then refuse, as it did
                report.refused += 1
                report.lines.append("REFUSED %s: %s" % (name, text.decode(errors="replace")))
                continue
            if status != "ok":
                report.fail("error", name, "%s: %s" % (status, text.decode(errors="replace")))
                continue
            try:
                back = ast.parse(text.decode("utf-8"))
            except (SyntaxError, ValueError, UnicodeDecodeError) as exc:
                line = getattr(exc, "lineno", None)
                shown = ""
                if line:
                    lines = text.decode("utf-8", "replace").splitlines()
                    shown = " | line %d: %r" % (line, lines[line - 1] if line <= len(lines) else "")
                report.fail("differ", name, "printed text does not parse: %s%s" % (exc, shown))
                continue
            want = normalized_dump(tree, loose_fstrings)
            got = normalized_dump(back, loose_fstrings)
            if want == got:
                report.equal += 1
            else:
                report.fail("differ", name, "tree differs: " + first_difference(want, got))


def parse_file(path):
    with open(path, "rb") as f:
        source = f.read()
    return ast.parse(source, filename=path)


def stdlib_trees(sample, report):
    import corpus
    root, files = corpus.stdlib_sources(VERSION)
    files = corpus.sample(files, sample)
    trees = []
    for path in files:
        name = os.path.relpath(path, root)
        try:
            trees.append((name, parse_file(path)))
        except (SyntaxError, ValueError, RecursionError) as exc:
            report.unparseable += 1
            report.lines.append("UNPARSEABLE %s: %s" % (name, exc))
    return trees


def case_trees(path, report):
    with open(path) as f:
        cases = json.load(f)
    trees = []
    for case in cases:
        since = case.get("since", 308)
        try:
            tree = ast.parse(case["source"])
        except SyntaxError as exc:
            if VERSION_NUM >= since:
                report.total += 1
                report.fail("error", case["name"], "case does not parse: %s" % exc)
            continue
        trees.append((case["name"], tree))
    return trees


# Contexts a constant is printed in: each wraps the Constant node `c`.
def value_contexts(c):
    def const():
        return ast.Constant(value=c, kind=None)
    name = lambda: ast.Name(id="x", ctx=ast.Load())
    return [
        ("alone", const()),
        ("power base", ast.BinOp(left=const(), op=ast.Pow(), right=ast.Constant(value=2))),
        # -1.5 ** huge fails fast (OverflowError) where 2 ** huge would not end
        ("power exponent", ast.BinOp(left=ast.Constant(value=-1.5), op=ast.Pow(),
                                     right=const())),
        ("attribute", ast.Attribute(value=const(), attr="__class__", ctx=ast.Load())),
        ("negated", ast.UnaryOp(op=ast.USub(), operand=const())),
        ("subscripted", ast.Subscript(value=ast.List(elts=[const()], ctx=ast.Load()),
                                      slice=legacy_index(ast.Constant(value=0)),
                                      ctx=ast.Load())),
        ("in a tuple", ast.Tuple(elts=[const(), name()], ctx=ast.Load())),
        ("f-string", ast.JoinedStr(values=[ast.FormattedValue(value=const(), conversion=114,
                                                              format_spec=None)])),
    ]


def legacy_index(node):
    if sys.version_info < (3, 9):
        return ast.Index(value=node)
    return node


def canonical(value):
    """A comparable form that keeps the signs of zeros and the types."""
    if isinstance(value, frozenset):
        return ("frozenset", sorted(canonical(v) for v in value))
    if isinstance(value, tuple):
        return ("tuple", [canonical(v) for v in value])
    if isinstance(value, float) and math.isnan(value):
        return ("float", "nan")
    return (type(value).__name__, repr(value))


def raw_writable(value):
    """Whether a constant can appear in a 3.8-3.11 f-string field, where
    no backslash escape is allowed."""
    if isinstance(value, (tuple, frozenset)):
        return all(raw_writable(v) for v in value)
    if isinstance(value, str):
        return not any(c in "\\\0\r" or 0xD800 <= ord(c) <= 0xDFFF for c in value)
    if isinstance(value, bytes):
        return all(b < 0x80 and b not in b"\\\0\r" for b in value)
    return True


def evaluate(code, env):
    try:
        return ("value", canonical(eval(code, dict(env))))
    except Exception as exc:  # the same exception type counts as the same result
        return ("raises", type(exc).__name__)


def check_values(printer, path, report):
    with open(path) as f:
        sources = json.load(f)
    items = []
    for src in sources:
        value = eval(src)
        for label, node in value_contexts(value):
            # no spelling exists: the printer must refuse, not write bad code
            refuse = label == "f-string" and VERSION_NUM < 312 and not raw_writable(value)
            items.append(("%s [%s]" % (src, label), node, refuse))
    results = run_printer(printer, [expr_record(node) for _, node, _ in items])
    env = {"x": 7}
    for (name, node, refuse), (status, text) in zip(items, results):
        report.total += 1
        if refuse:
            if status == "error unsupported":
                report.equal += 1
            else:
                report.fail("differ", name, "printed %r where no spelling exists" % text)
            continue
        if status != "ok":
            report.fail("error", name, "%s: %s" % (status, text.decode(errors="replace")))
            continue
        printed = text.decode("utf-8")
        tree = ast.fix_missing_locations(ast.Expression(body=node))
        want = evaluate(compile(tree, "<tree>", "eval"), env)
        try:
            code = compile(printed, "<printed>", "eval")
        except SyntaxError as exc:
            report.fail("differ", name, "%r does not parse: %s" % (printed, exc))
            continue
        got = evaluate(code, env)
        if want == got:
            report.equal += 1
        else:
            report.fail("differ", name, "%r gives %r, the tree gives %r" % (printed, got, want))


# ---------------------------------------------------------------- random trees
# Random expressions in random statement contexts: trees that compile() accepts
# but that no stdlib module may contain (odd nestings of precedence, yield,
# walrus, starred, lambda, f-strings in f-strings).  Constants stay
# non-negative, as the parser makes them; JoinedStr parts alternate, as the
# parser merges adjacent literals.

NAMES = ["a", "b", "c", "match", "case", "type", "_"]
TEXT = ["x", "'", '"', "{", "}", "#", "!", ":", "=", " ", "\n", "é", "''", '""', "a'b\""]
SPEC_TEXT = [">", "10", "x", "#", "!", ":", ".2f", "'", '"', " "]
OPS = [ast.Add, ast.Sub, ast.Mult, ast.MatMult, ast.Div, ast.Mod, ast.Pow, ast.LShift,
       ast.RShift, ast.BitOr, ast.BitXor, ast.BitAnd, ast.FloorDiv]
CMPS = [ast.Eq, ast.NotEq, ast.Lt, ast.LtE, ast.Gt, ast.GtE, ast.Is, ast.IsNot, ast.In,
        ast.NotIn]
UNARY = [ast.Invert, ast.Not, ast.UAdd, ast.USub]


class Gen:
    def __init__(self, rng, in_async):
        self.rng = rng
        self.in_async = in_async

    def name(self, ctx=None):
        return ast.Name(id=self.rng.choice(NAMES), ctx=ctx or ast.Load())

    def text(self, alphabet, n=3):
        return "".join(self.rng.choice(alphabet) for _ in range(self.rng.randint(1, n)))

    def const(self):
        r = self.rng
        return ast.Constant(value=r.choice([
            r.randint(0, 300), r.random() * 10, 1e309, complex(0, r.randint(0, 9)),
            self.text(TEXT), self.text(TEXT).encode("ascii", "ignore") if r.random() < 0.2 else "s",
            True, False, None, Ellipsis, 2 ** 70]), kind=None)

    def leaf(self):
        return self.name() if self.rng.random() < 0.6 else self.const()

    def elts(self, depth, n=3):
        out = []
        for _ in range(self.rng.randint(0, n)):
            e = self.expr(depth - 1)
            if self.rng.random() < 0.2:
                e = ast.Starred(value=e, ctx=ast.Load())
            out.append(e)
        return out

    def comprehension(self, depth):
        target = self.name(ast.Store())
        if self.rng.random() < 0.3:
            target = ast.Tuple(elts=[self.name(ast.Store()), self.name(ast.Store())],
                               ctx=ast.Store())
        ifs = [self.expr(depth - 1) for _ in range(self.rng.randint(0, 2))]
        return ast.comprehension(target=target, iter=self.expr(depth - 1), ifs=ifs,
                                 is_async=0)

    def joined(self, depth, level=0):
        values, literal = [], self.rng.random() < 0.5
        # fields nest one format spec deep before 3.12, two after (the
        # printer rewrites deeper ones, checked in tests/test_printer.py)
        only_text = level >= (2 if VERSION_NUM < 312 else 3)
        for _ in range(self.rng.randint(0, 3)):
            if literal or only_text:
                values.append(ast.Constant(value=self.text(SPEC_TEXT if level else TEXT),
                                           kind=None))
                if only_text:
                    break
            else:
                fs = self.joined(depth - 1, level + 1) if self.rng.random() < 0.3 else None
                values.append(ast.FormattedValue(value=self.expr(depth - 1),
                                                 conversion=self.rng.choice([-1, 115, 114, 97]),
                                                 format_spec=fs))
            literal = not literal
        return ast.JoinedStr(values=values)

    def index(self, depth):
        r = self.rng.random()
        def sl():
            parts = [self.expr(depth - 1) if self.rng.random() < 0.5 else None for _ in range(3)]
            return ast.Slice(lower=parts[0], upper=parts[1], step=parts[2])
        if r < 0.3:
            return sl()
        if r < 0.5:
            dims = [sl() if self.rng.random() < 0.5 else self.expr(depth - 1)
                    for _ in range(self.rng.randint(1, 3))]
            return ast.Tuple(elts=dims, ctx=ast.Load())
        return self.expr(depth - 1)

    def expr(self, depth):
        if depth <= 0:
            return self.leaf()
        r, d = self.rng, depth
        kind = r.choice(["binop", "unary", "boolop", "compare", "ifexp", "lambda", "named",
                         "dict", "set", "list", "tuple", "comp", "await", "yield", "call",
                         "attr", "subscript", "fstring", "leaf"])
        if kind == "binop":
            return ast.BinOp(left=self.expr(d - 1), op=r.choice(OPS)(), right=self.expr(d - 1))
        if kind == "unary":
            return ast.UnaryOp(op=r.choice(UNARY)(), operand=self.expr(d - 1))
        if kind == "boolop":
            return ast.BoolOp(op=r.choice([ast.And, ast.Or])(),
                              values=[self.expr(d - 1) for _ in range(r.randint(2, 3))])
        if kind == "compare":
            n = r.randint(1, 3)
            return ast.Compare(left=self.expr(d - 1), ops=[r.choice(CMPS)() for _ in range(n)],
                               comparators=[self.expr(d - 1) for _ in range(n)])
        if kind == "ifexp":
            return ast.IfExp(test=self.expr(d - 1), body=self.expr(d - 1), orelse=self.expr(d - 1))
        if kind == "lambda":
            params = [ast.arg(arg=n, annotation=None, type_comment=None) for n in r.sample(["p", "q"], r.randint(0, 2))]
            defaults = [self.expr(d - 1) for _ in params[:r.randint(0, len(params))]]
            args = ast.arguments(posonlyargs=[], args=params, vararg=None, kwonlyargs=[],
                                 kw_defaults=[], kwarg=None, defaults=defaults)
            return ast.Lambda(args=args, body=self.expr(d - 1))
        if kind == "named":
            return ast.NamedExpr(target=self.name(ast.Store()), value=self.expr(d - 1))
        if kind == "dict":
            n = r.randint(0, 3)
            keys = [self.expr(d - 1) if r.random() < 0.8 else None for _ in range(n)]
            return ast.Dict(keys=keys, values=[self.expr(d - 1) for _ in range(n)])
        if kind == "set":
            return ast.Set(elts=self.elts(d) or [self.leaf()])
        if kind == "list":
            return ast.List(elts=self.elts(d), ctx=ast.Load())
        if kind == "tuple":
            return ast.Tuple(elts=self.elts(d), ctx=ast.Load())
        if kind == "comp":
            gens = [self.comprehension(d) for _ in range(r.randint(1, 2))]
            which = r.choice([ast.ListComp, ast.SetComp, ast.GeneratorExp, ast.DictComp])
            if which is ast.DictComp:
                return ast.DictComp(key=self.expr(d - 1), value=self.expr(d - 1), generators=gens)
            return which(elt=self.expr(d - 1), generators=gens)
        if kind == "await":
            if self.in_async:
                return ast.Await(value=self.expr(d - 1))
            return self.leaf()
        if kind == "yield":
            if self.in_async:
                return self.leaf()
            if r.random() < 0.3:
                return ast.YieldFrom(value=self.expr(d - 1))
            return ast.Yield(value=self.expr(d - 1) if r.random() < 0.7 else None)
        if kind == "call":
            # 3.8's parser rejects a repeated keyword
            keywords = [ast.keyword(arg=k, value=self.expr(d - 1))
                        for k in r.sample(["k", "j", None], r.randint(0, 2))]
            args = self.elts(d)
            if not keywords and r.random() < 0.2:
                args = [ast.GeneratorExp(elt=self.expr(d - 1), generators=[self.comprehension(d)])]
            return ast.Call(func=self.expr(d - 1), args=args, keywords=keywords)
        if kind == "attr":
            return ast.Attribute(value=self.expr(d - 1), attr="real", ctx=ast.Load())
        if kind == "subscript":
            return ast.Subscript(value=self.expr(d - 1), slice=self.index(d), ctx=ast.Load())
        if kind == "fstring":
            return self.joined(d)
        return self.leaf()

    def statement(self, e):
        r = self.rng
        x = lambda: ast.Name(id="x", ctx=ast.Store())
        body = [ast.Pass()]
        forms = [
            lambda: ast.Expr(value=e),
            lambda: ast.Assign(targets=[x()], value=e, type_comment=None),
            lambda: ast.AugAssign(target=x(), op=r.choice(OPS)(), value=e),
            lambda: ast.AnnAssign(target=x(), annotation=ast.Name(id="int", ctx=ast.Load()),
                                  value=e, simple=1),
            lambda: ast.Return(value=e),
            lambda: ast.If(test=e, body=body, orelse=[]),
            lambda: ast.While(test=e, body=body, orelse=[]),
            lambda: ast.For(target=x(), iter=e, body=body, orelse=[], type_comment=None),
            lambda: ast.With(items=[ast.withitem(context_expr=e, optional_vars=None)],
                             body=body, type_comment=None),
            lambda: ast.With(items=[ast.withitem(context_expr=e, optional_vars=x())],
                             body=body, type_comment=None),
            lambda: ast.Assert(test=e, msg=e),
            lambda: ast.Raise(exc=e, cause=None),
            lambda: ast.Delete(targets=[ast.Subscript(value=ast.Name(id="d", ctx=ast.Load()),
                                                      slice=e, ctx=ast.Del())]),
        ]
        return r.choice(forms)()


def legacy_tree(node):
    """3.8 spells subscripts with Index and ExtSlice."""
    if sys.version_info >= (3, 9):
        return node
    for n in ast.walk(node):
        if isinstance(n, ast.Subscript) and not isinstance(n.slice, (ast.Index, ast.Slice,
                                                                     ast.ExtSlice)):
            sl = n.slice
            if isinstance(sl, ast.Tuple) and any(isinstance(e, ast.Slice) for e in sl.elts):
                n.slice = ast.ExtSlice(dims=[e if isinstance(e, ast.Slice) else ast.Index(value=e)
                                             for e in sl.elts])
            else:
                n.slice = ast.Index(value=sl)
    return node


def fuzz_trees(count, seed, report):
    import random
    rng = random.Random(seed)
    trees = []
    tries = 0
    while len(trees) < count and tries < count * 50:
        tries += 1
        in_async = rng.random() < 0.3
        gen = Gen(rng, in_async)
        stmt = gen.statement(gen.expr(rng.randint(1, 5)))
        func = (ast.AsyncFunctionDef if in_async else ast.FunctionDef)(
            name="f", args=ast.arguments(posonlyargs=[], args=[], vararg=None, kwonlyargs=[],
                                         kw_defaults=[], kwarg=None, defaults=[]),
            body=[stmt], decorator_list=[], returns=None, type_comment=None)
        if sys.version_info >= (3, 12):
            func.type_params = []
        tree = legacy_tree(ast.Module(body=[func], type_ignores=[]))
        ast.fix_missing_locations(tree)
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                compile(tree, "<fuzz>", "exec")
        except (SyntaxError, ValueError, TypeError, RecursionError):
            continue  # no program has this tree
        # the parser's own form: a tree it cannot give back is not a case
        trees.append(("fuzz#%d (seed %d)" % (len(trees), seed), tree))
    return trees


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--printer", required=True)
    ap.add_argument("--stdlib", action="store_true")
    ap.add_argument("--sample", type=int)
    ap.add_argument("--cases")
    ap.add_argument("--values")
    ap.add_argument("--records")
    ap.add_argument("--fuzz", type=int, help="this many random trees")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()

    report = Report()
    trees = []
    if args.stdlib:
        trees += stdlib_trees(args.sample, report)
    if args.cases:
        trees += case_trees(args.cases, report)
    fuzzed = fuzz_trees(args.fuzz, args.seed, report) if args.fuzz else []
    if args.records:
        with open(args.records, "w") as f:
            for name, tree in trees + fuzzed:
                f.write(module_record(tree) + "\n")
        return 0
    check_trees(args.printer, trees, report)
    check_trees(args.printer, fuzzed, report, loose_fstrings=True)
    if args.values:
        check_values(args.printer, args.values, report)
    for line in report.lines:
        print(line)
    print("SUMMARY version=%s total=%d equal=%d differ=%d error=%d unparseable=%d refused=%d"
          % (VERSION, report.total, report.equal, report.differ, report.error,
             report.unparseable, report.refused))
    return 0 if report.differ == 0 and report.error == 0 and report.total > 0 else 1


if __name__ == "__main__":
    sys.exit(main())
