"""Round trip: decompile the stdlib, compile it back, compare bytecode (issue #3).

For each version, on the corpus of corpus.py (that interpreter's own stdlib):

  module level    the interpreter compiles each module to a .pyc, the
                  command line (`$DEPYF FILE.pyc`, default build/depyf)
                  decompiles it, the interpreter compiles the output and
                  every code object is compared with normalize.compare().
  function level  for every def and lambda body of each module (not module,
                  class bodies or comprehensions), depyf.decompile(code) in
                  that interpreter (the installed package), compile the
                  result, find the code object with the function's name in
                  it (inside a wrapper if there is one) and compare it.

Each item (a module, or one function) lands in one category:
  decompile-error     the CLI exited with status >= 2 (or crashed, or timed
                      out); depyf.decompile raised anything but
                      DecompilationError
  unrecovered         CLI exit status 1 / DecompilationError
  does-not-compile    the output does not compile
  compiles-not-exact  it compiles, but the bytecode differs (the first
                      difference is recorded)
  exact               equal to the original's bytecode, or (3.11+) to what
                      the interpreter compiles from ast.unparse(ast.parse(
                      source)), code object by code object; at function
                      level (3.11+) also to what it compiles from the
                      function's own definition alone, with its original
                      line numbers or through ast.unparse (see
                      normalize.py: the module around a function steers
                      its bytecode)
"compiles" counts exact + compiles-not-exact: output with unrecovered
regions is not counted as compiling.  A module the interpreter itself cannot
compile is not in the corpus (counted as skipped).

    python tests/tools/roundtrip.py [--versions 3.8,3.13] [--sample N]
        [--level module|function|both] [--stand-in [unparse|ast]] [--jobs N]
        [--timeout S] [--out DIR] [--baseline FILE [--baseline-section S]]
        [--modules test/test_except_star.py,...]

--modules runs on those stdlib files instead of the corpus (a test module
of CPython's own, say: excluded from the corpus, no floors apply).

--stand-in replaces depyf by ast.unparse(ast.parse(source)) (function level:
ast.unparse of that function's FunctionDef/Lambda node, found by name and
first line, decorators dropped, wrapped in a def that defines its free
variables and in a class of the original's name where it was defined in a
class): a check of the harness itself.  3.8 has no ast.unparse: n/a there.
`--stand-in ast` compiles the parsed AST instead of text (every version;
line numbers kept).  --mutate KIND corrupts the stand-in's output (swap-op,
drop-stmt, rename-arg, docstring, const) to show that the comparison fails;
items where the mutation finds nothing to change are counted as n/a.

Writes DIR/<ver>-failures.txt (module[::function], level, category, first
difference or error line) and DIR/summary.json; DIR defaults to
build/roundtrip.  Exit status 1 when the harness itself failed (a worker
would not start, or raised), or when a figure is below --baseline.
"""
import argparse
import json
import os
import select
import subprocess
import sys
import tempfile
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
import corpus  # noqa: E402

CATEGORIES = ["decompile-error", "unrecovered", "does-not-compile", "compiles-not-exact",
              "exact"]
LEVELS = ["module", "function"]
# The targets of issue #3, per version, in percent.
TARGETS = {"module_compiles": 99.0, "module_exact": 90.0,
           "function_compiles": 99.5, "function_exact": 95.0}
FIGURES = ["module_compiles", "module_exact", "function_compiles", "function_exact"]
MUTATIONS = ["swap-op", "drop-stmt", "rename-arg", "docstring", "const"]


def default_depyf():
    return os.environ.get("DEPYF") or os.path.join(ROOT, "build", "depyf")


# =========================================================================
# Worker: runs inside the interpreter of the version under test, reads one
# JSON task per line on stdin and answers JSON lines on a private copy of
# stdout (fd 1 itself goes to stderr, so nothing else can garble them).
# =========================================================================

def _first_line(text):
    text = text.strip()
    return text.splitlines()[0] if text else ""


def _compile_error(e):
    line = getattr(e, "lineno", None)
    return "%s: %s%s" % (type(e).__name__, getattr(e, "msg", None) or e,
                         " (line %s)" % line if line else "")


