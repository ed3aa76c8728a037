"""Ways out of try statements, except clauses and with blocks, in the
layouts each version gives them: returns from inside an except clause's
branches (the body goes on after them), an if inside a clause whose
else-branch jumps to a copy of the clause's return (3.12), an exit block
that 3.10 copies into the clauses, except clauses that `continue` beside a
body that goes on, and 3.8's own spellings (BEGIN_FINALLY, CALL_FINALLY,
POP_FINALLY, WITH_CLEANUP_*) for finally blocks, with blocks and the
cleanup of `except E as e`, with returns, breaks and continues inside."""

INPUTS = {
    "test_return_in_clause_branch": [(True, True), (True, False), (False, True)],
    "test_return_value_in_clause_branch": [(True, True), (True, False), (False, False)],
    "test_clause_if_then_try": [(0, "x"), (1, None), (1, "ok"), (2, "boom"), (3, "x")],
    "test_body_falls_into_exit": [(True,), (False,)],
    "test_clauses_continue": [([1, "a", 2, None, 3],)],
    "test_named_clause_return": [("ok",), ("bad",)],
    "test_named_clause_return_value": [("ok",), ("bad",)],
    "test_named_clause_break": [(["ok", "bad", "ok"],), (["ok"],)],
    "test_finally_return": [(True,), (False,)],
    "test_finally_break_continue": [([1, 2, 3, 4, 5, 6],)],
    "test_with_return": [(True,), (False,)],
    "test_with_break": [([1, 2, 3, 0, 5],)],
    "test_try_else_return_const": [({"a": 1},), ({},)],
    "test_if_else_in_finally_body": [(True,), (False,)],
    "test_dispatch_end_then_loop": [([3, "a", 1],), ([],)],
    "test_clause_return_leaves_with": [("ok",), ("bad",)],
    "test_named_clause_return_value_leaves_withs": [("ok",), ("bad",)],
    "test_clause_return_if_in_try": [("ok", 0), ("ok", 1), ("bad", 0), ("ok", 70)],
    "test_return_in_middle_of_try_body": [(None, 0), ("ok", 0), ("boom", 0), ("ok", 1), (None, 1)],
    "test_clause_return_in_loops": [(["ok", "ok"], 0), (["ok", "boom"], 0), (["boom"], 1), ([], 1)],
    "test_named_clause_return_then_more": [("ok", 0), ("boom", 0), ("boom", 1), ("boom", 2)],
    "test_finally_if": [("ok", True), ("ok", False), ("boom", True), ("boom", False)],
    "test_finally_if_else_at_end": [("ok", True), ("ok", False), ("boom", True)],
    "test_finally_elif_then_more": [("ok", 0), ("ok", 1), ("ok", 2), ("boom", 1)],
    "test_finally_if_after_return": [("ok", True), ("ok", False), ("boom", True)],
    "test_finally_if_after_mid_return": [("ok", True, True), ("ok", False, False), ("boom", True, False)],
    "test_finally_if_in_loop": [(["ok", "ok"], True), (["ok", "boom"], False)],
    "test_finally_if_else_in_loop": [(["ok", "ok"], True), (["ok"], False)],
    "test_finally_if_break": [(["ok", "stop", "ok"], True), (["ok"], False)],
    "test_try_body_ends_in_return_const": [(True, "ok"), (True, "bad"), (False, "ok"), (True, None)],
    "test_clause_continue_body_goes_on": [(["ok", "boom", "ok"], True), (["boom"], False)],
    "test_clause_falls_into_code_after_try": [({"a": 1}, "a"), ({}, "b")],
    "test_else_ends_in_copy_of_code_after_try": [("ok",), ("boom",)],
    "test_clause_break_for": [(["ok", "ok"],), (["ok", "boom", "ok"],)],
    "test_clause_break_while": [(["ok", "ok"],), (["ok", "boom", "ok"],)],
    "test_clause_break_for_then_more": [(["ok", "ok"], 3), (["ok", "boom", "ok"], 2)],
    "test_else_return_after_copied_exit": [("ok", True, True), ("ok", True, False), ("ok", False, True),
                                           ("boom", True, True)],
    "test_else_return_after_copied_exit_typed": [("ok", True, True), ("ok", True, False), ("ok", False, True),
                                                 ("boom", True, True), (None, True, True)],
    "test_else_return_in_loop_try": [(["ok", "ok"], True), (["ok", "x"], False), (["boom"], True),
                                     ([], False)],
    "test_finally_else_return": [("ok", True, True), ("ok", True, False), ("ok", False, True),
                                 ("boom", True, True)],
    "test_finally_else_return_in_loop": [(["ok", "ok"], True), (["ok", "x"], False), (["boom"], True),
                                         ([], False)],
    "test_clause_if_else_raise_then_code": [("12",), ("",), ("x",)],
    "test_clause_if_else_raise_in_if": [("a:12", None), ("a:", None), ("a:x", None), ("a", None), ("a:1", 5)],
    "test_clause_if_else_then_return": [({}, None, 1), ({}, None, 2), ({}, "fb", 1), ({(1, 1): "t"}, None, 1)],
    "test_return_from_try_in_loop": [(["ok", "boom", "hit"],), (["boom", "ok"],), ([],), ([None],)],
    "test_return_const_from_try_in_loop": [(["ok", "hit"],), (["boom"],), ([],)],
    "test_return_from_try_in_nested_loops": [([1, 2], [3, 4], 6), ([1, 2], [3, 4], 0), ([], [1], 1)],
    "test_return_from_try_finally_in_nested_loops": [([1, 2], [3, 4], 6), ([1], [3], 0)],
    "test_named_clause_elif_then_else_block": [(None,), (401,), (404,), (500,), ("boom",)],
    "test_try_else_returns_clause_falls_on": [({"k": 1},), ({},)],
    "test_try_else_in_if_falls_on": [(None, "ok"), (None, "boom"), (1, "ok")],
    "test_generator_argument_in_condition": [("a b", "ab"), ("a c", "ab"), ("", "ab"), (None, "x")],
    "test_condition_copies_loop_end": [([1, "t", 3],), ([(1,), (2, 3)],), ([],)],
    "test_clause_try_if_return": [("boom", True, "ok"), ("boom", True, None), ("boom", True, "boom"),
                                  ("boom", False, "ok"), ("ok", True, "ok")],
    "test_clause_try_if_return_end": [("boom", True, "ok"), ("boom", True, None), ("boom", True, "boom"),
                                      ("boom", False, "ok"), ("ok", True, "ok")],
}


