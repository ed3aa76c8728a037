"""depyf.decompile, the original depyf's Decompiler class, and what the torch
layer needs to compile decompiled source back.

The C extension turns the live code object into the core's code model
directly from its fields (no marshal: Dynamo's constants are tensors,
classes, functions, modules, dtypes).  A constant of a type a compiler
would not put in a .pyc becomes a placeholder name, ``__depyf_const_<n>``,
in the source; decompile_with_bindings() returns the objects those names
stand for.
"""
import functools
import io
import keyword
import sys
import tokenize
import types

from . import _core

_CodeType = types.CodeType

__all__ = ["DecompilationError", "Decompiler", "code_of", "decompile",
           "decompile_with_bindings"]


class DecompilationError(Exception):
    """The code object, or part of it, could not be turned back into source.

    ``message`` is the decompiler's description of the first problem;
    ``source`` is the text with the unrecovered regions marked, when the
    decompiler produced one (else None): decompile(..., partial=True)
    returns it instead of raising.
    """

    def __init__(self, message, source=None):
        super().__init__(message)
        self.message = message
        self.source = source


def code_of(obj):
    """The code object behind ``obj``.

    Accepted: a code object; a function; a bound method, classmethod or
    staticmethod (their function); a functools.partial or partialmethod
    (the function it wraps); anything with ``__wrapped__`` (unwrapped as
    inspect.unwrap does); a generator, coroutine, async generator or frame
    (the code it runs).  Anything else is a TypeError.
    """
    chain = []
    limit = sys.getrecursionlimit()
    while not isinstance(obj, types.CodeType):
        if any(obj is seen for seen in chain) or len(chain) >= limit:
            raise ValueError("wrapper loop while unwrapping %r" % (chain[0],))
        chain.append(obj)
        if isinstance(obj, (functools.partial, functools.partialmethod)):
            obj = obj.func
        elif isinstance(obj, (types.MethodType, staticmethod, classmethod)):
            obj = obj.__func__
        elif _has_wrapped(obj):
            obj = obj.__wrapped__
        elif isinstance(obj, types.FunctionType):
            obj = obj.__code__
        elif isinstance(obj, types.GeneratorType):
            obj = obj.gi_code
        elif isinstance(obj, types.CoroutineType):
            obj = obj.cr_code
        elif isinstance(obj, types.AsyncGeneratorType):
            obj = obj.ag_code
        elif isinstance(obj, types.FrameType):
            obj = obj.f_code
        else:
            code = getattr(obj, "__code__", None)
            if not isinstance(code, types.CodeType):
                raise TypeError(
                    "cannot decompile %s: expected a code object, function, method, "
                    "functools.partial or an object with __wrapped__"
                    % type(chain[0]).__name__)
            obj = code
    return obj


def _has_wrapped(obj):
    try:
        return hasattr(obj, "__wrapped__")
    except Exception:  # a __getattr__ that raises something else
        return False


def _run(code, partial, name=None):
    """(source, opaque objects) of a code object, or DecompilationError."""
    return _outcome(_core.decompile(code, code.co_name == "<module>", name), partial)


def _outcome(result, partial):
    """_run's answer from _core.decompile's tuple."""
    ok, text, n_unrecovered, message, objects = result
    if ok and n_unrecovered == 0:
        return text, objects
    if partial and text is not None:
        return text, objects
    if not message:
        message = ("%d region(s) could not be recovered" % n_unrecovered if ok
                   else "decompilation failed")
    raise DecompilationError(message, text)


def decompile(obj, *, partial=False):
    """Python source for ``obj`` (see code_of for what it may be).

    A module's code object (``<module>``) gives the module's statements;
    any other code gives a ``def`` (or ``async def``, a lambda assignment,
    a function wrapped in one that defines its free variables).

    Raises ValueError for a malformed code object or bytecode, and
    DecompilationError when part of the code cannot be recovered or is not
    supported; with ``partial=True`` the source is returned instead, the
    unrecovered regions marked in it with their disassembly.
    """
    # (the common case, a code object decompiled in full, in one call)
    code = obj if type(obj) is _CodeType else code_of(obj)
    result = _core.source(code)
    if type(result) is str:
        return result
    return _outcome(result, partial)[0]


