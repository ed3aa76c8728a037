"""Decompiled source for Dynamo's code objects, and compiling it back.

The decompiler gives (source, bindings): a definition whose name is the code
object's own, where every constant that is not a literal (a tensor, a class,
a function Dynamo put into co_consts) appears as a placeholder name bound in
`bindings`.  Compiling back, each placeholder becomes a unique string
literal, and after compilation that constant is replaced by the bound object,
so a placeholder compiles to the same LOAD_CONST Dynamo wrote.
"""
import ast
import dis
import io
import tokenize
import types


class NotDecompiled(Exception):
    """Decompilation did not produce source (the reason is the message)."""


def decompile_with_bindings(code, name=None):
    """(source, bindings) of code, its function named `name` if given."""
    try:
        from depyf import _decompile
        fn = _decompile.decompile_with_bindings
    except (ImportError, AttributeError) as e:
        raise NotDecompiled("the decompiler is not available (%s)" % e)
    try:
        src, bindings = fn(code, name=name)
    except Exception as e:
        raise NotDecompiled("%s: %s" % (type(e).__name__, _one_line(e)))
    if not isinstance(src, str):
        raise NotDecompiled("decompiler returned %r, not source" % type(src).__name__)
    return src, dict(bindings or {})


def decompile_for_dump(code, name, with_lines):
    """(source, bindings, unit_lines) of one decompilation of code, its
    function named `name`: unit_lines gives, for each code unit of code, the
    line of the source that it belongs to (None without with_lines, or when
    the decompiler could not map them)."""
    try:
        from depyf import _decompile
    except ImportError as e:
        raise NotDecompiled("the decompiler is not available (%s)" % e)
    if with_lines:
        try:
            return _decompile.decompile_with_lines(code, name=name)
        except Exception:
            pass   # the plain call below says why, or gives source without lines
    src, bindings = decompile_with_bindings(code, name)
    return src, bindings, None


def decompile_plain(code, name=None):
    """Readable source for code (placeholders left as names), its function
    named `name` if given, or raise."""
    src, _ = decompile_with_bindings(code, name)
    return src


def _one_line(e):
    s = str(e).strip().splitlines()
    return s[0] if s else ""


def disassembly(code):
    out = io.StringIO()
    dis.dis(code, file=out)
    return out.getvalue()


def commented(text, prefix="# "):
    return "".join(prefix + line + "\n" if line.strip() else "#\n"
                   for line in text.splitlines())


# ---- renaming the definition -------------------------------------------------

def find_def(tree, name):
    """The first (breadth-first) def of `name` in tree."""
    queue = [tree]
    while queue:
        node = queue.pop(0)
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name == name:
            return node
        queue.extend(ast.iter_child_nodes(node))
    return None


# ---- compiling back ---------------------------------------------------------

_SENTINEL = "\x00depyf-placeholder:%s"


def _with_sentinels(src, names):
    """Each placeholder NAME token becomes a unique string literal, edited in
    place so every other token keeps its line (and so breakpoints stay put)."""
    if not names:
        return src
    edits = []
    for tok in tokenize.generate_tokens(io.StringIO(src).readline):
        if tok.type == tokenize.NAME and tok.string in names:
            edits.append((tok.start[0], tok.start[1], tok.string))
    lines = src.splitlines(keepends=True)
    for lineno, col, name in sorted(edits, reverse=True):
        line = lines[lineno - 1]
        lines[lineno - 1] = line[:col] + repr(_SENTINEL % name) + line[col + len(name):]
    return "".join(lines)


def _bind(value, table):
    if isinstance(value, str) and value in table:
        return table[value]
    if type(value) is tuple:
        return tuple(_bind(v, table) for v in value)
    if isinstance(value, types.CodeType):
        return bind_code(value, table)
    return value


def bind_code(code, table):
    consts = tuple(_bind(c, table) for c in code.co_consts)
    return code.replace(co_consts=consts)


def with_filename(code, filename):
    consts = tuple(with_filename(c, filename) if isinstance(c, types.CodeType) else c
                   for c in code.co_consts)
    return code.replace(co_filename=filename, co_consts=consts)


def find_code(code, name):
    """Breadth-first: the first code object named `name` under `code`."""
    queue = [code]
    while queue:
        c = queue.pop(0)
        if c.co_name == name and c is not code:
            return c
        queue.extend(x for x in c.co_consts if isinstance(x, types.CodeType))
    return None


def compile_back(text, func_name, bindings, filename="<depyf>"):
    """Compile `text` (which defines func_name, possibly inside a closure
    wrapper) and return func_name's code object with placeholders bound."""
    names = set(bindings)
    module = compile(_with_sentinels(text, names), filename, "exec", dont_inherit=True)
    code = find_code(module, func_name)
    if code is None:
        raise NotDecompiled("compiled source has no code object named %s" % func_name)
    if names:
        code = bind_code(code, {_SENTINEL % k: v for k, v in bindings.items()})
    return code


def signature_of(code):
    """(parameter text, call text) of a code object's arguments."""
    CO_VARARGS, CO_VARKEYWORDS = 0x04, 0x08
    names = list(code.co_varnames)
    npos = code.co_argcount
    nkw = code.co_kwonlyargcount
    params, call = [], []
    pos = names[:npos]
    for i, n in enumerate(pos):
        params.append(n)
        call.append(n)
        if code.co_posonlyargcount and i == code.co_posonlyargcount - 1:
            params.append("/")
    idx = npos + nkw
    if code.co_flags & CO_VARARGS:
        params.append("*" + names[idx])
        call.append("*" + names[idx])
        idx += 1
    elif nkw:
        params.append("*")
    for n in names[npos:npos + nkw]:
        params.append(n)
        call.append("%s=%s" % (n, n))
    if code.co_flags & CO_VARKEYWORDS:
        params.append("**" + names[idx])
        call.append("**" + names[idx])
    arg_names = pos + names[npos:npos + nkw]
    return ", ".join(params), ", ".join(call), arg_names
