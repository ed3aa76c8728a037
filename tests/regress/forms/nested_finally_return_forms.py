"""`return value` from a try/finally inside another
(concurrent.futures._base._result_or_cancel): 3.11+ run the inner finally
block's copy, then the outer's, right before the return, and place no
normal path after the statements."""


def _result_or_cancel(fut, timeout=None):
    try:
        try:
            return fut.result(timeout)
        finally:
            fut.cancel()
    finally:
        del fut


def r2(fut, timeout=None):
    try:
        try:
            return fut.result(timeout)
        finally:
            fut.cancel()
    finally:
        print(1)