def decompile_with_bindings(obj, *, partial=False, name=None):
    """(source, bindings): decompile(obj) and the objects that the
    placeholder names in the source stand for, as {name: object}.

    For the torch layer: Dynamo's code objects hold constants that have no
    literal form (tensors, classes, functions, modules, dtypes).  Executing
    the source in a namespace that holds the bindings gives back code that
    uses the same objects.  ``name``, if given, is the name the function
    gets in the source instead of the code's own (an identifier).
    """
    _check_name(name)
    source, objects = _run(code_of(obj), partial, name)
    return source, {"__depyf_const_%d" % i: value for i, value in enumerate(objects)}


def decompile_with_lines(obj, *, name=None):
    """(source, bindings, unit_lines): decompile_with_bindings(obj) and,
    for each 2-byte code unit of the code object, the line of ``source``
    (from 1) that it belongs to.

    For the torch layer: Dynamo's own bytecode can run with these lines (and
    the dump file's name) so that a debugger steps through the decompiled
    source while exactly Dynamo's instructions run.
    """
    _check_name(name)
    code = code_of(obj)
    ok, text, n_unrecovered, message, objects, lines = _core.decompile(
        code, code.co_name == "<module>", name, True)
    if not ok or n_unrecovered or lines is None:
        raise DecompilationError(message or "decompilation failed", text)
    bindings = {"__depyf_const_%d" % i: value for i, value in enumerate(objects)}
    return text, bindings, lines


def _check_name(name):
    if name is not None and (not isinstance(name, str) or not name.isidentifier()
                             or keyword.iskeyword(name)):
        raise ValueError("the function name must be an identifier: %r" % (name,))


def _reindent(source, width):
    """source with each block indented by ``width`` spaces.

    Only the first line of each statement (and comment lines) move;
    continuation lines and the inside of strings keep their text.  Source
    that does not tokenize is returned as it is.
    """
    try:
        tokens = list(tokenize.generate_tokens(io.StringIO(source).readline))
    except (tokenize.TokenError, SyntaxError):
        return source
    levels = {}  # line number (1-based) -> block level
    columns = [0]  # the indentation column of each open block
    at_start = True
    for tok in tokens:
        if tok.type == tokenize.INDENT:
            columns.append(len(tok.string.expandtabs()))
        elif tok.type == tokenize.DEDENT:
            columns.pop()
        elif tok.type == tokenize.NEWLINE:
            at_start = True
        elif tok.type == tokenize.COMMENT and tok.line.lstrip().startswith("#"):
            col = tok.start[1]
            levels[tok.start[0]] = max(i for i, c in enumerate(columns) if c <= col)
        elif at_start and tok.type not in (tokenize.NL, tokenize.ENDMARKER):
            levels[tok.start[0]] = len(columns) - 1
            at_start = False
    lines = source.splitlines(True)
    for number, level in levels.items():
        if number <= len(lines):
            line = lines[number - 1]
            lines[number - 1] = " " * (width * level) + line.lstrip(" \t")
    return "".join(lines)


class Decompiler:
    """Drop-in for the original depyf's ``Decompiler``:
    ``Decompiler(code_or_function).decompile()``.

    ``code`` is the code object (the original takes a code object or a
    callable; this one takes whatever decompile() takes).
    """

    def __init__(self, code):
        self.code = code_of(code)

    def decompile(self, indentation=4, temp_prefix="__temp_", overwite_fn_name=None,
                  *, overwrite_fn_name=None, partial=False):
        """The source of the code object.

        indentation: spaces per block level.  temp_prefix: accepted for
        compatibility; this decompiler names no temporaries after it.
        overwite_fn_name (the original's spelling; overwrite_fn_name also
        works): the name the function gets in the source instead of the
        code's own (Dynamo's code objects are named like
        ``__transformed_code_0_for_forward``, or are not valid names).
        partial: as in decompile().
        """
        if not isinstance(indentation, int) or isinstance(indentation, bool) or indentation < 1:
            raise ValueError("indentation must be a positive int")
        name = overwrite_fn_name if overwrite_fn_name is not None else overwite_fn_name
        _check_name(name)
        source = _run(self.code, partial, name)[0]
        if indentation != 4:
            source = _reindent(source, indentation)
        return source

    @staticmethod
    def supported_opnames():
        """The opcodes of this Python version the decompiler handles: all."""
        import dis
        return sorted(dis.opmap)

    def __repr__(self):
        return "Decompiler(%r)" % (self.code,)