class _Ctx:
    def __init__(self, log):
        self.log = log

    def __enter__(self):
        self.log.append("enter")
        return self

    def __exit__(self, *exc):
        self.log.append("exit")
        return False


def _outcome(fn, *args):
    """fn(*args), or the exception it raised (type and text)."""
    try:
        return fn(*args)
    except Exception as e:
        return "raised", type(e).__name__, str(e)


def _may_fail(x):
    if x == "boom":
        raise ValueError(x)
    if x is None:
        raise OSError("none")
    return x


def test_return_in_clause_branch(fail, early):
    log = []
    try:
        if fail:
            raise OSError
        log.append("body")
    except OSError:
        if early:
            return 1
        log.append("clause")
    return log


def test_return_value_in_clause_branch(fail, early):
    log = []
    try:
        if fail:
            raise OSError
    except OSError:
        if early:
            d = len(log) + 5
            return d
        log.append("clause")
    return log


def test_clause_if_then_try(kind, value):
    log = []
    try:
        if kind:
            raise KeyError(kind)
        log.append("body")
    except KeyError:
        if kind > 1:
            try:
                d = _may_fail(value)
            except (ImportError, ValueError):
                pass
            else:
                if d is None:
                    return []
                return [d]
        return 5
    return log


def test_body_falls_into_exit(fail):
    x = "none"
    try:
        x = _may_fail(None if fail else "fine")
    except OSError:
        x = "caught"
    return x