def _unparse_module(source, path):
    """What the interpreter compiles from ast.unparse(ast.parse(source))."""
    import ast
    if sys.version_info < (3, 11):
        return None
    try:
        return compile(ast.unparse(ast.parse(source)), path, "exec", dont_inherit=True)
    except Exception:
        return None


def _mutate(tree, kind):
    """Corrupt `tree` in place; False when it holds nothing to corrupt.
    `tree` is a module, or a def or lambda decompiled alone: then only its
    body and own arguments count (defaults, annotations and decorators are
    evaluated by the code around it, not by its code object)."""
    import ast
    tests = set(id(n.test) for n in ast.walk(tree) if hasattr(n, "test"))

    def nodes(node):  # depth first, in field order
        yield node
        if node is tree and isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            children = node.body
        elif node is tree and isinstance(node, ast.Lambda):
            children = [node.body]
        else:
            children = ast.iter_child_nodes(node)
        for child in children:
            for n in nodes(child):
                yield n

    defs = (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)
    if kind == "swap-op":
        for n in nodes(tree):
            if isinstance(n, (ast.BinOp, ast.AugAssign)) and isinstance(n.op, (ast.Add, ast.Sub)):
                n.op = ast.Sub() if isinstance(n.op, ast.Add) else ast.Add()
                return True
        return False
    if kind == "drop-stmt":
        for n in nodes(tree):
            for field in ("body", "orelse", "finalbody"):
                stmts = getattr(n, field, None)
                if not isinstance(stmts, list):
                    continue
                for k, s in enumerate(stmts):
                    if isinstance(s, (ast.Assign, ast.AugAssign)) or (
                            isinstance(s, ast.Expr) and isinstance(s.value, ast.Call)) or (
                            isinstance(s, ast.Return) and s.value is not None and not (
                                isinstance(s.value, ast.Constant) and s.value.value is None)):
                        del stmts[k]
                        if not stmts:
                            stmts.append(ast.copy_location(ast.Pass(), s))
                        return True
        return False
    if kind == "rename-arg":
        for n in nodes(tree):
            if isinstance(n, defs):
                a = n.args
                for arg in a.posonlyargs + a.args + a.kwonlyargs + [a.vararg, a.kwarg]:
                    if arg is not None:
                        arg.arg = arg.arg + "_mutant"
                        return True
        return False
    if kind == "docstring":
        for n in nodes(tree):
            if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef)):
                first = n.body[0]
                if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) \
                        and isinstance(first.value.value, str):
                    first.value.value += " (mutant)"
                else:
                    doc = ast.Expr(ast.Constant("mutant"))
                    n.body.insert(0, ast.fix_missing_locations(ast.copy_location(doc, first)))
                return True
        return False
    if kind == "const":
        statement_values = set(id(n.value) for n in nodes(tree) if isinstance(n, ast.Expr))
        for n in nodes(tree):
            if isinstance(n, ast.Constant) and id(n) not in tests \
                    and id(n) not in statement_values:
                if type(n.value) is int:
                    n.value += 1
                    return True
                if type(n.value) is str:
                    n.value += "mutant"
                    return True
        return False
    raise ValueError("unknown mutation %r" % kind)


def _stand_in_module(cfg, source):
    """(output, None) or (None, (category, detail)); output is text or an AST."""
    import ast
    tree = ast.parse(source)
    if cfg["mutate"] and not _mutate(tree, cfg["mutate"]):
        return None, ("n/a", "nothing to mutate")
    if cfg["mode"] == "ast":
        return tree, None
    return ast.unparse(tree), None


def _cli_module(cfg, orig):
    import importlib.util
    import marshal
    pyc = os.path.join(cfg["tmp"], "%d.pyc" % os.getpid())
    with open(pyc, "wb") as f:
        f.write(importlib.util.MAGIC_NUMBER + b"\0" * 12 + marshal.dumps(orig))
    limit = cfg["timeout"] * 0.9
    proc = subprocess.Popen([cfg["depyf"], pyc], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            start_new_session=True)
    try:
        out, err = proc.communicate(timeout=limit)
    except subprocess.TimeoutExpired:
        import signal
        os.killpg(proc.pid, signal.SIGKILL)  # its own session: children too
        proc.communicate()
        return None, ("decompile-error", "CLI timed out after %.0fs" % limit)
    err = _first_line(err.decode("utf-8", "replace"))
    err = err.replace("depyf: %s: " % pyc, "").replace(pyc, "FILE.pyc")
    if proc.returncode == 0:
        return out, None
    if proc.returncode == 1:
        return None, ("unrecovered", err)
    return None, ("decompile-error", "exit %d: %s" % (proc.returncode, err))


