# An except clause that is a try statement no path of which completes
# (asyncio's _format_coroutine is_running): 3.10 keeps no dead code after
# it, so the outer handler's RERAISE follows right away.  Every version
# compiles this back to the same bytecode.


def is_running(coro):
    try:
        return coro.cr_running
    except AttributeError:
        try:
            return coro.gi_running
        except AttributeError:
            return False
