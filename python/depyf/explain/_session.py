"""The dump session behind prepare_debug() and debug().

While a session is active it receives, through the hooks in _compat:
- every code object Dynamo produces (the bytecode hook): it writes
  __transformed_code_{k}_for_{name}.py and, when the decompiled source
  compiles back to bytecode that normalizes equal to Dynamo's, returns the
  compiled-back code (whose file is the dump file) so that it is the code
  that runs;
- every graph PyTorch formats for its graph logs: it writes
  __compiled_fn_{n}.{kind}.{k}.py and, when the forward compiled from that
  file is verified equal to the graph module's own, swaps it in;
- every module Inductor loads: it copies it to __compiled_fn_{n}.kernel_{k}.py
  and has Inductor load it from there.
At the end it writes full_code_for_{name}_{k}.py for each compiled function.

Whatever goes wrong inside depyf is caught here and becomes one warning;
the user's program runs on as if depyf were not there.
"""
import contextlib
import os
import sys
import threading
import time
import warnings
import weakref

from . import _compat, _equiv, _files, _linemap, _normalize, _render, _source


class DepyfWarning(UserWarning):
    """Something in depyf failed; the user's program was not affected."""


def _bug_report_details():
    try:
        from depyf import __version__ as v
    except Exception:
        v = "?"
    return "depyf %s, torch %s, Python %s" % (v, _compat.torch_version(), sys.version.split()[0])


class TransformedInfo:
    __slots__ = ("name", "path", "body", "verified", "reason", "original_code",
                 "dynamo_code", "running_code", "decompiled")

    def __init__(self, **kw):
        for k in self.__slots__:
            setattr(self, k, kw.get(k))


# graphs whose state is kept (and so alive) to find them unchanged later
_FORMATTED_KEPT = 4
_GRAPH_RANK = {"Captured_Graph": 0, "Forward_graph": 1, "Backward_graph": 1}


