"""try/except/else/finally (nested, in loops with break/continue, return
inside finally), raise, raise from, bare raise, exception chaining."""

INPUTS = {
    "test_try_paths": [(0,), (1,), (2,), (3,), (4,)],
    "test_finally_in_loops": [(6,), (2,)],
    "test_return_in_finally": [(True,), (False,)],
}


class AppError(Exception):
    def __init__(self, code, msg="app"):
        super().__init__(code, msg)
        self.code = code


def risky(kind):
    if kind == 1:
        raise ValueError("bad value")
    if kind == 2:
        raise KeyError("k")
    if kind == 3:
        raise AppError(7)
    if kind == 4:
        return 1 / 0
    return "fine"


def test_try_paths(kind):
    log = []
    try:
        log.append("try")
        result = risky(kind)
    except ValueError as e:
        log.append("value:%s" % e)
        result = "v"
    except (KeyError, IndexError) as e:
        log.append("lookup:%r" % (e.args,))
        result = "k"
    except AppError as e:
        log.append("app:%d" % e.code)
        result = "a"
    except Exception:
        log.append("other")
        result = "o"
    else:
        log.append("else")
    finally:
        log.append("finally")
    return result, log


def test_nested_try():
    log = []
    for kind in range(5):
        try:
            try:
                risky(kind)
            except ValueError:
                log.append("inner caught %d" % kind)
                raise AppError(kind) from None
            except KeyError as e:
                log.append("inner re-raise")
                raise
            finally:
                log.append("inner finally %d" % kind)
        except AppError as e:
            log.append(("outer app", e.code, e.__cause__, e.__suppress_context__))
        except KeyError as e:
            log.append(("outer key", e.args))
        except ZeroDivisionError:
            log.append("outer zero")
        else:
            log.append("outer else %d" % kind)
    return log


def test_finally_in_loops(n):
    log = []
    for i in range(n):
        try:
            if i == 1:
                continue
            if i == 4:
                break
            log.append("body %d" % i)
        finally:
            log.append("fin %d" % i)
    i = 0
    while True:
        try:
            i += 1
            if i > 2:
                break
        except Exception:
            log.append("never")
        finally:
            log.append("w%d" % i)
    for j in range(3):
        try:
            risky(1 if j == 1 else 0)
        except ValueError:
            log.append("skip %d" % j)
            continue
        else:
            log.append("ok %d" % j)
        log.append("after %d" % j)
    return log


def test_return_in_finally(flag):
    def f():
        try:
            return "try"
        finally:
            if flag:
                return "finally"

    def g():
        try:
            raise ValueError("swallowed")
        finally:
            return "finally wins"

    def h():
        for i in range(3):
            try:
                return i
            finally:
                if flag and i == 0:
                    continue
        return "loop end"

    def k():
        log = []
        try:
            try:
                return log
            finally:
                log.append("inner")
        finally:
            log.append("outer")

    return f(), g(), h(), k()


def test_raise_forms():
    out = []
    try:
        raise ValueError
    except ValueError as e:
        out.append(("class", e.args))
    try:
        raise ValueError("msg", 2)
    except ValueError as e:
        out.append(("instance", e.args))
    try:
        try:
            {}["missing"]
        except KeyError as e:
            raise RuntimeError("wrapped") from e
    except RuntimeError as e:
        out.append(("from", type(e.__cause__).__name__, e.__cause__.args))
    try:
        try:
            1 / 0
        except ZeroDivisionError:
            raise TypeError("during")
    except TypeError as e:
        out.append(("context", type(e.__context__).__name__, e.__cause__))
    try:
        try:
            raise AppError(3, "x")
        except AppError:
            raise
    except AppError as e:
        out.append(("bare", e.args, e.code))
    try:
        raise AppError(4) from ValueError("cause")
    except AppError as e:
        out.append(("from instance", e.__cause__.args))
    return out


def test_exception_variable_cleared():
    e = "before"
    try:
        raise ValueError("x")
    except ValueError as e:
        inside = e.args
    try:
        e
    except NameError:
        cleared = True
    else:
        cleared = False
    return inside, cleared


def test_try_else_finally_returns():
    def f(x):
        try:
            v = 10 // x
        except ZeroDivisionError:
            return "div0"
        else:
            return v
        finally:
            pass

    def g(x):
        out = []
        try:
            out.append("t")
            if x:
                return out
        finally:
            out.append("f")
        out.append("after")
        return out

    return [f(0), f(3), g(0), g(1)]


def test_exception_in_handler_and_finally():
    log = []
    try:
        try:
            raise ValueError("first")
        except ValueError:
            log.append("handler")
            raise KeyError("second")
        finally:
            log.append("finally runs")
    except KeyError as e:
        log.append(("got", e.args, type(e.__context__).__name__))
    try:
        try:
            pass
        finally:
            raise IndexError("from finally")
    except IndexError as e:
        log.append(str(e))
    return log


def test_reraise_with_traceback_kept():
    def inner():
        raise ValueError("deep")

    try:
        try:
            inner()
        except ValueError as exc:
            saved = exc
            raise
    except ValueError as again:
        return again is saved, again.__traceback__ is not None
