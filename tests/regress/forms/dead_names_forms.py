# Names of code the compiler removed as dead stay in co_names, numbered
# (3.10 and 3.11 also keep the dead import's fromlist in co_consts).
from __future__ import annotations

import os

if False:
    from typing import IO

trace_file: IO[str] | None = None


def tracer(line):
    if False:
        print(deque.maxlen)
    if trace_file is not None:
        trace_file.write(line)


def dedent(text, margin):
    # (a local that only dead code binds stays numbered in co_varnames)
    for x in text:
        margin = x
    if 0 and margin:
        for line in text.split('\n'):
            assert not line
    return margin
