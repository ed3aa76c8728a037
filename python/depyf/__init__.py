"""depyf: decompile Python bytecode and open the opaque box of torch.compile.

The decompiler and disassembler are C (the `depyf._core` extension); this
package is the thin Python layer around them.

    depyf.decompile(func)                 # source of a function, method, code object...
    depyf.Decompiler(code).decompile()    # the original depyf's interface
    depyf.disassemble_pyc(data)           # dis text of a .pyc, any version 3.8-3.13
"""
from ._version import __version__
from . import _core
from ._decompile import DecompilationError, Decompiler, decompile

__all__ = ["__version__", "decompile", "Decompiler", "DecompilationError", "disassemble_pyc"]


def disassemble_pyc(data):
    """What `dis.dis` prints, on the file's own Python version, for the module
    code object of a .pyc file given as bytes.  Raises ValueError on bad data."""
    return _core.disassemble_pyc(bytes(data))

# torch.compile integration (issue #4): depyf/explain; importing it does not import torch.
from .explain import prepare_debug, debug, install, uninstall  # noqa: E402
__all__ += ["prepare_debug", "debug", "install", "uninstall"]