def test_clauses_continue(items):
    out = []
    for x in items:
        try:
            y = x + 1
        except TypeError:
            continue
        out.append(y)
    return out


def test_named_clause_return(value):
    try:
        _may_fail("boom" if value == "bad" else value)
    except ValueError as why:
        str(why)
        return
    return value


def test_named_clause_return_value(value):
    try:
        _may_fail("boom" if value == "bad" else value)
    except ValueError as why:
        return why.args
    return value


def test_named_clause_break(values):
    seen = []
    for v in values:
        try:
            _may_fail("boom" if v == "bad" else v)
        except ValueError as why:
            seen.append(str(why))
            break
        seen.append(v)
    return seen


def test_finally_return(early):
    log = []
    try:
        if early:
            return log
        log.append("body")
    finally:
        log.append("finally")
    return log


def test_finally_break_continue(items):
    log = []
    for x in items:
        try:
            if x % 2:
                continue
            if x > 4:
                break
            log.append(x)
        finally:
            log.append(-x)
    return log


def test_with_return(early):
    log = []
    with _Ctx(log) as c:
        if early:
            return log
        log.append(c is not None)
    return log


def test_with_break(items):
    log = []
    for x in items:
        with _Ctx(log):
            if not x:
                break
            log.append(x)
    return log


def test_try_else_return_const(d):
    try:
        d["a"]
        return True
    except KeyError:
        return False


def test_if_else_in_finally_body(flag):
    log = []
    try:
        if flag:
            log.append("a")
        else:
            log.append("b")
    finally:
        log.append("c")
    return log


def test_dispatch_end_then_loop(items):
    out = []
    while items:
        try:
            v = items.pop()
            out.append(v + 1)
        except TypeError:
            break
    return out


def test_clause_return_leaves_with(value):
    # the return runs the with's __exit__ after POP_EXCEPT (3.11+): that
    # code belongs to the clause, not to what follows the try
    log = []
    with _Ctx(log):
        try:
            result = _may_fail(value)
        except ValueError:
            log.append("clause")
            return
    log.append(result)
    return log


def test_named_clause_return_value_leaves_withs(value):
    log = []
    with _Ctx(log), _Ctx(log):
        try:
            result = _may_fail(value)
        except ValueError as e:
            log.append(str(e))
            return len(log)
    return result, log


def test_clause_return_if_in_try(value, n):
    # the body's `if c: return x` whose other path leaves the try (3.11+)
    try:
        result = _may_fail(value)
        if 0 < n < 64:
            return result, n
    except ValueError:
        return None
    return n


def test_named_clause_return_then_more(value, mode):
    # a return in the middle of a named clause (3.8: POP_BLOCK, POP_EXCEPT,
    # CALL_FINALLY to the name's cleanup; 3.9, 3.10: the cleanup inline)
    log = []
    try:
        result = _may_fail(value)
    except ValueError as why:
        if mode == 1:
            log.append(str(why))
            return log
        elif mode == 2:
            return len(str(why))
        log.append("after")
        result = why.args
    return result, log


def test_clause_return_in_loops(values, mode):
    # the return pops each enclosing for loop's iterator after POP_EXCEPT
    seen = []
    for rounds in (1, 2):
        for value in values:
            try:
                seen.append(_may_fail(value))
            except ValueError as e:
                if mode:
                    return "early", len(seen)
                return e.args, rounds
            seen.append(rounds)
    return seen


def test_return_in_middle_of_try_body(value, mode):
    # 3.8-3.10: POP_BLOCK then the return, with more of the body after it
    log = []
    try:
        if value is None:
            return "none"
        if mode:
            return _may_fail(value) * 2
        log.append(_may_fail(value))
    except ValueError:
        log.append("caught")
    return log


