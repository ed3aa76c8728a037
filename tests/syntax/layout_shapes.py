"""Block layouts the compilers of 3.10+ produce from ordinary code: code
after a try that only an except clause reaches (3.12+ moves it among the
handlers), clauses that continue a loop beside one that falls through,
inverted while loops whose `continue` goes back to the first test,
conditions that jump back to a loop head, an if whose then-part ends
in a raise (its jump over the else part is threaded away), and returns
inside with and try/finally bodies and inside an except clause's branches
(3.12+ leaves the unwinding out of the handler: the finally block's copy
there must not become code of the body, or it would run twice), and a for
loop that ends the function inside an if (3.11 places the loop's exit, a
copy of the implicit `return None`, after the if's own), and returned
conditional expressions (3.12+ copies the return into each branch after
fusing `return CONST` statements into RETURN_CONST: a constant branch
stays LOAD_CONST + RETURN_VALUE, which no if statement compiles to),
and `if a is b: continue` before the rest of a loop body (the same jump as
`if not (a is b): rest`, but the compiler folds that `not` into `is not`),
and `not` over an and/or of such compares (the jumps read as `not (a in b)
or not c`, which would fold; `not (a in b and c)` is the same jumps), and
code the layout cannot place (3.11+ compiles a try's else block before
its handlers, and 3.12+ copies a return into an if's then-part): the
order in which names and constants were first used tells."""

INPUTS = {
    "test_try_return_then_code": [({"k": 1}, "k"), ({}, "k")],
    "test_try_return_in_branch": [(True, [5]), (True, []), (False, [5])],
    "test_try_in_loop_clauses": [([[1], [], None, [4]],), ([],)],
    "test_try_return_fallthrough_copy": [("1.2.3",), ("x.y",), ("",)],
    "test_while_continue_to_first_test": [("a<b<<c",), ("",)],
    "test_condition_back_to_loop_head": [(["lineno", "end_x", "col"],)],
    "test_then_part_ends_in_raise": [(True, True), (True, False), (False, True)],
    "test_else_return_none_at_end": [(None,), ([1],), ([],)],
    "test_return_inside_with": [(True,), (False,)],
    "test_return_inside_try_finally": [(True,), (False,)],
    "test_except_body_branch_copies_return": [(True,), (False,)],
    "test_return_const_inside_try": [({"a": 1, "b": 2},), ({"a": 1},), (None,)],
    "test_for_loop_ends_function_in_if": [({"a": 1, "b": 2},), ({},), (None,)],
    "test_for_loop_with_if_ends_function_in_if": [(False, [1, 2, 3]), (True, [1, 2]), (False, [])],
    "test_returned_conditional_expressions": [(0, 0), (1, 0), (0, 2), (3, 1), (2, 5)],
    "test_continue_on_identity_and_membership": [([1, None, "a", 2, "b"], "ab"), ([], "")],
    "test_negated_and_or_of_membership": [(301, "GET", None), (303, "POST", [1, ...]), (302, "PUT", [])],
    "test_else_or_after_by_source_order": [(0,), (1,), (-1.5,), ("x",)],
}


def test_try_return_then_code(d, key):
    try:
        return d[key]
    except KeyError:
        d[key] = "default"
    return ("after", sorted(d.items()))


def test_try_return_in_branch(a, xs):
    if a:
        try:
            return xs[0]
        except IndexError:
            pass
        y = "caught"
    else:
        y = "else"
    return y


def test_try_in_loop_clauses(rows):
    out = []
    for row in rows:
        try:
            return ("first", row[0])
        except IndexError:
            out.append("index")
        except TypeError:
            out.append("type")
            continue
        out.append(("after", row))
    return out


def test_try_return_fallthrough_copy(text):
    result = None
    if text is not None:
        if text:
            try:
                result = tuple(int(p) for p in text.split("."))
            except ValueError:
                result = ()
    return result


def test_while_continue_to_first_test(s):
    j, n, out = 0, len(s), []
    while j < n:
        c = s[j]
        if c == "<":
            j += 1
            out.append("lt")
            continue
        out.append(c)
        j += 2
    return out


def test_condition_back_to_loop_head(attrs):
    class Node:
        lineno = 1
        col = None
    found = []
    for attr in attrs:
        value = getattr(Node, attr, None)
        if value is not None or (hasattr(Node, attr) and attr.startswith("end_")):
            found.append((attr, value))
    return found


