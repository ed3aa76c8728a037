"""Every PyTorch internal depyf touches, in one place.

Each function here either does its job or raises `Unavailable` with a
sentence saying which internal is missing; the callers turn that into one
warning and carry on without the feature that needed it.  Nothing outside
this module imports from `torch._*`.

Written against PyTorch 2.13 (torch/_dynamo/convert_frame.py,
eval_frame.py, guards.py, torch/fx/_utils.py, torch/fx/graph_module.py,
torch/_inductor/codecache.py).
"""
import contextlib
import keyword
import re
import sys
import types


class Unavailable(Exception):
    """A PyTorch internal that a feature needs is missing or changed."""


def _torch():
    try:
        import torch
    except ImportError as e:  # pragma: no cover - torch is a requirement here
        raise Unavailable("PyTorch is not installed (%s)" % e)
    return torch


def torch_version():
    try:
        return _torch().__version__
    except Unavailable:
        return "not installed"


def _attr(path):
    """Import a dotted path `pkg.mod:attr.attr`, or raise Unavailable."""
    mod_name, _, attrs = path.partition(":")
    try:
        mod = __import__(mod_name, fromlist=["_"])
    except Exception as e:
        raise Unavailable("cannot import %s (%s)" % (mod_name, e))
    obj = mod
    for a in attrs.split(".") if attrs else ():
        try:
            obj = getattr(obj, a)
        except AttributeError:
            raise Unavailable("%s has no attribute %s" % (mod_name, attrs))
    return obj


# ---- Dynamo's bytecode hook -------------------------------------------------

def register_bytecode_hook(hook):
    """hook(original_code, dynamo_code) -> code or None.  Returns a handle
    with .remove()."""
    reg = _attr("torch._dynamo.convert_frame:register_bytecode_hook")
    return reg(hook)


def bytecode_logger():
    getlog = _attr("torch._logging:getArtifactLogger")
    return getlog("torch._dynamo.convert_frame", "bytecode")


_COMPILED_FN_RE = re.compile(r"__compiled_fn_\d+(?:_[0-9a-f]{8}(?:_[0-9a-f]{4}){3}_[0-9a-f]{12})?")


def compiled_fn_names(text):
    return _COMPILED_FN_RE.findall(text)


def is_resume_name(name):
    return name.startswith("__resume_at_")


def is_resume_code_name(co_name):
    return co_name.startswith("torch_dynamo_resume_in_") or co_name.startswith("resume_in_")


def frame_globals(code):
    """The globals of the frame Dynamo is compiling `code` for, found on the
    stack of the bytecode hook (convert_frame._compile(code, globals, ...))."""
    f = sys._getframe(1)
    while f is not None:
        loc = f.f_locals
        g = loc.get("globals")
        if loc.get("code") is code and isinstance(g, dict):
            return g
        f = f.f_back
    raise Unavailable("no convert_frame frame with `code` and `globals` on the stack")


def current_compile_id():
    try:
        ctx = _attr("torch._guards:CompileContext")
        cid = ctx.current_compile_id()
    except Unavailable:
        return None
    except Exception:
        return None
    return None if cid is None else str(cid)


# ---- cache entries and guards ----------------------------------------------

def cache_entries(code):
    get = _attr("torch._dynamo.eval_frame:_debug_get_cache_entry_list")
    return list(get(code))


def entry_code(entry):
    return entry.code


def entry_compile_id(entry):
    return str(getattr(entry, "compile_id", "") or "")


def entry_backend(entry):
    b = getattr(entry, "backend", None)
    return getattr(b, "__name__", None) or type(b).__name__ if b is not None else ""


def _guard_manager(entry):
    gm = getattr(entry, "guard_manager", None)
    if gm is None:
        gm = getattr(entry, "check_fn", None)  # before the C++ guard manager
    if gm is None:
        raise Unavailable("cache entry has neither guard_manager nor check_fn")
    return gm


def guard_parts(entry):
    """[(python_expression_text, comment)] for every guard of the entry, from
    the C++ guard manager tree (each leaf guard's verbose_code_parts), in the
    tree's order; relational guards once."""
    gm = _guard_manager(entry)
    root = getattr(gm, "root", None)
    parts = []
    if root is not None and hasattr(root, "get_leaf_guards"):
        seen, alive = set(), []
        relational = _relational_guard_type()

        def visit(mgr):
            for guard in mgr.get_leaf_guards():
                if relational is not None and isinstance(guard, relational):
                    if id(guard) in seen:
                        continue
                    seen.add(id(guard))
                    alive.append(guard)  # ids stay unique while the wrappers live
                for p in guard.verbose_code_parts():
                    code, _, comment = p.partition("#")
                    parts.append((code.strip(), comment.strip()))
            for child in mgr.get_child_managers():
                visit(child)
            if hasattr(mgr, "get_key_value_managers"):
                for _, (k, v) in sorted(mgr.get_key_value_managers().items()):
                    if k is not None:
                        visit(k)
                    if v is not None:
                        visit(v)

        visit(root)
        if hasattr(root, "get_epilogue_lambda_guards"):
            for guard in root.get_epilogue_lambda_guards():
                for p in guard.verbose_code_parts():
                    code, _, comment = p.partition("#")
                    parts.append((code.strip(), comment.strip()))
        return parts
    code_parts = getattr(gm, "code_parts", None)
    if code_parts is None:
        raise Unavailable("guard manager has neither a tree nor code_parts")
    return [(p, "") for p in code_parts]


