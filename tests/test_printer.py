"""src/core/print.c: syntax trees back to source, on every interpreter 3.8-3.13.

The proof is the round trip (tests/tools/ast_to_dp.py): each interpreter
parses a source with its own `ast`, print_ast (tests/c/print_ast.c) prints
the tree for that version, and the same interpreter must parse the text back
into the same tree.  Sources: a sample of the stdlib corpus (all of it with
DEPYF_PRINTER_FULL=1, or DEPYF_PRINTER_SAMPLE=N modules), the hand-written
CASES below (precedence, quoting, per-version grammar), and constants the
parser never makes (negative numbers, inf, nan, complex, tuples, ...), which
must evaluate like the tree they came from.

The driver comes from PRINT_AST, else `make build/print_ast` builds it.
The last tests feed print_ast records that no Python tree can express:
empty bodies, unrecovered regions, opaque constants, the depth limit and
malformed trees.
"""
import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "tools"))
import corpus  # noqa: E402

VERSIONS = corpus.VERSIONS
FULL = os.environ.get("DEPYF_PRINTER_FULL") == "1"
SAMPLE = int(os.environ.get("DEPYF_PRINTER_SAMPLE", "25"))


def vnum(version):
    major, minor = version.split(".")
    return int(major) * 100 + int(minor)


