"""A module whose body declares a name global (3.13 compiled
_pyrepl/readline's annotated assignment to one so): the declaration goes
after the docstring and after `from __future__` imports, which must come
first."""
from __future__ import annotations
from __future__ import division
global hook
hook: int | None = None


def setup() -> None:
    global hook
    hook = 1
