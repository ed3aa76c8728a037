# Chained comparisons as operands of and/or in a condition.  The last
# operand of an `or`, `a or b < c < d`, once came back as code that compiles
# and does something else (its test's jump into the if's body was taken for
# the end of a then-part: html.parser's parse_starttag, cgi's read_multi and
# _pydecimal's _power_exact on every version).  Each function must come back
# either behaving like the original on every input of INPUTS, or marked as
# not recovered.


def last_in_or(num):
    if num > 3 or 1 <= num <= 2:
        return 4
    return 5


def two_chains_in_or(v):
    if not v:
        v = None
    elif v[:1] == "'" == v[-1:] or v[:1] == '"' == v[-1:]:
        v = v[1:-1]
    return v


def break_on_chain(parts, length):
    out = []
    for done, read in parts:
        out.append(read)
        if done or read >= length > 0:
            break
    return out


def first_in_or(num):
    if 1 <= num <= 2 or num > 3:
        num = 4
    return num


def first_in_and(num):
    if 1 <= num <= 2 and num > 3:
        return 4
    return 5


def negated(num):
    if not (1 <= num <= 2):
        return 4
    return 5


INPUTS = {
    "last_in_or": [(0,), (1.5,), (2,), (3,), (4,)],
    "two_chains_in_or": [("",), ("'x'",), ('"y"',), ("'z\"",), ("w",)],
    "break_on_chain": [([(0, 1), (0, 2), (1, 3)], 2), ([(0, 5), (0, 1)], 3), ([(0, 1), (0, 2)], 0)],
    "first_in_or": [(0,), (1.5,), (3,), (4,)],
    "first_in_and": [(0,), (1.5,), (4,)],
    "negated": [(0,), (1.5,), (3,)],
}