@pytest.fixture(scope="session")
def print_ast():
    explicit = os.environ.get("PRINT_AST")
    if explicit:
        if not os.path.exists(explicit):
            pytest.fail("PRINT_AST=%s does not exist" % explicit)
        return explicit
    proc = subprocess.run(["make", "-s", "B=build", "build/print_ast"], cwd=str(ROOT),
                          stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    if proc.returncode != 0:
        pytest.fail("building build/print_ast failed:\n" + proc.stdout)
    return str(ROOT / "build" / "print_ast")


# (name, source, first version whose grammar has it)
CASES = [
    # ---- precedence
    ("unary minus and power", "(-1) ** 2\n-(1 ** 2)\n-1 ** 2\n2 ** -1\n(-2) ** -(-1)\n"
     "a ** b ** c\n(a ** b) ** c\n-x ** 2\n(-x) ** 2\n~x ** -y\n", 308),
    ("attribute of int literal", "(1).real\n1.0.real\n(1).__class__\n1j.imag\n(-1).real\n"
     "x = (1).real\n1e309.real\n", 308),
    ("boolean operators", "not (a and b)\n(not a) and b\na or (b or c)\n(a or b) or c\n"
     "a and (b or c)\na and b or c and d\nnot a == b\n(not a) == b\nnot not a\n", 308),
    ("comparisons", "(a < b) < c\na < b < c\n(a < b) == c\na is not b not in c\n"
     "a == (b == c)\n(a == b) is c\nx = a in b\n", 308),
    ("unary chains", "-(-a)\n- -a\n~~a\n+(+a)\n-(+a)\nnot -a\n-(not a)\n", 308),
    ("binary operators", "a - (b - c)\n(a - b) - c\na / (b * c)\na * b @ c\na << b + c\n"
     "(a << b) + c\na | b ^ c & d\n(a | b) ^ c\na // b % c\n(a + b) * c\n", 308),
    ("conditional expressions", "a if b else c\n(a if b else c) if d else e\n"
     "a if (b if c else d) else e\na if b else c if d else e\nx = lambda: a if b else c\n"
     "(lambda: 1) if a else 2\nx if y else lambda: z\n(x if y else z)(1)\n", 308),
    ("lambdas", "(lambda: 1)()\nx = lambda a, b=1, *c, d, e=2, **f: a\nlambda a, /, b: 0\n"
     "f(lambda: 1)\n[lambda: 1, 2]\nlambda *, k: k\nlambda x=lambda: 1: x\n"
     "{lambda: 1: 2}\na[lambda: 1:2]\n", 308),
    # ---- tuples, slices, subscripts
    ("tuples", "()\n(1,)\nx = 1,\nx = ()\nx, = y\nfor x, in y: pass\nf((a, b))\n"
     "(a, b)[0]\nx = (1, 2), 3\n((a, b), c) = d\n[a, (b, c)] = e\n", 308),
    ("subscripts", "a[()]\na[1, 2]\na[(1, 2)]\na[1:2, ::3]\na[:, 1]\na[1:2,]\na[::]\n"
     "a[x:y:z]\na[:]\na[1:]\na[:2]\na[::2]\na[...]\na[b][c](d).e\n'abc'[0]\n", 308),
    ("starred", "a, *b = c\n*a, b = c\n[*a, *b]\n{*a, *b}\nf(*a, *b, **c, **d)\n"
     "x = *a, b\nprint(*a)\nprint(*(a or b))\nx = [*range(3)]\n"
     "def f():\n    return *a, b\n", 308),
    # 3.8 reads these only with the parentheses; 3.9+ parse them to the same trees
    ("starred tuples in parentheses", "for x in (*a, b): pass\nx += (*a, b)\na[(*b, c)]\n"
     "a[(*b,)]\nx = (*a, b)\n", 308),
    ("starred for iterable", "for x in *a, b: pass\nx += *a, b\n", 309),
    ("starred subscripts", "a[*b]\na[*b, c]\na[1:2, *b]\n", 311),
    # ---- yield, await, walrus
    ("yield", "def f():\n    x = yield\n    y = yield a, b\n    z = (yield) + 1\n"
     "    return (yield)\n    w = yield from g()\n    f((yield))\n    yield from (a, b)\n"
     "    x += yield\n    x: int = yield\n    await_ = [(yield)]\n    lambda: (yield)\n"
     "    print((yield x), (yield from y))\n    yield *a, b\n", 308),
    ("await and async", "async def f():\n    await x\n    async for a in b:\n        pass\n"
     "    async with a as b, c:\n        pass\n    [x async for x in y]\n"
     "    await (await x)\n    (await x).y\n    await x.y\n    (await x) ** 2\n"
     "    -(await x)\n    [x for x in await y]\n    await (x ** 2)\n", 308),
    ("walrus", "if (n := len(a)) > 10: pass\nif n := f(): pass\nwhile chunk := f.read(): pass\n"
     "[y := f(x), y ** 2]\nf(x := 1)\nf(a, x := 1)\nprint((x := 1))\nx = (y := 1)\n"
     "(x := 1)\n[x for x in y if (z := x)]\ndef f(a=(b := 1)): pass\nfoo[(x := 1)]\n"
     "lambda: (x := 1)\n(x := (y := 1))\nelif_ = [x := 1 for y in z]\n"
     "assert (x := 1)\nwith (x := f()): pass\n", 308),
    # ---- calls, dicts, comprehensions
    ("calls", "f(x for x in y)\nf((x for x in y), 1)\nf(a, *b, c=1, **d)\nf(*a, c=1)\n"
     "f(c=1, *a)\nf(**a, c=1)\nf(**{'a': 1})\nf(*[], **{})\nf(**a or b)\n(a + b)()\n", 308),
    ("dicts", "{**a, 'b': 1, **c}\n{**(a or b)}\n{a: b for a, b in c}\n{}\n{*()}\n"
     "{(a, b): c}\n{a: (b, c)}\n{a: lambda: 1}\n", 308),
    ("comprehensions", "[x for x in (lambda: y)()]\n[x for x in a if b if c]\n"
     "[x for x in (a if b else c)]\n[x for x in a or b]\n(x for x in y)\n"
     "[(x, y) for x, y in z]\n{x for x in y}\n[x for x in y for y in z]\n"
     "[x for x in (yield)] if 0 else 0\n", 308),
    # ---- statements
    ("definitions", "@a.b(c)\ndef f(a, b=1, /, c=2, *args, d, e=3, **kw) -> int:\n    pass\n"
     "def g(*, a): pass\ndef h(a, /): pass\ndef i(a: int = 1, *b: str, c: 'x' = 2, **d: e): pass\n"
     "class A(B, metaclass=M, **kw): pass\nclass C(): pass\nclass D(*bases): pass\n"
     "def f() -> lambda: int: pass\n@x\n@y.z\nclass E:\n    x = 1\n", 308),
    ("decorator expressions", "@(lambda f: f)\ndef g(): pass\n@a[0]\nclass C: pass\n"
     "@a if b else c\ndef h(): pass\n", 309),
    ("scopes and del", "def f():\n    global a, b\n    def g():\n        nonlocal c\n"
     "del a, (b, c), [d], e.f, g[0]\ndel (a), [b]\ndel x\n", 308),
    ("control flow", "if a:\n    pass\nelif b:\n    pass\nelse:\n    if c:\n        pass\n"
     "    x = 1\nif a:\n    pass\nelse:\n    if b:\n        pass\n"
     "while 1:\n    break\nelse:\n    pass\nfor x in y:\n    continue\nelse:\n    pass\n"
     "try:\n    pass\nexcept (A, B) as e:\n    pass\nexcept C:\n    pass\nexcept:\n    pass\n"
     "else:\n    pass\nfinally:\n    pass\ntry:\n    pass\nfinally:\n    pass\n", 308),
    ("assignments", "x += 1\nx **= 2\nx //= y\na.b @= c\nx: int\nx: int = 1\n(x): int = 1\n"
     "a.b: int\na[0]: int = 2\na = b = c = d\nx = yield_ = 1\nx >>= 1\nx ^= 2\n", 308),
    ("imports", "from . import a\nfrom ..a import b as c\nfrom a.b import *\n"
     "import a.b as c, d\nfrom .a.b import (c, d)\nimport a\n", 308),
    ("asserts and raises", "assert x, (y, z)\nassert x, 'message'\nraise X from None\n"
     "raise\nraise X\n", 308),
    ("except star", "try:\n    pass\nexcept* ValueError as e:\n    pass\nexcept* (A, B):\n"
     "    pass\n", 311),
    # `with (a, b):` is one tuple on 3.8 and two items on 3.9+
    ("with", "with (a, b): pass\nwith ((a, b)): pass\nwith ((a, b),): pass\n"
     "with a: pass\nwith a as b, c as d: pass\nwith a as (b, c): pass\n"
     "with (a, b) as c: pass\nwith (a, b), c: pass\nwith a, (b, c): pass\n"
     "with (yield): pass\nwith f() as a.b, g() as c[0]: pass\n", 308),
    ("with parentheses", "with (a, b): pass\nwith ((a, b)): pass\n"
     "with (open(x) as f, open(y) as g): pass\nwith (a, b,): pass\n", 309),
    ("type parameters", "def f[T: int, *Ts, **P](x: T) -> T: pass\n"
     "class C[T: (int, str)]: pass\ntype X = int\ntype Y[T] = list[T]\n"
     "type Z[*Ts] = tuple[*Ts]\nclass D[T](Base[T], metaclass=M): pass\n", 312),
    ("type parameter defaults", "def f[T = int, *Ts = *tuple[int], **P = [int]](): pass\n"
     "type A[T: int = bool] = T\n", 313),
    ("soft keywords as names", "match = 1\nmatch.x = 2\nprint(match, case)\ncase = match[0]\n"
     "_ = type(match)\nmatch(x)\nmatch[x]\nmatch * x\ntype = 1\ntype(x)\n", 308),
    ("match", "match command.split():\n    case [action]:\n        pass\n"
     "    case [action, obj]:\n        pass\n    case Point(x=0, y=0) | Point(x=1):\n"
     "        pass\n    case {'x': 1, **rest}:\n        pass\n    case [1, 2, *others]:\n"
     "        pass\n    case (1 | 2) as n if n > 1:\n        pass\n"
     "    case -1 | 1 + 2j | -1 - 2j | 'a' 'b' | b'x' | None | True | Color.RED:\n"
     "        pass\n    case [*_]:\n        pass\n    case (1 | 2) | 3:\n        pass\n"
     "    case ((a as b) as c):\n        pass\n    case {}:\n        pass\n"
     "    case C():\n        pass\n    case [a as b, *c]:\n        pass\n"
     "    case _:\n        pass\nmatch x, y:\n    case a, b:\n        pass\n"
     "match (x := f()):\n    case 1.5 | -0.5 | 1e309:\n        pass\n"
     "match *a, b:\n    case {1: _, 'k': [x, *_]}:\n        pass\n", 310),
    # ---- constants the parser makes
    ("numbers", "x = 123456789012345678901234567890\nx = 1e309\nx = -1e309\nx = 1e309j\n"
     "x = 0.1\nx = 1e-05\nx = 1.5e16\nx = 1_000\nx = 0o17\nx = 1j\nx = 2.5j\nx = 0j\n"
     "x = 0x" + "f" * 5000 + "\n", 308),
    ("ellipsis", "x = ...\na[...]\n...\n", 308),
    ("strings", "'\\x00\\r\\n\\t'\nb'\\x00\\xff'\nx = '\\ud800'\nx = u'abc'\nx = 'a' 'b'\n"
     "x = 'a\"b\\'c'\nx = \"it's\"\nx = '\\u200b\\xa0\\U0001f600'\nx = b'\\''\n"
     "x = 'é ü 中'\nx = '\\\\'\n", 308),
    ("docstrings", "'''Module doc with \"\"\" inside'''\ndef f():\n"
     "    '''Doc\n    string with \\\\ and \\t tab\n    '''\n"
     "class C:\n    \"\"\"ends with a quote\\\"\"\"\"\n"
     "def g():\n    u'unicode doc'\ndef h():\n    '\\r\\x00\\u200b\\ud800 \\U0001f600'\n"
     "def i():\n    '''both \"\"\" and \\'\\'\\' inside'''\n"
     "def j():\n    'ends with backslash \\\\'\n", 308),
    # ---- f-strings, every version
    ("f-string fields", "f'{x!r:>{width}}'\nf'{x:{y}.{z}}'\nf'{{literal}} {x}'\n"
     "f'{a!s}{b!a}'\nf'{x:%Y-%m-%d}'\nf'{{}}'\nf'{ {1: 2}[1] }'\nf'{ {1, 2} }'\n"
     "f'{x:#x}'\nf'{(lambda: 1)()}'\nf'{(x := 1)}'\nf'{a, b}'\nf'{x!r:}'\nf''\n"
     "'a' f'{b}' 'c'\nf'{x}}}'\nf'{ {} }'\nf'{a if b else c}'\nf'{x=}'\nf'{x = !s:>10}'\n"
     "f'{x:{{}}}'\nf'{x:{ {} }}'\nf'{x!r:{y}d}'\nf'{not x}'\nf'{-x}'\nf'{x, *y}'\n", 308),
    ("f-string quotes", "f'{x[\"key\"]}'\nf\"{x['key']}\"\nf\"{'a' if b else 'c'}\"\n"
     "f\"{x!r} isn't {y}\"\nf'{x} \"quoted\" {y}'\nf'''{x} it's \"both\" {y}'''\n"
     "f'''{\"a'b\"}'''\nf\"\"\"{'a\"b'}\"\"\"\nf'{\"#\"}'\nf\"{'{'}\"\nf'{b\"x\"}'\n"
     "f'''{\"\"\"a\nb\"\"\"}'''\nf'{f\"{x}\"}'\nf'''{f\"{f'{x}'}\"}'''\n"
     "f\"\"\"{f'''{f\"{f'{x}'}\"}'''}\"\"\"\nf'{x:{\">\"}{10}}'\nf'\"{x}\"'\n"
     "f\"'{x}'\"\nf'{x!r}\\'\"'\nf'''{\"\"\"a\"\"\"}'''\n", 308),
    # no one quote kind holds the nested literal: written as f'..' f".." pieces
    ("f-string pieces", 'x = f"""{f"\'\'\'\'{\'s\'!a}" f\'"\'}"""\ny = f\'\'\'{f"a\'b" f"c\'d" f\'e"f\'}\'\'\'\n', 308),
    ("f-string literal escapes", "f'line1\\nline2{x}'\nf'\\\\{x}\\\\'\nf'é{x}ü'\n"
     "f'\\u200b{x}\\x00'\nf'{x:\\n}'\nf'{x:\\\\}'\nf'\\t{x}\\r'\nf'{x}\\\\'\n", 308),
    ("f-string 3.12 grammar", "f'{'a'}'\nf'{'\\n'.join(a)}'\nf\"{x:{'>'}10}\"\n"
     "f'{f'{f'{x}'}'}'\nf'{x!r:{'>'}{10}}'\nf'{'\\\\'}'\nf'{x[\"a\"]!r:>{w}}'\n"
     "f'{'''a\nb'''}'\nf'{\"\\\"\"}'\n", 312),
]

# Constants only the decompiler makes; each must evaluate as the tree does.
VALUES = [
    "-1", "-2.5", "-0.0", "0.0", "float('inf')", "-float('inf')", "float('nan')",
    "complex(0, float('inf'))", "complex(1, -2)", "complex(-1, 2)", "complex(-0.0, 1)",
    "complex(0.0, -1.5)", "complex(-1.5, -0.0)", "complex(float('inf'), float('nan'))",
    "1j", "2 ** 100", "-(2 ** 100)", "7 ** 6000", "-(3 ** 9000)", "True", "None", "...",
    "(1, -2, 'a')", "()", "(1,)", "((1, 2), (-3.5,))", "frozenset({1, -2})", "frozenset()",
    "(frozenset({'a'}), b'x', None)", "'a\\nb'", "b'\\x00\\''", "'\\ud800'",
]


@pytest.fixture(scope="session")
def inputs(tmp_path_factory):
    d = tmp_path_factory.mktemp("printer")
    cases = [{"name": n, "source": s, "since": since} for n, s, since in CASES]
    (d / "cases.json").write_text(json.dumps(cases))
    (d / "values.json").write_text(json.dumps(VALUES))
    return d


def run_checker(version, printer, extra):
    python = corpus.interpreter(version)
    if python is None:
        pytest.fail("no Python %s interpreter under pyenv" % version)
    cmd = [python, str(ROOT / "tests" / "tools" / "ast_to_dp.py"), "--printer", printer] + extra
    proc = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    summary = [l for l in proc.stdout.splitlines() if l.startswith("SUMMARY")]
    if proc.returncode != 0 or not summary:
        pytest.fail("Python %s (exit %d):\n%s" % (version, proc.returncode, proc.stdout[-20000:]))
    print(summary[-1])
    return summary[-1]


@pytest.mark.parametrize("version", VERSIONS)
def test_cases_and_values(version, print_ast, inputs):
    line = run_checker(version, print_ast, ["--cases", str(inputs / "cases.json"),
                                            "--values", str(inputs / "values.json")])
    # every case that this version's grammar has was checked, none skipped
    applicable = sum(1 for _, _, since in CASES if since <= vnum(version))
    assert "total=" in line and int(line.split("total=")[1].split()[0]) >= applicable


@pytest.mark.parametrize("version", VERSIONS)
def test_stdlib_round_trip(version, print_ast):
    extra = ["--stdlib"] + ([] if FULL else ["--sample", str(SAMPLE)])
    line = run_checker(version, print_ast, extra)
    assert "differ=0 error=0" in line


@pytest.mark.parametrize("version", VERSIONS)
def test_random_trees(version, print_ast):
    """Random expressions in random statement contexts, one seed per version."""
    count = 3000 if FULL else 400
    line = run_checker(version, print_ast, ["--fuzz", str(count), "--seed", str(vnum(version))])
    assert "differ=0 error=0" in line
    refused = int(line.split("refused=")[1].split()[0])
    assert refused == 0 or vnum(version) < 312
    assert refused <= count // 100, line  # a refusal needs an unlikely nesting


# ---------------------------------------------------------------- records
# Trees no Python source gives, in print_ast's record format.

def h(text):
    return "'" + text.encode("utf-8").hex()


def name(n):
    return "Name %s Load" % h(n)


def run_records(printer, version, records):
    data = ("\n".join(records) + "\n").encode()
    proc = subprocess.run([printer, str(version)], input=data, stdout=subprocess.PIPE,
                          stderr=subprocess.PIPE, timeout=120)
    assert proc.returncode == 0, proc.stderr
    out, pos, results = proc.stdout, 0, []
    while pos < len(out):
        nl = out.index(b"\n", pos)
        header = out[pos:nl].decode().split(" ")
        size = int(header[-1])
        results.append((" ".join(header[1:-1]), out[nl + 1:nl + 1 + size].decode()))
        pos = nl + 1 + size
    assert len(results) == len(records)
    return results


def test_empty_bodies_print_pass(print_ast):
    rec = "M L3 If %s L0 L0 FunctionDef %s arguments L0 L0 ~ L0 L0 ~ L0 L0 L0 ~ L0 " \
          "Try L0 L1 ExceptHandler ~ ~ L0 L0 L0" % (name("x"), h("f"))
    [(status, text)] = run_records(print_ast, 313, [rec])
    assert status == "ok", text
    compile(text, "<printed>", "exec")
    assert text.count("pass\n") == 4, text


def test_empty_module_prints_nothing(print_ast):
    assert run_records(print_ast, 308, ["M L0"]) == [("ok", "")]


def test_unrecovered_region(print_ast):
    disasm = "  2           0 LOAD_FAST                0 (x)\n\n              2 JUMP_BACKWARD\r\n"
    body = "L2 Unrecovered %s %s Return %s" % (h("odd jump\nat 4"), h(disasm), name("x"))
    rec = "M L1 FunctionDef %s arguments L0 L1 arg %s ~ ~ L0 L0 ~ L0 %s L0 ~ L0" % (
        h("f"), h("x"), body)
    for version in (308, 313):
        [(status, text)] = run_records(print_ast, version, [rec])
        assert status == "ok", text
        lines = text.splitlines()
        assert "    # depyf: could not recover this region: odd jump at 4" in lines
        assert "    #   " + disasm.splitlines()[0] in lines
        assert "    raise RuntimeError('depyf could not decompile this region')" in lines
        namespace = {}
        exec(compile(text, "<printed>", "exec"), namespace)
        with pytest.raises(RuntimeError):
            namespace["f"](1)


def test_opaque_constant(print_ast):
    rec = "X BinOp Constant o%s ~ Add Constant i1 ~" % "__dp_tensor_0".encode().hex()
    [(status, text)] = run_records(print_ast, 311, [rec])
    assert status == "ok", text
    assert eval(text, {"__dp_tensor_0": 41}) == 42


def test_depth_limit(print_ast):
    def nested(n):
        return "X " + "UnaryOp USub " * n + name("x")
    ok, deep = run_records(print_ast, 312, [nested(900), nested(1200)])
    assert ok[0] == "ok" and ok[1] == "-" * 900 + "x"
    assert deep[0] == "error too-deep", deep
    # statements count too
    stmts = "M " + "L1 If %s " % name("c") * 1100 + "L0 " + "L0 " * 1100
    [(status, _)] = run_records(print_ast, 312, [stmts.strip()])
    assert status == "error too-deep"


def test_missing_required_fields_fail_cleanly(print_ast):
    bad = [
        "M L1 Expr ~",
        "X BinOp ~ Add %s" % name("x"),
        "M L1 Assign L0 %s" % name("x"),
        "X Call ~ L0 L0",
        "X JoinedStr L1 FormattedValue ~ #-1 ~",
        "X Compare %s L0 L0" % name("a"),
    ]
    for status, text in run_records(print_ast, 310, bad):
        assert status == "error unsupported", (status, text)
    # optional fields may be NULL
    good = ["M L3 Return ~ Raise ~ ~ Expr Yield ~", "X Slice ~ ~ ~"]
    for status, text in run_records(print_ast, 310, good):
        assert status == "ok", text


def test_fstring_without_backslash_form(print_ast):
    """A backslash in a field has no 3.8-3.11 spelling: an error, not bad code
    (a newline has one: a raw newline in triple quotes)."""
    rec = "X JoinedStr L1 FormattedValue Constant s%s ~ #-1 ~" % "\\".encode().hex()
    for version in (308, 311):
        [(status, text)] = run_records(print_ast, version, [rec])
        assert status == "error unsupported", text
    [(status, text)] = run_records(print_ast, 312, [rec])
    assert status == "ok", text
    # 3.12 syntax: evaluate it on 3.12
    proc = subprocess.run([corpus.interpreter("3.12"), "-c",
                           "import sys; print(ascii(eval(sys.stdin.read())))"],
                          input=text, stdout=subprocess.PIPE, text=True)
    assert proc.stdout.strip() == ascii("\\"), (text, proc.stdout)


def test_linear_time(print_ast):
    """A list of 200,000 names (one a line, as any display of more than 16
    elements) and a 100,000-part f-string print in linear time."""
    n = 200000
    lst = "X List L%d %s Load" % (n, " ".join([name("x")] * n))
    parts = " ".join(["FormattedValue %s #-1 ~ Constant s%s ~" % (name("x"), b"ab".hex())]
                     * (n // 2))
    fstr = "X JoinedStr L%d %s" % (n, parts)
    start = time.perf_counter()
    results = run_records(print_ast, 311, [lst, fstr])
    elapsed = time.perf_counter() - start
    assert [s for s, _ in results] == ["ok", "ok"]
    assert results[0][1].split() == ["["] + ["x,"] * n + ["]"] and results[1][1].count("{x}ab") == n // 2
    assert elapsed < 20, elapsed


def test_format_specs_nested_too_deep(print_ast):
    """{x:{y:{z:{w}}}} nests fields deeper than any version's parser allows
    (one format spec deep before 3.12, two after): the printer writes an
    f-string inside the field instead, which formats to the same text."""
    def field(var, spec):
        return "FormattedValue %s #-1 %s" % (name(var), "JoinedStr L1 " + spec if spec else "~")
    rec = "X JoinedStr L1 " + field("x", field("y", field("z", field("w", ""))))
    env = {"x": 3.14159, "y": ".3f", "z": "s", "w": ""}
    want = format(env["x"], format(env["y"], format(env["z"], format(env["w"]))))
    for version in VERSIONS:
        [(status, text)] = run_records(print_ast, vnum(version), [rec])
        assert status == "ok", text
        proc = subprocess.run([corpus.interpreter(version), "-c",
                               "import sys; print(eval(sys.stdin.read(), %r))" % env],
                              input=text, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                              text=True)
        assert proc.stdout.strip() == want, (version, text, proc.stdout)
