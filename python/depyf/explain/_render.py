"""The text of the dump files."""
import ast
import os
import re

from . import _compat, _files, _source

# ---- __transformed_code_{k}_for_{name}.py -----------------------------------
# The header has a fixed number of lines, so the code compiled from the file
# has the file's line numbers whatever the header says.
HEADER_LINES = 4
TRANSFORMED_HEADER_BLANK = "\n" * HEADER_LINES


def _origin(code):
    return "%s (%s:%d)" % (code.co_name, code.co_filename, code.co_firstlineno)


def transformed_file(code, body, verified, reason, dis_text, key, mapped=False, equivalent=False):
    tag = _files.key_tag(key)
    if mapped:
        if equivalent:
            said = ("verified to do what it does (the same operations in the same order; "
                    "the decompiler's __depyf_t temporaries hold what Dynamo kept on the stack)")
        else:
            said = "NOT verified to do what it does: %s" % " ".join((reason or "?").split())[:200]
        head = [
            "# depyf: this is the code that runs. %s" % tag,
            "# Decompiled from the bytecode Dynamo produced for %s; exactly that bytecode runs, its lines" % _origin(code),
            "# moved onto these statements, %s. Breakpoints set here hit under depyf.debug()." % said,
            "",
        ]
        return "\n".join(head) + "\n" + body.rstrip("\n") + "\n"
    if verified:
        head = [
            "# depyf: this is the code that runs. %s" % tag,
            "# Decompiled from the bytecode Dynamo produced for %s, compiled back and" % _origin(code),
            "# verified equal to it (normalized bytecode); breakpoints set here hit under depyf.debug().",
            "",
        ]
        return "\n".join(head) + "\n" + body.rstrip("\n") + "\n"
    head = [
        "# depyf: NOT THE CODE THAT RUNS. %s" % tag,
        "# Dynamo's own bytecode for %s runs instead, because: %s" % (
            _origin(code), " ".join((reason or "?").split())[:300]),
        "# Below: %s and Dynamo's bytecode, disassembled." % (
            "the decompiled source, for reading only," if body is not None else "no source could be recovered;"),
        "",
    ]
    out = "\n".join(head) + "\n"
    if body is not None:
        out += body.rstrip("\n") + "\n\n"
    out += "# ---- Dynamo's bytecode for %s ----\n" % code.co_name
    out += _source.commented(dis_text)
    return out


def strip_header(text):
    lines = text.splitlines(keepends=True)
    return "".join(lines[HEADER_LINES:])


# ---- __compiled_fn_{n}.{kind}.{k}.py ----------------------------------------
GRAPH_PRELUDE = "from __future__ import annotations\nimport torch\nfrom torch import device\n"

_GRAPH_NOTES = {
    "Captured_Graph": "the graph Dynamo captured; it runs as is with backend='eager'",
    "Joint_graph": "AOTAutograd's joint forward+backward graph",
    "Forward_graph": "AOTAutograd's forward graph; it runs as is with backend='aot_eager'",
    "Backward_graph": "AOTAutograd's backward graph; it runs as is with backend='aot_eager'",
    "BEFORE_PRE_GRAD": "the graph Inductor received, before its pre-grad passes",
    "AFTER_POST_GRAD": "the graph Inductor lowers, after its post-grad passes (see the kernel files)",
}


def graph_header(kind, fn, key, logged_as):
    note = _GRAPH_NOTES.get(kind, "a graph stage PyTorch logs as %r" % logged_as)
    return ("# depyf: %s of %s: %s. %s\n" % (kind.replace("_", " "), fn, note, _files.key_tag(key)))


def graph_text_for_compile(text):
    """The graph file's text as depyf compiles it: the import lines become
    `pass` (an imported `torch` changes how 3.11+ compiles `torch.f(x)`, and
    the forward only needs the graph module's own globals)."""
    out = []
    for line in text.splitlines(keepends=True):
        if line in ("import torch\n", "from torch import device\n"):
            line = "pass\n"
        out.append(line)
    return "".join(out)


# ---- full_code_for_{name}_{k}.py --------------------------------------------

