"""Targets of the relative imports in imports.py (not corpus itself)."""
HELPER_CONSTANT = "helper"


def helper_double(x):
    return 2 * x


class HelperBox:
    def __init__(self, value):
        self.value = value

    def __repr__(self):
        return "HelperBox(%r)" % (self.value,)