class Session:
    def __init__(self, dump_dir, clean_wild_fx_code=True, log_bytecode=False):
        self.dir = _files.ensure_dir(dump_dir)
        self.clean_wild_fx_code = clean_wild_fx_code
        self.log_bytecode = log_bytecode
        self.mode = None
        self.lock = threading.RLock()
        self.stats = {"transformed": 0, "decompiled": 0, "verified": 0, "equivalent": 0, "mapped": 0,
                      "replaced": 0,
                      "graphs": 0, "graph_forwards_swapped": 0, "kernels": 0,
                      "warnings": 0, "hook_seconds": 0.0}
        self.reasons = []
        self.not_shown_equal = []    # source not shown to do what Dynamo's bytecode does: why
        self.transformed = {}        # id(code) -> TransformedInfo (dynamo's and ours)
        self.keep_alive = []         # code objects whose id() is a key above
        self.original_codes = []     # compiled functions' code, in order
        self.globals_of = {}         # id(original code) -> frame globals
        self.compile_fn = {}         # compile id -> "__compiled_fn_N"
        self.last_fn = None
        self.graph_files = weakref.WeakKeyDictionary()  # gm -> (path, key, rank, header)
        # gm -> its file's text, for graphs whose forward is not running from
        # its file yet: that costs compiling the graph's code twice, and only
        # debug() needs it (most graphs of a compile never run as Python)
        self.unswapped = weakref.WeakKeyDictionary()
        self.full_code_files = []
        # the last graphs formatted: [(weakref to gm, graph_state, text)]; a
        # graph logged again unchanged (a later stage's name for the same
        # graph, a recompile that changed nothing) is not formatted again
        self._formatted = []
        self._stack = None
        self._warned = set()
        self._hook_depth = 0

    @contextlib.contextmanager
    def _hook_time(self):
        """Counts the CPU seconds spent in the hooks (the outermost, when one
        runs inside another) in stats["hook_seconds"]: what depyf adds to a
        compilation, measured where it happens (bench/ reports it)."""
        self._hook_depth += 1
        t = time.process_time()
        try:
            yield
        finally:
            self._hook_depth -= 1
            if self._hook_depth == 0:
                self.stats["hook_seconds"] += time.process_time() - t

    # ---- failures -------------------------------------------------------
    def warn(self, what, exc=None, detail=""):
        msg = "depyf: %s" % what
        if exc is not None:
            msg += " failed (%s: %s)" % (type(exc).__name__, str(exc).strip().splitlines()[0] if str(exc).strip() else "")
        msg += "; your program is not affected."
        if detail:
            msg += " " + detail
        msg += " If you report it, include: %s." % _bug_report_details()
        with self.lock:
            if msg in self._warned:
                return
            self._warned.add(msg)
            self.stats["warnings"] += 1
        warnings.warn(msg, DepyfWarning, stacklevel=3)

    # ---- activation -----------------------------------------------------
    def activate(self, mode):
        self.mode = mode
        stack = contextlib.ExitStack()
        try:
            stack.enter_context(_compat.compile_caches_off())
            for feature, enter, consequence in (
                ("the bytecode hook", self._enter_bytecode_hook,
                 "No __transformed_code_* files will be written."),
                ("graph logging", lambda s: s.enter_context(_compat.patch_graph_logging(self.on_graph)),
                 "No __compiled_fn_* graph files will be written."),
                ("graph recompilation tracking", lambda s: s.enter_context(_compat.patch_graph_recompile(self.on_recompile)),
                 "Graph files may not be the code that runs after PyTorch recompiles a graph."),
                ("Inductor's module loading", lambda s: s.enter_context(_compat.patch_kernel_loading(self.on_kernel, self.on_kernel_fallback)),
                 "No kernel files will be written."),
            ):
                try:
                    enter(stack)
                except _compat.Unavailable as e:
                    self.warn("%s is unavailable on this PyTorch (%s)" % (feature, e), None, consequence)
                except Exception as e:
                    self.warn("installing %s" % feature, e, consequence)
        except BaseException:
            stack.close()
            raise
        self._stack = stack
        if mode == "debug":
            self.swap_graph_forwards()

    def swap_graph_forwards(self):
        """Make the forward of every graph dumped so far run from its file."""
        with self.lock:
            for gm, text in list(self.unswapped.items()):
                entry = self.graph_files.get(gm)
                if entry is None:
                    continue
                try:
                    self._swap_forward(gm, entry[0], text)
                except Exception as e:
                    self.warn("running the graph %s from its file" % entry[0], e,
                              "Breakpoints in that graph file may not hit.")
            self.unswapped.clear()

    def _enter_bytecode_hook(self, stack):
        handle = _compat.register_bytecode_hook(self.on_bytecode)
        stack.callback(handle.remove)

    def deactivate(self):
        self._formatted = []
        stack, self._stack = self._stack, None
        self.mode = None
        if stack is not None:
            try:
                stack.close()
            except Exception as e:
                self.warn("removing depyf's hooks", e)

    # ---- Dynamo's bytecode -----------------------------------------------
    def on_bytecode(self, code, new_code):
        try:
            with self.lock, self._hook_time():
                return self._on_bytecode(code, new_code)
        except Exception as e:
            self.warn("dumping the transformed code of %s" % getattr(code, "co_name", "?"), e)
            return None

    def _record_original(self, code):
        if all(c is not code for c in self.original_codes):
            self.original_codes.append(code)
        if id(code) not in self.globals_of:
            try:
                self.globals_of[id(code)] = _compat.frame_globals(code)
            except _compat.Unavailable:
                mod = _module_for_file(code.co_filename)
                if mod is not None:
                    self.globals_of[id(code)] = mod.__dict__

    def _on_bytecode(self, code, new_code):
        self._record_original(code)
        self.stats["transformed"] += 1
        name = _files.safe_name(code.co_name)
        template = os.path.join(self.dir, "__transformed_code_%s_for_" + name + ".py")
        # the function in the file is named after the file, as in the original depyf
        probe_name = "__transformed_code_K_for_" + name
        body = bindings = lines = None
        reason = None
        try:
            body, bindings, lines = _source.decompile_for_dump(new_code, probe_name,
                                                               _linemap.supported())
            self.stats["decompiled"] += 1
        except _source.NotDecompiled as e:
            reason = "not decompiled: %s" % e

        verified = equivalent = False
        if body is not None:
            try:
                compiled = _source.compile_back(_render.TRANSFORMED_HEADER_BLANK + body,
                                                probe_name, bindings)
                verified, diff = _normalize.equal(compiled, new_code)
                if not verified:
                    # Dynamo's stack juggling has no source: the decompiler's
                    # temporaries hold those values, and a symbolic comparison
                    # shows (or not) that the source does what the bytecode does
                    equivalent, why = _equiv.equal_up_to_temporaries(new_code, compiled)
                    if equivalent:
                        reason = "equal to Dynamo's bytecode up to the decompiler's temporaries"
                        self.stats["equivalent"] += 1
                    else:
                        reason = ("compiled back, but not equal to Dynamo's bytecode (%s), nor shown "
                                  "to do what it does (%s)" % (diff, why))
            except _source.NotDecompiled as e:
                reason = str(e)
            except SyntaxError as e:
                reason = "decompiled source does not compile: %s (line %s)" % (e.msg, e.lineno)
        if verified:
            self.stats["verified"] += 1
        elif not equivalent:
            self.not_shown_equal.append("%s: %s" % (code.co_name, reason))

        # Not compiled back equal: Dynamo's own bytecode can still run from
        # the file, its lines moved onto the decompiled statements.
        unit_lines = None
        if not verified and body is not None and _linemap.supported():
            if lines is not None:
                unit_lines = lines
            else:
                reason = "%s; its lines could not be mapped" % reason

        disassembled = []   # only a file that does not run shows it: made when needed

        def dis_text():
            if not disassembled:
                disassembled.append(_source.disassembly(new_code))
            return disassembled[0]

        state = "verified" if verified else "mapped" if unit_lines is not None else "unverified"
        key = _files.content_key("transformed", name, state, body if body is not None else dis_text())

        def text_for(path, state=state):
            fname = os.path.basename(path)[:-3]
            b = body.replace(probe_name, fname) if body is not None else None
            return _render.transformed_file(code, b, state != "unverified", reason,
                                            dis_text() if state == "unverified" else None, key,
                                            mapped=state == "mapped", equivalent=equivalent)

        path, _ = _files.write_unique(template, text_for, key=key)
        fname = os.path.basename(path)[:-3]
        text = text_for(path)

        running = new_code
        if unit_lines is not None:
            mapped = None
            try:
                final_body = body.replace(probe_name, fname).rstrip("\n")
                at = text.find(final_body)
                if at >= 0:
                    offset = text.count("\n", 0, at)
                    mapped = _linemap.with_lines(new_code, unit_lines, offset, path, offset + 1)
                if mapped is not None and not _normalize.equal(mapped, new_code)[0]:
                    mapped = None
            except Exception as e:
                reason = "%s; its lines could not be mapped: %s" % (reason, e)
                mapped = None
            if mapped is not None:
                running = mapped
                self.stats["mapped"] += 1
                self.stats["replaced"] += 1
            else:   # the file must not claim to run
                try:
                    _files.replace(path, text_for(path, "unverified"))
                except Exception as e:
                    self.warn("rewriting %s" % path, e)
        if not verified and running is new_code:
            self.reasons.append("%s: %s" % (code.co_name, reason))
        if verified:
            final_body = body.replace(probe_name, fname)
            compiled = _source.compile_back(_render.TRANSFORMED_HEADER_BLANK + final_body,
                                            fname, bindings, filename=path)
            ok, diff = _normalize.equal(compiled, new_code)
            if ok:
                running = compiled
                self.stats["replaced"] += 1
            else:  # only if renaming changed the meaning
                self.reasons.append("%s: after renaming: %s" % (code.co_name, diff))

        info = TransformedInfo(name=fname, path=path, body=_render.strip_header(text),
                               verified=running is not new_code, reason=reason,
                               original_code=code, dynamo_code=new_code,
                               running_code=running, decompiled=body is not None)
        for c in (new_code, running):
            self.transformed[id(c)] = info
            self.keep_alive.append(c)
        if self.log_bytecode:
            self._log_bytecode(path, code, new_code, running if running is not new_code else None)
        return running if running is not new_code else None

    def _log_bytecode(self, path, code, new_code, back):
        for suffix, c in ((".original_bytecode", code), (".transformed_bytecode", new_code),
                          (".decompiled_and_compiled_back_bytecode", back)):
            if c is None:
                continue
            try:
                _files.replace(path + suffix, _source.disassembly(c))
            except Exception as e:
                self.warn("writing %s" % (path + suffix), e)

    # ---- graphs ---------------------------------------------------------
    def _fn_for(self, name):
        cid = _compat.current_compile_id()
        found = _compat.compiled_fn_names(str(name))
        if found:
            fn = _files.strip_uuid(found[0])
            if cid is not None:
                self.compile_fn[cid] = fn
            self.last_fn = fn
            return fn
        if cid is not None and cid in self.compile_fn:
            return self.compile_fn[cid]
        return self.last_fn or "__compiled_fn_unknown"

    def on_graph(self, name, gm, maybe_id):
        try:
            with self.lock, self._hook_time():
                self._on_graph(name, gm, maybe_id)
        except Exception as e:
            self.warn("dumping the graph %r" % (name,), e)

    def _on_graph(self, name, gm, maybe_id):
        name = str(name)
        fn = self._fn_for(name)
        stripped = _files.strip_uuid(name)
        kind = "Captured_Graph" if stripped == fn else _files.safe_name(stripped)
        GraphModule = _compat.graph_module_types()
        if not isinstance(gm, GraphModule):
            return
        readable = self._readable(gm)
        key = _files.content_key("graph", fn, kind, readable)
        header = _render.graph_header(kind, fn, key, stripped)
        template = os.path.join(self.dir, "%s.%s.%%s.py" % (fn, kind))
        text = header + _render.GRAPH_PRELUDE + readable
        path, created = _files.write_unique(template, text, key=key)
        self.stats["graphs"] += 1
        rank = _GRAPH_RANK.get(kind, 2)
        current = self.graph_files.get(gm)
        if current is None or rank < current[2]:
            self.graph_files[gm] = (path, key, rank, header)
            self._swap_when_debugging(gm, path, text)

    def _readable(self, gm):
        """graph_readable_source(gm), from the last graphs formatted when gm
        has not changed since (formatting costs ~20 ms on a small model's
        graph, and Inductor logs the same graph under several names)."""
        try:
            state, ref = _compat.graph_state(gm), weakref.ref(gm)
        except Exception:  # an unusual graph module: always format it
            return _compat.graph_readable_source(gm)
        for old_ref, old_state, text in self._formatted:
            if old_ref() is gm and _compat.same_state(state, old_state):
                return text
        text = _compat.graph_readable_source(gm)
        self._formatted = [(ref, state, text)] + [
            e for e in self._formatted[:_FORMATTED_KEPT - 1] if e[0]() is not gm]
        return text

    def _swap_when_debugging(self, gm, path, text):
        if self.mode == "debug":
            self.unswapped.pop(gm, None)
            self._swap_forward(gm, path, text)
        else:
            self.unswapped[gm] = text

    def on_recompile(self, gm):
        try:
            entry = self.graph_files.get(gm)
        except TypeError:
            return
        if entry is None:
            return
        try:
            with self.lock, self._hook_time():
                path, key, rank, header = entry
                readable = self._readable(gm)
                text = header + _render.GRAPH_PRELUDE + readable
                with open(path, encoding="utf-8") as f:
                    old = f.read()
                if old != text:
                    _files.replace(path, text)
                self._swap_when_debugging(gm, path, text)
        except Exception as e:
            self.warn("updating a graph file after PyTorch recompiled the graph", e)

    def _swap_forward(self, gm, path, text):
        fwd = _compat.realize_forward(gm)
        if fwd is None or not hasattr(fwd, "__code__"):
            return False
        # breadth-first, the class's own forward comes before its submodules'
        new = _source.compile_back(_render.graph_text_for_compile(text), "forward", {},
                                   filename=path)
        ok, _ = _normalize.equal(new, fwd.__code__)
        if ok and not fwd.__code__.co_freevars:
            fwd.__code__ = new
            self.stats["graph_forwards_swapped"] += 1
            return True
        return False

    # ---- Inductor -------------------------------------------------------
    def on_kernel(self, key, path):
        try:
            with self.lock, self._hook_time():
                with open(path, encoding="utf-8") as f:
                    src = f.read()
                fn = self._fn_for("")
                template = os.path.join(self.dir, fn + ".kernel_%s.py")
                new_path, _ = _files.write_unique(template, src, exact=True)
                self.stats["kernels"] += 1
                return new_path
        except Exception as e:
            self.warn("copying Inductor's code %s" % path, e, "It is loaded from Inductor's cache instead.")
            return None

    def on_kernel_fallback(self, path, exc):
        self.stats["kernels"] -= 1
        self.warn("loading Inductor's code from the dump copy %s" % path, exc,
                  "It was loaded from Inductor's cache instead.")

    # ---- the end --------------------------------------------------------
    def write_full_code(self):
        with self.lock:
            try:
                texts = _render.full_code_files(self)
            except Exception as e:
                self.warn("rendering the full_code_for_* files", e)
                return
            for name, text in texts:
                try:
                    template = os.path.join(self.dir, "full_code_for_%s_%%s.py" % _files.safe_name(name))
                    path, _ = _files.write_unique(template, text)
                    if path not in self.full_code_files:
                        self.full_code_files.append(path)
                except Exception as e:
                    self.warn("writing full_code_for_%s" % name, e)

    def summary(self):
        s = dict(self.stats)
        s["dump_dir"] = self.dir
        s["not_verified"] = list(self.reasons)
        s["not_equivalent"] = list(self.not_shown_equal)
        return s

    def report_unverified(self):
        t, v = self.stats["transformed"], self.stats["replaced"]
        if t and v < t:
            first = "; ".join(self.reasons[:3])
            self.warn("%d of %d transformed code objects were not verified equal to Dynamo's and "
                      "are not run from %s (their files say so at the top); first reasons: %s"
                      % (t - v, t, self.dir, first))


def _module_for_file(filename):
    for mod in list(sys.modules.values()):
        f = getattr(mod, "__file__", None)
        if f and os.path.abspath(f) == os.path.abspath(filename):
            return mod
    return None

