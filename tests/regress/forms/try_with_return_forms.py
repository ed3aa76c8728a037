# A with statement that returns a value, inside a try (zoneinfo's
# valid_key, ctypes.util's _is_elf): 3.9 and 3.10 leave the try's block too
# after __exit__ (POP_BLOCK, a finally block's copy) before the return;
# 3.11+ leaves the return outside every handler, right where the try body
# seems to end.  Every version compiles these back to the same bytecode.


def valid_key(fpath):
    try:
        with open(fpath, "rb") as f:
            return f.read(4) == b"TZif"
    except Exception:
        return False


def result(self, timeout=None):
    try:
        with self._condition:
            self.wait(timeout)
            return self.get()
    finally:
        self = None
