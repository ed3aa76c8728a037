# A with statement that returns a value, inside a try with except clauses
# (zoneinfo's valid_key, ctypes.util's _is_elf): 3.11+ leaves the return
# after __exit__ outside every handler, right where the try body seems to
# end.  3.8 and 3.11+ compile this back to the same bytecode (3.9 and 3.10
# are not recovered yet).


def valid_key(fpath):
    try:
        with open(fpath, "rb") as f:
            return f.read(4) == b"TZif"
    except Exception:
        return False