def _relational_guard_type():
    try:
        return _attr("torch._C._dynamo.guards:RelationalGuard")
    except Unavailable:
        return None


def guard_closure_vars(entry):
    gm = _guard_manager(entry)
    cv = getattr(gm, "closure_vars", None)
    if cv is None:
        cv = getattr(getattr(gm, "guard_fn", None), "closure_vars", None)
    return dict(cv or {})


def guard_tree(entry):
    return str(_guard_manager(entry))


# ---- FX graphs ----------------------------------------------------------------

_graph_log_callback = None
_graph_log_originals = {}


def _lazy_format_graph_code_trampoline(name, gm, maybe_id=None, **kwargs):
    # This code object replaces torch.fx._utils.lazy_format_graph_code's, so
    # every module that imported the function by name reaches depyf.  It runs
    # with that module's globals: everything comes from an import.
    from depyf.explain._compat import _graph_log_dispatch
    return _graph_log_dispatch(lazy_format_graph_code, name, gm, maybe_id, kwargs)


def _graph_log_dispatch(func, name, gm, maybe_id, kwargs):
    cb = _graph_log_callback
    if cb is not None:
        cb(name, gm, maybe_id)  # the callback never raises (session guards it)
    orig = _graph_log_originals.get(id(func))
    if orig is None:  # restored meanwhile by another thread: call the real one
        return func(name, gm, maybe_id, **kwargs)
    return orig(name, gm, maybe_id, **kwargs)


@contextlib.contextmanager
def patch_graph_logging(callback):
    """Call callback(name, gm, maybe_id) every time PyTorch formats a graph
    for its graph logs (Dynamo's captured graph, AOT joint/forward/backward,
    Inductor's pre/post-grad graphs, ...), whether or not the log is on."""
    global _graph_log_callback
    funcs = []
    for path in ("torch.fx._utils:lazy_format_graph_code",
                 "torch._dynamo.utils:lazy_format_graph_code"):
        try:
            f = _attr(path)
        except Unavailable:
            continue
        if isinstance(f, types.FunctionType) and all(f is not g for g in funcs):
            funcs.append(f)
    if not funcs:
        raise Unavailable("torch.fx._utils.lazy_format_graph_code not found")
    tramp = _lazy_format_graph_code_trampoline.__code__
    for f in funcs:
        if f.__code__.co_freevars:
            raise Unavailable("lazy_format_graph_code is a closure; cannot hook it")
    saved = []
    try:
        for f in funcs:
            orig = types.FunctionType(f.__code__, f.__globals__, f.__name__,
                                      f.__defaults__, f.__closure__)
            orig.__kwdefaults__ = f.__kwdefaults__
            _graph_log_originals[id(f)] = orig
            saved.append((f, f.__code__))
            f.__code__ = tramp.replace(co_name=f.__code__.co_name)
        _graph_log_callback = callback
        yield
    finally:
        _graph_log_callback = None
        for f, code in saved:
            f.__code__ = code
            _graph_log_originals.pop(id(f), None)


@contextlib.contextmanager
def patch_graph_recompile(callback):
    """Call callback(gm) after every GraphModule.recompile()."""
    GraphModule = _attr("torch.fx.graph_module:GraphModule")
    orig = GraphModule.__dict__.get("recompile")
    if orig is None:
        raise Unavailable("GraphModule.recompile not found")

    def recompile(self, *args, **kwargs):
        result = orig(self, *args, **kwargs)
        callback(self)
        return result

    recompile.__wrapped__ = orig
    GraphModule.recompile = recompile
    try:
        yield
    finally:
        if GraphModule.__dict__.get("recompile") is recompile:
            GraphModule.recompile = orig


def graph_module_types():
    return _attr("torch.fx.graph_module:GraphModule")


def realize_forward(gm):
    """A lazily compiled graph module's forward, compiled for real."""
    real = getattr(gm, "real_recompile", None)
    if real is not None:
        real()
    return type(gm).__dict__.get("forward") or getattr(type(gm), "forward", None)


def graph_readable_source(gm):
    """print_readable text of gm: `class GraphModule(torch.nn.Module):` with
    forward annotated with shapes, dtypes, strides and devices."""
    kwargs = dict(print_output=False, include_stride=True, include_device=True)
    try:
        text = gm.print_readable(colored=False, **kwargs)
    except TypeError:
        text = gm.print_readable(**kwargs)
    # a graph module's class may be named `<lambda>`: make every class line valid
    return _CLASS_LINE.sub(_fix_class_line, text)