# 3.11+ copy a finally block's closing RERAISE over the jumps to it, and a
# return after the try over the normal path's jumps: the ifs below end in
# RERAISEs of their own in the handler and in returns on the normal path.
def test_finally_if(value, flag):
    log = []
    try:
        log.append(_may_fail(value))
    except ValueError:
        log.append("caught")
    try:
        result = _may_fail(value)
    except ValueError:
        result = None
    finally:
        if flag:
            log.append("flag")
    return result, log


def test_finally_if_else_at_end(value, flag):
    log = []

    def inner():
        try:
            log.append(_may_fail(value))
        finally:
            if flag:
                log.append("yes")
            else:
                log.append("no")
    try:
        inner()
    except ValueError:
        log.append("raised")
    return log


def test_finally_elif_then_more(value, mode):
    log = []

    def inner():
        try:
            log.append(_may_fail(value))
        finally:
            if mode == 1:
                log.append("one")
            elif mode == 2:
                log.append("two")
            log.append("done")
    try:
        inner()
    except ValueError:
        log.append("raised")
    return log


def test_finally_if_after_return(value, flag):
    log = []

    def inner():
        try:
            return _may_fail(value)
        finally:
            if flag:
                log.append("flag")
    try:
        log.append(inner())
    except ValueError:
        log.append("raised")
    return log


def test_finally_if_after_mid_return(value, early, flag):
    log = []

    def inner():
        try:
            if early:
                return 1
            log.append(_may_fail(value))
        finally:
            if flag:
                log.append("flag")
    try:
        log.append(inner())
    except ValueError:
        log.append("raised")
    return log


def test_finally_if_in_loop(values, flag):
    log = []
    try:
        for value in values:
            try:
                log.append(_may_fail(value))
            finally:
                if flag:
                    log.append("flag")
    except ValueError:
        log.append("raised")
    return log


def test_finally_if_else_in_loop(values, flag):
    log = []
    for value in values:
        try:
            log.append(_may_fail(value))
        finally:
            if flag:
                log.append("yes")
            else:
                log.append("no")
        log.append("next")
    return log


def test_finally_if_break(values, flag):
    log = []
    for value in values:
        try:
            if value == "stop":
                break
            log.append(value)
        finally:
            if flag:
                log.append("flag")
    return log


def test_try_body_ends_in_return_const(win, value):
    # the body's `if not c: return False` is outside the exception table,
    # and its other path goes on after the try
    if win:
        try:
            import os
            if not _may_fail(value) == "ok":
                return False
        except (ImportError, ValueError):
            return False
    if value is None:
        return 1
    return 2


def test_clause_continue_body_goes_on(values, flag):
    # 3.11: the body jumps over the handler to the rest of the loop body;
    # the clause jumps back to the loop's head
    out = []
    for value in values:
        try:
            got = _may_fail(value)
        except ValueError:
            continue
        if flag:
            out.append(got)
    return out


def test_clause_falls_into_code_after_try(mapping, key):
    # 3.10: the body returns, and the clause's jump to the (small) code
    # after the try gets a copy of it, right after the clause
    try:
        return mapping[key] + "!"
    except KeyError:
        mapping[key] = key * 2
    return mapping[key]


def test_else_ends_in_copy_of_code_after_try(value):
    # 3.10: the clause ends in a copy of the (small) code after the try;
    # the else block, placed after it, in the code itself
    state = {}
    try:
        _may_fail(value)
    except ValueError:
        state["seen"] = False
    else:
        state["seen"] = True
    return state["seen"]


def test_clause_break_for(values):
    # 3.12+: the clause drops the iterator, then has a copy of the (small)
    # code after the loop instead of the jump to it
    n = 0
    for value in values:
        try:
            _may_fail(value)
            n += 1
        except ValueError:
            break
    return n