def module_task(cfg, path, emit):
    import normalize
    with open(path, "rb") as f:
        source = f.read()
    try:
        orig = compile(source, path, "exec", dont_inherit=True)
    except Exception as e:
        emit({"item": None, "cat": "skipped", "detail": _compile_error(e)})
        return
    if cfg["mode"] == "depyf":
        output, failed = _cli_module(cfg, orig)
    else:
        output, failed = _stand_in_module(cfg, source)
    if failed:
        emit({"item": None, "cat": failed[0], "detail": failed[1]})
        return
    try:
        got = compile(output, path, "exec", dont_inherit=True)
    except Exception as e:  # SyntaxError, ValueError, RecursionError, ...
        emit({"item": None, "cat": "does-not-compile", "detail": _compile_error(e)})
        return
    alt = _unparse_module(source, path)
    diff = normalize.compare(orig, got, [alt] if alt is not None else [])
    by_original = diff is None and (alt is None or normalize.compare(orig, got) is None)
    emit({"item": None, "cat": "exact" if diff is None else "compiles-not-exact",
          "detail": diff or "", "by_original": by_original})


class _StandInFunctions(object):
    """Finds each function's node in the module's AST and prints it alone."""

    def __init__(self, cfg, source, module_code):
        import ast
        import normalize
        self.cfg = cfg
        self.tree = ast.parse(source)
        nodes = {}

        def walk(node):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
                if isinstance(node, ast.Lambda):
                    key = ("<lambda>", node.lineno)
                else:
                    key = (node.name, min([node.lineno] + [d.lineno for d in node.decorator_list]))
                nodes.setdefault(key, []).append(node)
            for child in ast.iter_child_nodes(node):
                walk(child)

        walk(self.tree)
        # the k-th code object with a (name, first line) gets the k-th node
        self.node_of = {}
        self.enclosing_class = {}
        seen = {}

        def walk_codes(code, cls):
            lazy = normalize.lazy_type_scopes(code)
            for child in normalize.children(code):
                if normalize.is_function(child) and id(child) not in lazy:
                    key = (child.co_name, child.co_firstlineno)
                    k = seen.get(key, 0)
                    seen[key] = k + 1
                    found = nodes.get(key, [])
                    self.node_of[id(child)] = found[k] if k < len(found) else None
                    self.enclosing_class[id(child)] = cls
                is_class = not child.co_flags & normalize.CO_OPTIMIZED
                walk_codes(child, child.co_name if is_class else cls)

        walk_codes(module_code, None)

    def output(self, code, mode=None, mutate=None):
        """The function's definition alone, as text (mode "unparse") or as a
        module AST (mode "ast"); (None, (category, detail)) on failure."""
        import ast
        import copy
        mode = mode or self.cfg["mode"]
        mutate = self.cfg["mutate"] if mutate is None else mutate
        node = self.node_of.get(id(code))
        if node is None:
            return None, ("decompile-error", "stand-in: no AST node for %s at line %d" % (
                code.co_name, code.co_firstlineno))
        node = copy.deepcopy(node)
        if mutate and not _mutate(node, mutate):
            return None, ("n/a", "nothing to mutate")
        if isinstance(node, ast.Lambda):
            stmt = ast.parse("__depyf_lambda__ = None").body[0]
            stmt.value = node
        else:
            node.decorator_list = []
            stmt = node
        # the enclosing scopes, as text, with `pass` where the def goes
        cls = self.enclosing_class.get(id(code))
        if cls is None and "__class__" in code.co_freevars:
            cls = "__depyf_class__"
        free = [v for v in code.co_freevars if v != "__class__"]
        lines, indent = [], ""
        import __future__
        for feature in __future__.all_feature_names:  # e.g. annotations
            if code.co_flags & getattr(__future__, feature).compiler_flag:
                lines.append("from __future__ import %s" % feature)
        if cls is not None:  # private-name mangling and __class__; a global name
            lines.append("class %s:" % cls)
            indent = "    "
        if free:  # a def that defines the free variables
            lines.append(indent + "def __depyf_wrapper__():")
            indent += "    "
            lines.extend(indent + "%s = None" % v for v in free)
        lines.append(indent + "pass")
        module = ast.parse("\n".join(lines) + "\n")
        futures = [b for b in module.body if isinstance(b, ast.ImportFrom)]
        holder = module
        module.body = [b for b in module.body if not isinstance(b, ast.ImportFrom)]
        while holder.body and isinstance(holder.body[-1], (ast.FunctionDef, ast.ClassDef)):
            holder = holder.body[-1]
        holder.body[-1] = stmt
        module.body[:0] = futures
        ast.fix_missing_locations(module)
        if mode == "ast":
            return module, None
        return ast.unparse(module), None

    def isolated(self, code):
        """[(code object, root qualname)] of what the interpreter compiles
        from this function's definition alone: its AST with the original line
        numbers, and ast.unparse of it."""
        import normalize
        found = []
        for mode in ("ast", "unparse"):
            text, failed = self.output(code, mode, False)
            if failed:
                continue
            try:
                module = compile(text, "<alone>", "exec", dont_inherit=True)
            except Exception:
                continue
            code_alone = _find_function(module, code)
            if code_alone is not None:
                found.append((code_alone, normalize.qualnames(module)[id(code_alone)]))
        return found