def graph_state(gm):
    """Everything graph_readable_source(gm) reads, as a list of objects to
    compare by identity: while two states are element for element the same
    objects, gm prints the same text.  FX replaces a node's args and kwargs
    rather than changing them in place; meta values that are lists or dicts
    are taken apart one level, in case a pass changed one in place.  The list
    holds what it names, so an object that died cannot be mistaken for a new
    one at its address."""
    out = [type(gm), gm.graph, gm.graph._codegen]
    out.extend(vars(gm.graph._codegen).values())
    for node in gm.graph.nodes:
        meta = node.meta
        out += (node, node.op, node.target, node.name, node.args, node.kwargs, node.type,
                node._repr_fn, len(meta))
        out.extend(meta)
        for v in meta.values():
            if type(v) is list:
                v = [v, len(v)] + v
            elif type(v) is dict:
                v = [v, len(v)] + list(v) + list(v.values())
            out.append(v)
    for name, child in gm.named_children():
        if isinstance(child, graph_module_types()):
            out.append(name)
            out.append(graph_state(child))
    return out


def same_state(a, b):
    if len(a) != len(b):
        return False
    for x, y in zip(a, b):
        if x is y:
            continue
        if type(x) is list and type(y) is list and same_state(x, y):
            continue
        return False
    return True


_CLASS_LINE = re.compile(r"^([ \t]*)class (.+?)\((torch\.nn\.Module)\):", re.M)


def _fix_class_line(m):
    name = m.group(2)
    if not name.isidentifier() or keyword.iskeyword(name):
        name = "".join(c if (c.isalnum() or c == "_") else "_" for c in name).strip("_") or "GraphModule"
        if name[0].isdigit() or keyword.iskeyword(name):
            name = "_" + name
    return "%sclass %s(%s):" % (m.group(1), name, m.group(3))


# ---- Inductor ----------------------------------------------------------------

@contextlib.contextmanager
def patch_kernel_loading(callback, on_fallback):
    """Inductor loads every Python module it generates through
    PyCodeCache.load_by_key_path(key, path, ...).  callback(key, path) may
    return another path with the same content to load it from there; if that
    fails, on_fallback(new_path, exc) is called and Inductor's path used."""
    PyCodeCache = _attr("torch._inductor.codecache:PyCodeCache")
    orig = PyCodeCache.__dict__.get("load_by_key_path")
    if not isinstance(orig, classmethod):
        raise Unavailable("PyCodeCache.load_by_key_path is not a classmethod")
    func = orig.__func__

    def load_by_key_path(cls, key, path, *args, **kwargs):
        new_path = callback(key, path)
        if new_path and new_path != path:
            try:
                return func(cls, key, new_path, *args, **kwargs)
            except Exception as e:
                on_fallback(new_path, e)  # load it where Inductor put it
        return func(cls, key, path, *args, **kwargs)

    PyCodeCache.load_by_key_path = classmethod(load_by_key_path)
    try:
        yield
    finally:
        if PyCodeCache.__dict__.get("load_by_key_path").__func__ is load_by_key_path:
            PyCodeCache.load_by_key_path = orig


@contextlib.contextmanager
def compile_caches_off():
    """Turn off Inductor's FX graph cache and the AOTAutograd cache, so that
    every graph stage is traced (and logged) again instead of loaded."""
    saved = []
    for mod_name, attr in (("torch._inductor.config", "fx_graph_cache"),
                           ("torch._functorch.config", "enable_autograd_cache")):
        try:
            mod = __import__(mod_name, fromlist=["_"])
        except Exception:
            continue
        if hasattr(mod, attr):
            saved.append((mod, attr, getattr(mod, attr)))
            setattr(mod, attr, False)
    try:
        yield
    finally:
        for mod, attr, value in saved:
            setattr(mod, attr, value)


@contextlib.contextmanager
def interpreter_runs_forward():
    """While active, torch.fx.Interpreter(gm).boxed_run(args) calls
    gm.forward directly, so breakpoints in graph files hit."""
    Interpreter = _attr("torch.fx.interpreter:Interpreter")
    orig = Interpreter.__dict__.get("boxed_run")
    if orig is None:
        raise Unavailable("torch.fx.Interpreter.boxed_run not found")

    def boxed_run(self, args_list, *args, **kwargs):
        if args or kwargs or getattr(self, "env", None):
            return orig(self, args_list, *args, **kwargs)
        gm = self.module
        args = list(args_list)
        args_list.clear()
        return gm.forward(*args)

    Interpreter.boxed_run = boxed_run
    try:
        yield
    finally:
        if Interpreter.__dict__.get("boxed_run") is boxed_run:
            Interpreter.boxed_run = orig


def innermost_fn(fn):
    try:
        f = _attr("torch._dynamo.eval_frame:innermost_fn")
    except Unavailable:
        return fn
    return f(fn)