def _then_part_raises(needs_input, have_data):
    if needs_input:
        block = "data" if have_data else ""
        if not block:
            raise EOFError("ended early")
    else:
        block = "empty"
    return "got " + block


def test_then_part_ends_in_raise(needs_input, have_data):
    try:
        return _then_part_raises(needs_input, have_data)
    except EOFError as e:
        return "raised: %s" % e


def test_else_return_none_at_end(box):
    seen = []
    if box is not None:
        seen.append(len(box))
        if not box:
            seen.append("empty")
    return seen


class _Ctx:
    def __init__(self, log):
        self.log = log

    def __enter__(self):
        self.log.append("enter")
        return self

    def __exit__(self, *exc):
        self.log.append("exit")
        return False


def _return_inside_with(log, state):
    with _Ctx(log):
        if state:
            return "early"
        log.append("body")
    log.append("after")
    return "late"


def test_return_inside_with(state):
    log = []
    return _return_inside_with(log, state), log


def _return_inside_try_finally(log, a):
    try:
        if a:
            return 1
        b = 2
    finally:
        log.append("finally")   # must run exactly once on each path
    return b


def test_return_inside_try_finally(a):
    log = []
    return _return_inside_try_finally(log, a), log


def test_except_body_branch_copies_return(debug):
    log = []
    try:
        raise OSError("x")
    except OSError:
        if debug:
            log.append("debug")
    return log


def _return_const_inside_try(node):
    try:
        if node.get("a") is None or node.get("b") is None:
            return None
        total = node["a"] + node["b"]
    except AttributeError:
        return "no mapping"
    return total


def test_return_const_inside_try(node):
    return _return_const_inside_try(node)


def test_for_loop_ends_function_in_if(defaults):
    log = []

    def run(defaults=None):
        if defaults:
            for (attr, val) in defaults.items():
                log.append((attr, val))
    return run(defaults), log


def test_for_loop_with_if_ends_function_in_if(done, waiters):
    log = []

    def run():
        if not done:
            log.append("set")
            for w in waiters:
                if w % 2:
                    log.append(w)
    return run(), log


def test_returned_conditional_expressions(x, y):
    def truth(a):
        return True if a else False

    def chain(a, b):
        return 0 if a == b else 1 if a > b else -1

    def none_first(a, b):
        return None if a else b

    def in_loop(a, items):
        for item in items:
            if item:
                return "big" if item > a else "small"
        return "none"

    def statement_then_expression(a, b):
        if a > 2:
            return 1
        return b if a else 0

    def nested(a, b):
        if a:
            return "x" if b else "y"
        return "z"

    return [truth(x), chain(x, y), none_first(x, y), in_loop(x, [0, y, 2]),
            statement_then_expression(x, y), nested(x, y)]


def test_continue_on_identity_and_membership(items, letters):
    seen = []
    for item in items:
        if item is None:
            continue
        if item in letters:
            continue
        assert item is not letters
        seen.append(item)
    for item in items:
        if item not in letters:
            seen.append(("not a letter", item))
    return seen


def test_negated_and_or_of_membership(code, method, sub):
    out = []
    if not (code in (301, 302) and method in ("GET", "HEAD") or code == 303 and method == "POST"):
        out.append("refused")
    if sub is not None and not (sub and sub[-1] is ...):
        out.append([x for x in sub if not (x in (1, 2) and x)])
    out.append(1 if not (code in (301, 303) and sub) else 2)
    return out


def test_else_or_after_by_source_order(value):
    class Box:
        def __init__(self, v):
            self.v = v

        @property
        def closed(self):
            if isinstance(self.v, str):
                raise AttributeError("no")
            return self.v == 0

    def encoding(v):
        try:
            number = int(v)
        except (TypeError, ValueError):
            return "not a number"
        else:
            return abs(number)

    def close(box, log):
        try:
            closed = box.closed
        except AttributeError:
            return
        if closed:
            return
        log.append("closing")

    def joined(v):
        if isinstance(v, float):
            if v < -1:
                v = -v
            s = "neg" if v < 0 else "float"
        else:
            s = repr(v)
        return len(s)

    log = []
    return [encoding(value), close(Box(value), log), log, joined(value)]