def _find_function(module, code):
    """The code object in a compiled decompilation that stands for `code`:
    breadth first, the first with its name and the same free variables and
    argument count, else the first with its name."""
    import normalize
    level, named = normalize.children(module), []
    while level:
        named.extend(c for c in level if c.co_name == code.co_name)
        level = [k for c in level for k in normalize.children(c)]
    for c in named:
        if c.co_freevars == code.co_freevars and c.co_argcount == code.co_argcount:
            return c
    return named[0] if named else None


def function_task(cfg, path, skip, emit):
    import normalize
    with open(path, "rb") as f:
        source = f.read()
    try:
        orig = compile(source, path, "exec", dont_inherit=True)
    except Exception as e:
        emit({"count": 0, "skipped": _compile_error(e)})
        return
    functions = normalize.function_codes(orig)
    emit({"count": len(functions)})
    if not functions[skip:]:
        return
    alt = _unparse_module(source, path)
    alt_paths = normalize.code_paths(alt) if alt is not None else {}
    keys = dict((id(c), k) for k, c in normalize.code_paths(orig).items())
    qualnames = normalize.qualnames(orig)
    alt_qualnames = normalize.qualnames(alt) if alt is not None else {}
    # 3.11+: the stand-in also gives the function compiled alone (the
    # alternative for module-dependent code, see normalize.py)
    newer = sys.version_info >= (3, 11)
    stand_in = _StandInFunctions(cfg, source, orig) if cfg["mode"] != "depyf" or newer else None
    if cfg["mode"] == "depyf":
        import depyf
    for index in range(skip, len(functions)):
        name, code = functions[index]
        emit({"start": name})
        result = {"item": name}
        if cfg["mode"] != "depyf":
            output, failed = stand_in.output(code)
        else:
            failed = None
            try:
                output = depyf.decompile(code)
                if not isinstance(output, str):
                    failed = ("decompile-error", "decompile returned %s" % type(output).__name__)
            except depyf.DecompilationError as e:
                failed = ("unrecovered", _first_line(str(e)))
            except Exception as e:
                failed = ("decompile-error", "%s: %s" % (type(e).__name__, _first_line(str(e))))
        if failed:
            result.update(cat=failed[0], detail=failed[1])
            emit(result)
            continue
        try:
            got_module = compile(output, "<decompiled>", "exec", dont_inherit=True)
        except Exception as e:
            result.update(cat="does-not-compile", detail=_compile_error(e))
            emit(result)
            continue
        got = _find_function(got_module, code)
        if got is None:
            result.update(cat="compiles-not-exact",
                          detail="no code object named %s in the output" % code.co_name)
            emit(result)
            continue
        alt_code = alt_paths.get(keys.get(id(code)))
        alts = [(alt_code, alt_qualnames[id(alt_code)])] if alt_code is not None else []
        roots = dict(orig_root=qualnames[id(code)],
                     got_root=normalize.qualnames(got_module)[id(got)], function_level=True,
                     path=name)
        diff = normalize.compare(code, got, alts, **roots)
        if diff is not None and newer:  # the function compiled alone
            alone = stand_in.isolated(code)
            if alone and normalize.compare(code, got, alts + alone, **roots) is None:
                diff = None
        by_original = diff is None and normalize.compare(code, got, [], **roots) is None
        result.update(cat="exact" if diff is None else "compiles-not-exact", detail=diff or "",
                      by_original=by_original)
        emit(result)