def test_clause_break_while(values):
    n = 0
    while n < len(values):
        try:
            _may_fail(values[n])
            n += 1
        except ValueError:
            break
    return n


def test_clause_break_for_then_more(values, rounds):
    # the clause's break: POP_TOP of the iterator, then a jump to the code
    # after the for loop (here the while loop's test)
    n = 0
    log = []
    while n < rounds and len(log) < 10:
        for value in values:
            try:
                _may_fail(value)
                log.append(value)
            except ValueError:
                break
        n += 1
    return n, log



def test_else_return_after_copied_exit(value, outer, inner):
    # 3.12+: the body's path that falls out of the try ends in a copy of the
    # `return` after it, placed before the else-branch's own return, which
    # the exception table leaves out (a constant: nothing left to raise)
    log = []

    def run():
        try:
            if outer:
                if inner:
                    log.append(_may_fail(value))
                else:
                    return "else"
        except ValueError:
            return "caught"
        return "after"
    return run(), log


def test_else_return_after_copied_exit_typed(value, outer, inner):
    log = []

    def run():
        try:
            if outer:
                if inner:
                    log.append(_may_fail(value))
                else:
                    return "else"
        except ValueError:
            log.append("caught")
        except OSError:
            return "os"
        return "after"
    return run(), log


def test_else_return_in_loop_try(values, inner):
    # the return inside the for loop pops its iterator first, outside the
    # exception table's range too
    log = []

    def run():
        for value in values:
            try:
                if value != "x":
                    if inner:
                        log.append(_may_fail(value))
                    else:
                        return "else"
            except ValueError:
                return "caught"
        return "after"
    return run(), log


def test_finally_else_return(value, outer, inner):
    # the else-branch's return runs a copy of the finally block first, after
    # the body's jump out of the try
    log = []

    def run():
        try:
            if outer:
                if inner:
                    log.append(_may_fail(value))
                else:
                    return log[-1:] or "else"
        finally:
            log.append("finally")
        return "after"
    return _outcome(run), log


def test_finally_else_return_in_loop(values, inner):
    log = []

    def run():
        for value in values:
            try:
                if value != "x":
                    if inner:
                        log.append(_may_fail(value))
                    else:
                        return "else"
            finally:
                log.append("finally")
        return "after"
    return _outcome(run), log


def test_clause_if_else_raise_then_code(host):
    # 3.13 moves the else-branch's raise after the clause's end (POP_EXCEPT
    # and the copy of the code after the try)
    def run():
        port = None
        try:
            port = int(host)
        except ValueError:
            if host == "":
                port = 1
            else:
                raise
        return host, port
    return _outcome(run)


def test_clause_if_else_raise_in_if(text, port):
    def run(host, port):
        if port is None:
            i = host.rfind(":")
            if i > 0:
                try:
                    port = int(host[i + 1:])
                except ValueError:
                    if host[i + 1:] == "":
                        port = 80
                    else:
                        raise KeyError(host[i + 1:])
                host = host[:i]
            else:
                port = 80
        return host, port
    return _outcome(run, text, port)


def test_clause_if_else_then_return(catalog, fallback, n):
    # 3.12+: each branch of the if/else in the clause ends in its own copy
    # of the clause's end and the return after the try
    def run():
        try:
            tmsg = catalog[(n, n)]
        except KeyError:
            if fallback:
                return fallback + str(n)
            if n == 1:
                tmsg = "one"
            else:
                tmsg = "many"
        return tmsg
    return _outcome(run)


def test_return_from_try_in_loop(values):
    # the return leaves the loop: its value goes below the iterator, which
    # is popped outside the try's handler
    def run():
        for v in values:
            try:
                if _may_fail(v) == "hit":
                    return v
            except ValueError:
                pass
        return "none"
    return _outcome(run)


