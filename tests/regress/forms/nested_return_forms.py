# `return value` inside a try that is itself inside an except clause (the
# return leaves that clause too: SWAP 2; POP_EXCEPT before RETURN_VALUE),
# and an except clause whose body is a try returning on every path
# (asyncio's _format_coroutine, sysconfig's _subst_vars): 3.11+ compiles
# them back to the same bytecode, 3.8-3.10 is_running.


def is_running(coro):
    try:
        return coro.cr_running
    except AttributeError:
        try:
            return coro.gi_running
        except AttributeError:
            return False


def subst_vars(s, local_vars):
    try:
        return s.format(**local_vars)
    except KeyError as var:
        try:
            return s.format(**os.environ)
        except KeyError:
            raise AttributeError(f'{var}') from None