def serve(cfg):
    import warnings
    warnings.simplefilter("ignore")
    if hasattr(sys, "set_int_max_str_digits"):
        sys.set_int_max_str_digits(0)
    sys.setrecursionlimit(max(sys.getrecursionlimit(), 10000))
    proto = os.fdopen(os.dup(1), "w", encoding="utf-8", errors="backslashreplace")
    os.dup2(2, 1)

    def emit(obj):
        proto.write(json.dumps(obj) + "\n")
        proto.flush()

    import normalize  # noqa: F401
    if cfg["mode"] == "depyf" and cfg["level"] == "function":
        import depyf  # noqa: F401  (a worker that cannot import it does not start)
    if cfg["mode"] == "unparse":
        import ast
        ast.unparse  # noqa: B018  (AttributeError on 3.8: the worker does not start)
    emit({"ready": True})
    for line in sys.stdin:
        task = json.loads(line)
        try:
            if cfg["level"] == "module":
                module_task(cfg, task["path"], emit)
            else:
                function_task(cfg, task["path"], task.get("skip", 0), emit)
        except Exception:
            import traceback
            emit({"harness_error": traceback.format_exc()})
        emit({"done": True})


# =========================================================================
# Host: any Python 3.8+; runs the workers and keeps the score.
# =========================================================================

class HarnessError(Exception):
    pass


class Worker(object):
    def __init__(self, python, cfg, errdir):
        env = dict(os.environ, PYTHONHASHSEED="0", PYTHONIOENCODING="utf-8",
                   PYTHONDONTWRITEBYTECODE="1")
        env.pop("PYTHONPATH", None)
        self.errfile = tempfile.NamedTemporaryFile("w+b", dir=errdir, suffix=".err",
                                                   delete=False)
        self.proc = subprocess.Popen([python, os.path.abspath(__file__), "--serve",
                                      json.dumps(cfg)], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, stderr=self.errfile, env=env,
                                     cwd=errdir)
        self.buf = b""
        ready = self.read(120)
        if not isinstance(ready, dict) or not ready.get("ready"):
            self.kill()
            raise HarnessError("worker for %s did not start: %s" % (python, self.stderr_tail(8)))

    def stderr_tail(self, lines=2):
        try:
            with open(self.errfile.name, "rb") as f:
                text = f.read().decode("utf-8", "replace")
        except OSError:
            return ""
        return " | ".join(text.strip().splitlines()[-lines:])

    def send(self, obj):
        self.proc.stdin.write((json.dumps(obj) + "\n").encode())
        self.proc.stdin.flush()

    def read(self, timeout):
        """A decoded line; 'timeout'; or 'eof'."""
        deadline = time.time() + timeout
        fd = self.proc.stdout.fileno()
        while b"\n" not in self.buf:
            left = deadline - time.time()
            if left <= 0:
                return "timeout"
            ready, _, _ = select.select([fd], [], [], left)
            if ready:
                chunk = os.read(fd, 1 << 16)
                if not chunk:
                    return "eof"
                self.buf += chunk
        line, self.buf = self.buf.split(b"\n", 1)
        return json.loads(line.decode("utf-8"))

    def kill(self):
        if self.proc.poll() is None:
            self.proc.kill()
        self.proc.wait()
        self.errfile.close()
        try:
            os.unlink(self.errfile.name)
        except OSError:
            pass

    def close(self):
        try:
            self.proc.stdin.close()
        except OSError:
            pass
        try:
            self.proc.wait(10)
        except subprocess.TimeoutExpired:
            pass
        self.kill()


