# Asserts at a module's top level (sre_compile's magic check): 3.8 has no
# LOAD_ASSERTION_ERROR and loads AssertionError with LOAD_GLOBAL, where a
# module's `raise AssertionError` uses LOAD_NAME.  Every version compiles
# these back to the same bytecode.
import _sre
assert _sre.MAGIC == MAGIC, "SRE module mismatch"
assert x
assert a is b
if not y:
    raise AssertionError("not an assert")
