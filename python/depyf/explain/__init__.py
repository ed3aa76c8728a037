"""Open the opaque box of torch.compile: prepare_debug, debug, install.

    with depyf.prepare_debug("./dump"):
        run()            # the code that triggers torch.compile
    with depyf.debug():
        run()            # pauses once; then compiled code runs from ./dump

All PyTorch internals are reached through `_compat`; nothing here breaks
the user's program: a failure inside depyf becomes one DepyfWarning.
"""
import contextlib
import os
import sys
import threading
import warnings

from ._session import DepyfWarning, Session

__all__ = ["prepare_debug", "debug", "install", "uninstall", "DepyfWarning", "last_summary"]

_state = threading.local()
_lock = threading.Lock()
_active = None        # the Session now active (prepare_debug or debug)
_last = None          # the last prepare_debug Session of this process


def last_summary():
    """Figures of the last prepare_debug()/debug() session: transformed code
    objects seen, decompiled, verified and replaced; graphs and kernels."""
    return None if _last is None else _last.summary()


@contextlib.contextmanager
def prepare_debug(dump_src_dir, clean_wild_fx_code=True, log_bytecode=False, **obsolete):
    """Dump what torch.compile does to the code run inside the block.

    Writes into dump_src_dir (created if missing):
    - __transformed_code_{k}_for_{name}.py: the bytecode Dynamo produced,
      decompiled. When it compiles back to bytecode verified equal to
      Dynamo's, it is the code that runs (breakpoints in it hit); otherwise
      the file says at its top that it is not, and holds the disassembly.
    - full_code_for_{name}_{k}.py: each compiled function's cache entries
      with their guards as Python, transformed code, resume functions, the
      original function and a dispatcher showing how the guards choose.
    - __compiled_fn_{n}.{kind}.{k}.py: every graph stage PyTorch logs
      (Captured_Graph, Joint_graph, Forward_graph, Backward_graph,
      BEFORE_PRE_GRAD, AFTER_POST_GRAD, ...), with shapes and dtypes.
    - __compiled_fn_{n}.kernel_{k}.py: Inductor's generated code.
    - with log_bytecode=True, next to each transformed file, the disassembly
      of the original, Dynamo's and the compiled-back code objects.

    Names are stable across runs and several processes may share one
    directory.  clean_wild_fx_code is accepted for compatibility: depyf
    writes no stray fx_graph_code files, so there is nothing to clean.
    """
    global _active, _last
    if "func" in obsolete:
        raise TypeError("depyf.prepare_debug(func=..., dump_src_dir=...) is an obsolete usage style: "
                        "use `with depyf.prepare_debug(dump_src_dir):` around the code that runs the "
                        "compiled function; every compiled function is captured")
    obsolete.pop("pause", None)  # accepted from older versions: there is no pause here
    if obsolete:
        raise TypeError("depyf.prepare_debug() got unexpected arguments: %s" % ", ".join(sorted(obsolete)))
    if not isinstance(dump_src_dir, (str, os.PathLike)):
        raise TypeError("depyf.prepare_debug(dump_src_dir): dump_src_dir must be a path, "
                        "not %s" % type(dump_src_dir).__name__)
    import torch  # noqa: F401  (a clear ImportError when PyTorch is missing)
    with _lock:
        if _active is not None:
            raise RuntimeError("depyf.prepare_debug() cannot be nested or used inside depyf.debug() "
                               "(already active for %s)" % _active.dir)
        session = Session(os.fspath(dump_src_dir), clean_wild_fx_code, log_bytecode)
        _active = session
    session.activate("prepare_debug")
    try:
        yield
    finally:
        session.deactivate()
        try:
            session.write_full_code()
            session.report_unverified()
        finally:
            with _lock:
                _active = None
                _last = session