def _decompiled_def(code, as_name):
    """Source defining `as_name` for code, or a commented disassembly with a
    signature-only definition when it cannot be decompiled."""
    try:
        return _source.decompile_plain(code, as_name).rstrip("\n") + "\n", True
    except Exception as e:
        params, _, _ = _source.signature_of(code)
        reason = " ".join(str(e).split())[:200]
        out = "# depyf could not decompile %s (%s); its bytecode:\n" % (code.co_name, reason)
        out += _source.commented(_source.disassembly(code))
        out += "def %s(%s):\n    ...  # see the bytecode above\n" % (as_name, params)
        return out, False


def _guard_function(name, entry, warn):
    lines = ["def %s(L, G, **___kwargs_ignored):" % name, "    __guard_hit = True"]
    try:
        parts = _compat.guard_parts(entry)
    except Exception as e:
        lines.append("    # depyf could not read this cache entry's guards: %s" % e)
        warn("reading the guards of a cache entry", e, "The full_code file says so where they belong.")
        parts = []
    for code, comment in parts:
        # One parse per guard where possible (a parse costs ~15-30 us, a failed
        # one more, and a model has hundreds of guards; parsing them together
        # costs as much).  A text ending in ", type=<...>" is never an
        # expression itself, nor is one whose part before " against " is (a
        # NAME cannot follow a whole expression): those parts are tried first.
        expr, node = code, None
        m = _TYPE_SUFFIX.search(expr)
        if m:
            node = _parse_one(expr[:m.start()])
            if node is not None:
                comment = (m.group(0).lstrip(", ") + ("  " + comment if comment else "")).strip()
                expr = expr[:m.start()]
        if node is None and " against " in expr:
            node = _parse_one(expr.split(" against ", 1)[0])
            if node is not None:
                expr, rest = expr.split(" against ", 1)
                comment = ("against " + rest + ("  " + comment if comment else "")).strip()
        if node is None:
            node = _parse_one(expr)
        if node is not None:
            if _is_looser(node):  # `a or b` must not become `hit and a or b`
                expr = "(%s)" % expr
            line = "    __guard_hit = __guard_hit and %s" % expr
        else:
            line = "    # (not a Python expression) %s" % expr
        if comment:
            line += "  # " + " ".join(comment.split())
        lines.append(line)
    lines.append("    return __guard_hit")
    return "\n".join(lines) + "\n"


_TYPE_SUFFIX = re.compile(r",\s*type=<[^>]*>\s*$")


def _is_looser(node):
    """Whether `__guard_hit and E` would split E: E binds looser than `and`,
    or is a bare tuple.  (An unparenthesized walrus or yield is no
    expression on its own: _parse_one rejects it.)"""
    return (isinstance(node, (ast.IfExp, ast.Lambda, ast.Tuple))
            or (isinstance(node, ast.BoolOp) and isinstance(node.op, ast.Or)))


def _parse_one(text):
    """text's expression node, or None where text is not one expression."""
    try:
        return ast.parse(text, mode="eval").body
    except SyntaxError:
        return None


def _closure_vars_comment(entry):
    try:
        cv = _compat.guard_closure_vars(entry)
    except Exception:
        return ""
    if not cv:
        return ""
    out = ["# Names the guards below use (from the guard manager's closure variables):"]
    for k in sorted(cv):
        r = " ".join(repr(cv[k]).split())
        if len(r) > 160:
            r = r[:157] + "..."
        out.append("#   %s = %s" % (k, r))
    return "\n".join(out) + "\n"