def test_return_const_from_try_in_loop(values):
    def run():
        for v in values:
            try:
                if _may_fail(v) == "hit":
                    return 1
            except ValueError:
                pass
        return 0
    return _outcome(run)


def test_return_from_try_in_nested_loops(xs, ys, want):
    def run():
        for x in xs:
            for y in ys:
                try:
                    if x + y == want:
                        return x * y
                except KeyError:
                    pass
        return 0
    return _outcome(run)


def test_return_from_try_finally_in_nested_loops(xs, ys, want):
    seen = []

    def run():
        for x in xs:
            for y in ys:
                try:
                    if x + y == want:
                        return None
                finally:
                    seen.append((x, y))
        return 0
    return _outcome(run), seen


class _Status(Exception):
    def __init__(self, code):
        self.code = code


def test_named_clause_elif_then_else_block(code):
    # 3.11: each way out of the named clause ends in its own copy of the
    # name's cleanup and the function's return; the try has an else block
    seen = []

    def run():
        try:
            if code == "boom":
                raise ValueError(code)
            if code is not None:
                raise _Status(code)
        except _Status as err:
            if err.code in (401, 403):
                seen.append("disallow")
            elif err.code >= 400 and err.code < 500:
                seen.append("allow")
        else:
            seen.append("read")
            seen.append(code)
    return _outcome(run), seen


def test_try_else_returns_clause_falls_on(obj):
    # 3.10: the else block right after the body's POP_BLOCK returns; the
    # clause falls into the code after the try
    def run():
        try:
            value = obj["k"]
        except KeyError:
            pass
        else:
            return value * 2
        return len(obj)
    return _outcome(run)


def test_try_else_in_if_falls_on(state, x):
    # 3.10: the clause falls into a copy of the code after the if; the else
    # block, placed after it, falls into the code itself
    class Holder:
        pass
    h = Holder()
    h.state = state

    def run():
        if h.state is None:
            try:
                _may_fail(x)
            except ValueError:
                h.state = False
            else:
                h.state = True
        return h.state
    return _outcome(run)


def test_generator_argument_in_condition(line, allowed):
    # an and-chain whose second test calls a function on a generator
    # expression (GET_ITER without a loop)
    def run():
        if not line:
            return "empty"
        if line and all(x in allowed for x in line.split()):
            return "all"
        else:
            out = []
            for word in line.split():
                out.append(word)
        return out
    return _outcome(run)


def test_condition_copies_loop_end(items):
    # 3.13: the two tests of a condition that ends the then-part jump to two
    # copies of the loop's backward jump, the second the then-part's own end
    def run():
        res = []
        for b in items:
            if not isinstance(b, tuple):
                nb = (b,) if b != "t" else b
                if isinstance(nb, tuple) and any(isinstance(x, str) for x in nb):
                    break
            elif len(b) > 1:
                break
        else:
            res.append(1)
        return res
    return _outcome(run)


def test_clause_try_if_return(value, outer, inner):
    # an if whose then-part is a try starting with `if c: return x`, inside a
    # named clause: c's test is inside the try, which catches what it raises
    # (3.13 read `if outer and _may_fail(inner):`), and the return of a value
    # out of the try leaves the clause (3.11+: SWAP 2, POP_EXCEPT, cleanup)
    log = []
    try:
        _may_fail(value)
    except ValueError as why:
        if outer:
            try:
                if _may_fail(inner):
                    return "returned", inner, str(why)
            except OSError:
                log.append("caught")
        log.append("after")
    return log


def test_clause_try_if_return_end(value, outer, inner):
    # the same ending the clause and the function (3.13 read `if outer and
    # _may_fail(inner):` before the try, which then did not catch the
    # OSError the test raises)
    try:
        _may_fail(value)
    except ValueError as why:
        if outer:
            try:
                if _may_fail(inner):
                    return "returned", inner, str(why)
            except OSError:
                pass