def _run_pool(version, cfg, tasks, jobs):
    """Run (module relpath, path) tasks; returns (results, harness errors)."""
    python = corpus.interpreter(version)
    results, errors = [], []
    lock = threading.Lock()
    queue = list(reversed([(name, path, 0) for name, path in tasks]))
    start_error = []

    def worker_loop():
        try:
            worker = Worker(python, cfg, cfg["tmp"])
        except HarnessError as e:
            with lock:
                start_error.append(str(e))
            return
        while True:
            with lock:
                if not queue or start_error:
                    break
                name, path, skip = queue.pop()
            worker.send({"path": path, "skip": skip})
            done, current = skip, None
            while True:
                msg = worker.read(cfg["timeout"])
                if isinstance(msg, dict) and "done" in msg:
                    break
                if isinstance(msg, dict):
                    with lock:
                        if "harness_error" in msg:
                            errors.append("%s: %s" % (name, msg["harness_error"]))
                        elif "start" in msg:
                            current = msg["start"]
                        elif "item" in msg:
                            msg["module"] = name
                            results.append(msg)
                            done += 1
                            current = None
                    continue
                # timed out or the worker died: charge the item in progress
                why = ("timed out after %ds" % cfg["timeout"] if msg == "timeout"
                       else "worker died: %s" % worker.stderr_tail())
                with lock:
                    results.append({"module": name, "item": current if cfg["level"] ==
                                    "function" else None, "cat": "decompile-error",
                                    "detail": why})
                    if cfg["level"] == "function" and current is not None:
                        queue.append((name, path, done + 1))
                worker.kill()
                try:
                    worker = Worker(python, cfg, cfg["tmp"])
                except HarnessError as e:
                    with lock:
                        start_error.append(str(e))
                    return
                break
        worker.close()

    threads = [threading.Thread(target=worker_loop) for _ in range(max(1, min(jobs, len(tasks))))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    if start_error:
        errors.insert(0, start_error[0])
    return results, errors


def summarize(results):
    counts = dict((c, 0) for c in CATEGORIES)
    skipped = na = by_original = 0
    for r in results:
        if r["cat"] == "skipped":
            skipped += 1
        elif r["cat"] == "n/a":
            na += 1
        else:
            counts[r["cat"]] += 1
            by_original += bool(r.get("by_original"))
    total = sum(counts.values())
    compiles = counts["exact"] + counts["compiles-not-exact"]
    return {"items": total, "counts": counts, "skipped": skipped, "not_applicable": na,
            "exact_by_original": by_original,
            "compiles_pct": 100.0 * compiles / total if total else 0.0,
            "exact_pct": 100.0 * counts["exact"] / total if total else 0.0}


def run_version(version, levels, mode="depyf", sample=None, jobs=2, timeout=None, mutate=None,
                depyf=None, modules=None):
    """{'version', 'levels': {level: summary + results}, 'errors', 'na'}; `modules`: paths
    relative to the stdlib instead of the corpus (excluded directories too)."""
    out = {"version": version, "levels": {}, "errors": [], "na": None}
    if not corpus.interpreter(version):
        out["errors"].append("Python %s is not installed" % version)
        return out
    if mode == "unparse" and version == "3.8":
        out["na"] = "ast.unparse needs 3.9"
        return out
    depyf = os.path.abspath(depyf or default_depyf())
    if mode == "depyf" and "module" in levels and not os.access(depyf, os.X_OK):
        out["errors"].append("no depyf binary at %s (set DEPYF)" % depyf)
        return out
    root, sources = corpus.stdlib_sources(version)
    if modules:
        sources = [os.path.join(root, m) for m in modules]
        missing = [m for m, p in zip(modules, sources) if not os.path.isfile(p)]
        if missing:
            out["errors"].append("not in the %s stdlib: %s" % (version, ", ".join(missing)))
            return out
    sources = corpus.sample(sources, sample)
    tasks = [(os.path.relpath(p, root), p) for p in sources]
    tmp = tempfile.mkdtemp(prefix="depyf-roundtrip-")
    try:
        for level in levels:
            t0 = time.time()
            cfg = {"level": level, "mode": mode, "mutate": mutate, "depyf": depyf, "tmp": tmp,
                   "timeout": timeout or (120 if level == "module" else 30)}
            results, errors = _run_pool(version, cfg, tasks, jobs)
            results.sort(key=lambda r: (r["module"], r.get("item") or ""))
            summary = summarize(results)
            summary["seconds"] = time.time() - t0
            summary["results"] = results
            out["levels"][level] = summary
            out["errors"].extend("%s %s: %s" % (version, level, e) for e in errors)
    finally:
        for name in os.listdir(tmp):
            os.unlink(os.path.join(tmp, name))
        os.rmdir(tmp)
    return out


def figures(result):
    """The four per-version figures (percent), None where not measured."""
    fig = dict((f, None) for f in FIGURES)
    for level, s in result["levels"].items():
        if s["items"]:
            fig[level + "_compiles"] = round(s["compiles_pct"], 2)
            fig[level + "_exact"] = round(s["exact_pct"], 2)
    return fig


def below_baseline(result, baseline):
    """['3.11 module_exact 41.20 < 45.00', ...] for one version's result."""
    low = []
    fig = figures(result)
    for name, floor in sorted((baseline or {}).items()):
        if name not in FIGURES or not floor:
            continue
        level = name.split("_")[0]
        if level not in result["levels"]:
            continue
        got = fig[name]
        if got is None or got < floor:
            low.append("%s %s %s < %.2f" % (result["version"], name,
                                             "none" if got is None else "%.2f" % got, floor))
    return low


def table(results):
    lines = ["%-6s %-8s %6s %6s %8s %9s %7s %7s %7s %9s %10s %5s %7s" % (
        "Python", "level", "items", "exact", "by-orig", "compiles%", "exact%", "d-error",
        "unrecov", "no-compile", "not-exact", "n/a", "seconds")]
    for r in results:
        if r["na"]:
            lines.append("%-6s n/a (%s)" % (r["version"], r["na"]))
            continue
        if not r["levels"]:
            lines.append("%-6s not run: %s" % (r["version"], "; ".join(r["errors"])[:200]))
        for level, s in r["levels"].items():
            c = s["counts"]
            pct_c, pct_e = s["compiles_pct"], s["exact_pct"]
            mark = "" if (pct_c >= TARGETS[level + "_compiles"] and
                          pct_e >= TARGETS[level + "_exact"]) else "  below target"
            lines.append("%-6s %-8s %6d %6d %8d %8.2f%% %6.2f%% %7d %7d %9d %10d %5d %7.1f%s" % (
                r["version"], level, s["items"], c["exact"], s["exact_by_original"], pct_c,
                pct_e, c["decompile-error"], c["unrecovered"], c["does-not-compile"],
                c["compiles-not-exact"], s["not_applicable"], s["seconds"], mark))
    lines.append("targets: module compiles >= %g%%, exact >= %g%%; function compiles >= %g%%, "
                 "exact >= %g%%" % tuple(TARGETS[f] for f in FIGURES))
    return "\n".join(lines)


def write_reports(results, out_dir, meta):
    """DIR/<ver>-failures.txt per version run, and DIR/summary.json (merged
    with the one there when that came from a run with the same settings)."""
    os.makedirs(out_dir, exist_ok=True)
    summary = dict(meta, versions={}, figures={})
    path = os.path.join(out_dir, "summary.json")
    try:
        with open(path, encoding="utf-8") as f:
            old = json.load(f)
        if all(old.get(k) == v for k, v in meta.items()):
            summary["versions"].update(old.get("versions", {}))
            summary["figures"].update(old.get("figures", {}))
    except (OSError, ValueError):
        pass
    for r in results:
        lines = []
        for level, s in r["levels"].items():
            for item in s["results"]:
                if item["cat"] in ("exact", "skipped", "n/a"):
                    continue
                where = item["module"] + ("::" + item["item"] if item.get("item") else "")
                lines.append("%s\t%s\t%s\t%s" % (where, level, item["cat"],
                                                 item.get("detail", "").replace("\n", " ")))
        if r["levels"]:
            with open(os.path.join(out_dir, "%s-failures.txt" % r["version"]), "w",
                      encoding="utf-8") as f:
                f.write("".join(line + "\n" for line in lines))
        summary["versions"][r["version"]] = {
            "na": r["na"], "errors": r["errors"],
            "levels": dict((level, dict((k, v) for k, v in s.items() if k != "results"))
                           for level, s in r["levels"].items())}
        summary["figures"][r["version"]] = figures(r)
    with open(path, "w", encoding="utf-8") as f:
        json.dump(summary, f, indent=2, sort_keys=True)
        f.write("\n")


def failure_digest(result, show=5):
    """A few failures per category and level, for test output."""
    out = []
    for level, s in result["levels"].items():
        by_cat = {}
        for item in s["results"]:
            if item["cat"] not in ("exact", "skipped", "n/a"):
                by_cat.setdefault(item["cat"], []).append(item)
        for cat in CATEGORIES:
            items = by_cat.get(cat, [])
            if not items:
                continue
            out.append("  %s %s %s: %d" % (result["version"], level, cat, len(items)))
            for item in items[:show]:
                where = item["module"] + ("::" + item["item"] if item.get("item") else "")
                out.append("    %s: %s" % (where, item.get("detail", "")[:200]))
    return "\n".join(out)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--versions", default=",".join(corpus.VERSIONS))
    ap.add_argument("--sample", type=int, default=None, help="modules per version (default: all)")
    ap.add_argument("--level", choices=["module", "function", "both"], default="both")
    ap.add_argument("--stand-in", nargs="?", const="unparse", choices=["unparse", "ast"],
                    help="decompile with ast.unparse (or compile the AST) instead of depyf")
    ap.add_argument("--mutate", choices=MUTATIONS, help="corrupt the stand-in's output")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--timeout", type=float, default=None,
                    help="seconds per module (module level, default 120) or per function "
                         "(function level, default 30)")
    ap.add_argument("--out", default=os.path.join(ROOT, "build", "roundtrip"))
    ap.add_argument("--show", type=int, default=3, help="failures to print per category")
    ap.add_argument("--baseline", help="JSON file of per-version floors (roundtrip_baseline.json)")
    ap.add_argument("--modules", help="comma list of files relative to the stdlib (excluded "
                    "directories too, e.g. test/test_except_star.py) instead of the corpus")
    ap.add_argument("--baseline-section", default=None,
                    help="section of --baseline to use (default: full, or sample with --sample)")
    args = ap.parse_args(argv)
    if args.mutate and not args.stand_in:
        ap.error("--mutate needs --stand-in")
    if args.modules and args.baseline:
        ap.error("--baseline holds floors for the corpus, not for --modules")
    modules = args.modules.split(",") if args.modules else None
    levels = LEVELS if args.level == "both" else [args.level]
    mode = args.stand_in or "depyf"
    results = []
    for version in args.versions.split(","):
        r = run_version(version, levels, mode, args.sample, args.jobs, args.timeout,
                        args.mutate, modules=modules)
        results.append(r)
        digest = failure_digest(r, args.show)
        if digest:
            print(digest, flush=True)
    print(table(results))
    write_reports(results, args.out, {"mode": mode, "mutate": args.mutate,
                                      "sample": args.sample, "levels": levels,
                                      "modules": modules})
    print("failure lists and summary.json in %s" % args.out)
    status = 0
    for r in results:
        for e in r["errors"]:
            print("HARNESS ERROR: %s" % e)
            status = 1
    if args.baseline:
        with open(args.baseline) as f:
            base = json.load(f)
        section = base[args.baseline_section or ("sample" if args.sample else "full")]
        low = [x for r in results for x in below_baseline(r, section.get(r["version"]))]
        for x in low:
            print("BELOW BASELINE: %s" % x)
        status = status or (1 if low else 0)
    return status


if __name__ == "__main__":
    if len(sys.argv) == 3 and sys.argv[1] == "--serve":
        serve(json.loads(sys.argv[2]))
        sys.exit(0)
    sys.exit(main())