class _FullCode:
    def __init__(self, session):
        self.s = session
        self.guard_count = {}
        self.done = set()

    def function(self, code, display_name, globals_dict, depth=0):
        """Sections for one compiled function (resume functions first)."""
        if id(code) in self.done or depth > 50:
            return ""
        self.done.add(id(code))
        before = []
        mine = []
        params, call, arg_names = _source.signature_of(code)
        try:
            entries = _compat.cache_entries(code)
        except Exception as e:
            entries = []
            mine.append("# depyf could not read the cache entries of %s: %s\n" % (code.co_name, e))
            self.s.warn("reading the cache entries of %s" % code.co_name, e)
        dispatch = []
        base = _files.safe_name(code.co_name)
        for i, entry in enumerate(entries):
            ecode = _compat.entry_code(entry)
            info = self.s.transformed.get(id(ecode))
            n = self.guard_count.get(base, 0)
            self.guard_count[base] = n + 1
            gname = "__guard_%d_for_%s" % (n, base)
            sec = ["# ======== cache entry %d of %s: compile id %s ========\n" % (
                i, display_name, _compat.entry_compile_id(entry) or "?")]
            sec.append(_closure_vars_comment(entry))
            sec.append(_guard_function(gname, entry, self.s.warn))
            graphs = [x for x in ecode.co_names if x.startswith("__compiled_fn")]
            for g in graphs:
                sec.append("\n# Note: the graph code is in %s.*.py: Captured_Graph (Dynamo's graph), "
                           "Joint_graph/Forward_graph/Backward_graph (AOTAutograd), kernel_* (Inductor).\n"
                           "def %s(*args, **kwargs):\n    pass\n" % (_files.strip_uuid(g), g))
            if info is not None:
                tname = info.name
                status = ("this is the code that runs" if info.verified
                          else "NOT the code that runs: Dynamo's own bytecode does")
                sec.append("\n# Transformed code, from %s (%s):\n" % (os.path.basename(info.path), status))
                sec.append(_body_without_disassembly(info.body).rstrip("\n") + "\n")
                if not _defines(info.body, tname):
                    sec.append("def %s(%s):\n    ...  # see %s\n" % (tname, params, os.path.basename(info.path)))
            else:
                tname = "__transformed_code_for_%s_entry_%d" % (base, i)
                src, _ = _decompiled_def(ecode, tname)
                sec.append("\n# Transformed code (not produced while depyf was watching):\n" + src)
            mine.append("\n".join(x for x in sec if x) + "\n")
            dispatch.append((gname, tname))
            for rname in ecode.co_names:
                if _compat.is_resume_name(rname) and globals_dict is not None:
                    fn = globals_dict.get(rname)
                    rcode = getattr(fn, "__code__", None)
                    if rcode is not None:
                        before.append(self.function(rcode, rname, globals_dict, depth + 1))
        orig_src, _ = _decompiled_def(code, display_name)
        mine.append("\n# The original function. If a cache entry above applies, this is not what runs.\n" + orig_src)
        d = ["", "def transformed_%s(%s):" % (display_name, params)]
        d.append("    __local_dict = {%s}" % ", ".join('"%s": %s' % (a, a) for a in arg_names))
        d.append("    __global_dict = globals()")
        for gname, tname in dispatch:
            d.append("    if %s(__local_dict, __global_dict):" % gname)
            d.append("        return %s(%s)" % (tname, call))
        d.append("    # No guard passed: Dynamo compiles again (adding a cache entry) or runs the original.")
        d.append("    return %s(%s)" % (display_name, call))
        mine.append("\n".join(d) + "\n")
        mine.append("\n#============ end of %s ============#\n" % display_name)
        return "".join(before) + "\n".join(mine)


def _defines(src, name):
    try:
        return _source.find_def(ast.parse(src), name) is not None
    except SyntaxError:
        return False


def _body_without_disassembly(body):
    cut = body.find("# ---- Dynamo's bytecode for ")
    if cut < 0:
        return body
    return body[:cut] + "# (Dynamo's bytecode: see the file named above)\n"


def full_code_files(session):
    out = []
    resume_codes = set()
    for code in session.original_codes:
        g = session.globals_of.get(id(code))
        for entry in _safe_entries(code):
            for rname in _compat.entry_code(entry).co_names:
                if _compat.is_resume_name(rname) and g is not None:
                    rc = getattr(g.get(rname), "__code__", None)
                    if rc is not None:
                        resume_codes.add(id(rc))
    for code in session.original_codes:
        if id(code) in resume_codes:
            continue
        r = _FullCode(session)
        head = ("# depyf: everything torch.compile did to %s: per cache entry, its guards, the\n"
                "# transformed code and the resume functions it calls; then the original function and\n"
                "# transformed_%s, which shows how the guards choose the code that runs.\n"
                % (_origin(code), code.co_name))
        text = head + r.function(code, code.co_name, session.globals_of.get(id(code)))
        out.append((code.co_name, text))
    return out


def _safe_entries(code):
    try:
        return _compat.cache_entries(code)
    except Exception:
        return []
