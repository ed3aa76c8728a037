"""depyf: decompile Python bytecode and open the opaque box of torch.compile.

The decompiler and disassembler are C (the `depyf._core` extension); this
package is the thin Python layer around them.
"""
from ._version import __version__
from . import _core

__all__ = ["__version__", "decompile", "Decompiler", "DecompilationError", "disassemble_pyc"]


class DecompilationError(Exception):
    """A code object, or part of it, could not be turned back into source."""


def disassemble_pyc(data):
    """What `dis.dis` prints, on the file's own Python version, for the module
    code object of a .pyc file given as bytes.  Raises ValueError on bad data."""
    return _core.disassemble_pyc(bytes(data))


def decompile(obj):
    """Source code for a code object, function, method or partial."""
    raise NotImplementedError("the decompiler is not built yet (issue #3)")


class Decompiler:
    """Drop-in for the original depyf's Decompiler class."""

    def __init__(self, obj):
        self.obj = obj

    def decompile(self):
        return decompile(self.obj)
