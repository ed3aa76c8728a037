# <= 3.10: a return that leaves the try statements around it: POP_BLOCK of
# each with except clauses, and of a try/finally with its finally block's
# copy (3.8: CALL_FINALLY).
def nested_returns(x):
    """(statistics' _exact_ratio)"""
    try:
        try:
            return (x.numerator, x.denominator)
        except AttributeError:
            try:
                return x.as_integer_ratio()
            except AttributeError:
                pass
    except (OverflowError, ValueError):
        return (x, None)
    raise TypeError(msg)


def constant_from_inner(x):
    try:
        try:
            return 1
        except AttributeError:
            pass
    except ValueError:
        return 2
    raise TypeError(msg)


def clause_return_in_finally(fut, timeout):
    """(asyncio.tasks' wait_for)"""
    try:
        try:
            waiter()
        except E:
            if fut.done():
                return fut.result()
            else:
                raise
        g()
    finally:
        timeout_handle.cancel()


async def async_clause_return(fut, timeout):
    try:
        try:
            await waiter
        except exceptions.CancelledError:
            if fut.done():
                return fut.result()
            else:
                await _cancel_and_wait(fut, loop=loop)
                raise
        if fut.done():
            return fut.result()
        else:
            try:
                return fut.result()
            except exceptions.CancelledError as exc:
                raise exceptions.TimeoutError() from exc
    finally:
        timeout_handle.cancel()
