# A class body that reads variables of the enclosing function (ctypes'
# CFUNCTYPE): 3.12+ looks each up in the class namespace first
# (LOAD_LOCALS; LOAD_FROM_DICT_OR_DEREF), 3.11 with LOAD_CLASSDEREF.  Every
# version compiles these back to the same bytecode.


def CFUNCTYPE(restype, *argtypes, **kw):
    flags = 1

    class CFunctionType(_CFuncPtr):
        _argtypes_ = argtypes
        _restype_ = restype
        _flags_ = flags
    return CFunctionType


def g():
    y = 1

    class B:
        z: y = y
        w = [y for _ in range(3)]
    return B
