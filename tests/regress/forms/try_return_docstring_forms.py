# A try body that ends in `return constant`, in a function with a docstring
# (3.10: the return after the body's POP_BLOCK reads as the body's by the
# numbering of its constant, right after co_consts[0], the docstring):
# email.utils' _has_surrogates, pathlib's is_relative_to.
def has_surrogates(s):
    """Whether s holds surrogate-escaped bytes."""
    try:
        s.encode()
        return False
    except UnicodeEncodeError:
        return True