@contextlib.contextmanager
def debug():
    """Step through compiled code in a debugger, from the files prepare_debug
    wrote.

    Pauses once (in pdb, or the debugger PYTHONBREAKPOINT names) and says
    where the files are; set breakpoints in __transformed_code_*.py or
    __compiled_fn_*.py files there and continue.  Inside the block, compiled
    functions run the verified transformed code, resume functions and graph
    forwards from those files.  Use it after prepare_debug() has run in
    this process; inside prepare_debug() it raises RuntimeError.
    """
    global _active
    with _lock:
        if _active is not None and _active.mode == "prepare_debug":
            raise RuntimeError("depyf.debug() cannot be used inside depyf.prepare_debug(): "
                               "let prepare_debug() finish, then run the code again under depyf.debug()")
        if _active is not None:
            raise RuntimeError("depyf.debug() is already active")
        if _last is None:
            raise RuntimeError("depyf.debug() needs depyf.prepare_debug(dump_dir) to have run in this "
                               "process first: it runs compiled code from the files written there")
        session = _last
        _active = session
    session.activate("debug")
    stack = contextlib.ExitStack()
    try:
        from . import _compat
        try:
            stack.enter_context(_compat.interpreter_runs_forward())
        except _compat.Unavailable as e:
            session.warn("running graphs through torch.fx.Interpreter directly is unavailable (%s)" % e,
                         None, "Breakpoints in graph files may not hit for backends that interpret graphs.")
        s = session.stats
        msg = ("depyf.debug(): paused once. Compiled code runs from %s:\n"
               "  %d of %d __transformed_code_*.py files are the code that runs (the others say so at their top),\n"
               "  %d graph forwards run from __compiled_fn_*.py files, %d Inductor modules from kernel files.\n"
               "  See full_code_for_*.py for how guards choose the code. Set breakpoints in those files\n"
               "  (pdb: b FILE:LINE), then continue (pdb: c)."
               % (session.dir, s["replaced"], s["transformed"], s["graph_forwards_swapped"], s["kernels"]))
        print(msg, file=sys.stderr)
        _pause()
        yield
    finally:
        stack.close()
        session.deactivate()
        try:
            session.write_full_code()
        finally:
            with _lock:
                _active = None


def _pause():
    """breakpoint(), once.  If the debugger quits (`q`, or end of input on a
    non-interactive stdin), the program goes on instead of ending in BdbQuit."""
    import bdb
    try:
        breakpoint()
        _resumed()  # depyf.debug() paused here: set breakpoints in the dump files, then continue (c)
    except bdb.BdbQuit:
        sys.settrace(None)
        frame = sys._getframe()
        while frame is not None:
            frame.f_trace = None
            frame = frame.f_back


def _resumed():
    pass


# ---- install / uninstall: decompiled source next to TORCH_LOGS=+bytecode ----
_handle = None


def _bytecode_log_hook(code, new_code):
    try:
        import logging
        from . import _compat, _source
        log = _compat.bytecode_logger()
        if not log.isEnabledFor(logging.DEBUG):
            return None
        try:
            src = _source.decompile_plain(new_code)
            log.debug("possible source code (decompiled by depyf):\n%s", src)
        except Exception as e:
            log.debug("depyf could not decompile the modified bytecode of %s: %s", code.co_name, e)
    except Exception as e:
        warnings.warn("depyf: logging decompiled source failed (%s: %s); your program is not affected."
                      % (type(e).__name__, e), DepyfWarning)
    return None


def install():
    """Add depyf's decompiled source to PyTorch's bytecode log.  Run with
    TORCH_LOGS="+bytecode": after each MODIFIED BYTECODE listing comes
    "possible source code". Never changes the code that runs.  Undo with
    uninstall()."""
    global _handle
    from . import _compat
    with _lock:
        if _handle is not None:
            return
        try:
            _handle = _compat.register_bytecode_hook(_bytecode_log_hook)
        except _compat.Unavailable as e:
            warnings.warn("depyf.install(): Dynamo's bytecode hook is unavailable (%s); nothing installed."
                          % e, DepyfWarning)


def uninstall():
    """Undo install()."""
    global _handle
    with _lock:
        if _handle is None:
            return
        _handle.remove()
        _handle = None
