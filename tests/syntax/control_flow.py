"""if/elif/else, while/for with else, break, continue, nested loops, early
returns, pass, loops over every kind of iterable."""

INPUTS = {
    "test_for_else": [([1, 3, 5],), ([1, 4, 5],), ([],)],
    "test_while_else": [(0,), (3,), (10,)],
    "test_nested_loops": [(3,), (5,)],
    "test_while_if_continue_first": [([1, 0, 2, 0, 3], 5), ([], 1)],
}


def classify(n):
    if n < 0:
        kind = "negative"
    elif n == 0:
        kind = "zero"
    elif n < 10:
        kind = "small"
    elif n < 100:
        if n % 5 == 0:
            kind = "medium round"
        else:
            kind = "medium"
    else:
        kind = "large"
    if n % 2:
        pass
    else:
        kind += " even"
    return kind


def test_if_chains():
    out = [classify(n) for n in (-5, 0, 3, 8, 15, 17, 150)]
    for v in (None, 0, "", "x", [0]):
        if v:
            out.append("truthy")
        elif v is None:
            out.append("none")
        else:
            out.append("falsy")
    x = 5
    if x > 3:
        if x > 4:
            if x > 5:
                out.append(">5")
            else:
                out.append("=5")
    return out


def test_for_else(items):
    out = []
    for x in items:
        if x % 2 == 0:
            out.append("found %d" % x)
            break
    else:
        out.append("no even")
    for x in items:
        if x > 2:
            continue
        out.append(x)
    else:
        out.append("loop done")
    for _ in ():
        out.append("never")
    else:
        out.append("empty else")
    return out


def test_while_else(limit):
    out = []
    i = 0
    while i < limit:
        i += 1
        if i == 5:
            out.append("break at 5")
            break
        if i % 2:
            continue
        out.append(i)
    else:
        out.append("exhausted at %d" % i)
    n = 0
    while True:
        n += 1
        if n > limit:
            break
    out.append(n)
    j = limit
    while j:
        j -= 1
    out.append(j)
    return out


def test_nested_loops(n):
    out = []
    for i in range(n):
        for j in range(n):
            if j > i:
                break
            if (i + j) % 2:
                continue
            out.append((i, j))
        else:
            out.append("inner done %d" % i)
        if i == 3:
            break
    k = 0
    while k < n:
        m = 0
        while m < k:
            m += 1
            if m == 2:
                break
        else:
            out.append("while-inner %d" % k)
        k += 1
    for a in range(2):
        for b in range(2):
            for c in range(2):
                if a == b == c:
                    out.append((a, b, c))
    return out


def find_pair(nums, target):
    for i, a in enumerate(nums):
        for b in nums[i + 1:]:
            if a + b == target:
                return a, b
    return None


def first_negative(values):
    i = 0
    while i < len(values):
        if values[i] < 0:
            return i
        i += 1
    return -1


def test_early_returns():
    return [find_pair([1, 2, 3, 4], 7), find_pair([1], 2), first_negative([3, -1]),
            first_negative([]), first_negative([0, 1, -5, -6])]


def test_iterables():
    out = []
    for ch in "ab":
        out.append(ch)
    for k in {"x": 1, "y": 2}:
        out.append(k)
    for v in sorted({3, 1, 2}):
        out.append(v)
    for i, v in enumerate("cd", start=1):
        out.append((i, v))
    for a, b in zip("ef", range(5)):
        out.append((a, b))
    for r in reversed(range(3)):
        out.append(r)
    it = iter([1, 2, 3, 4])
    for x in it:
        out.append(("pair", x, next(it)))
    return out


def test_loop_variable_after_loop():
    for i in range(4):
        pass
    j = None
    for j in []:
        pass
    total = 0
    for total in range(3):
        total *= 2
    return i, j, total


def test_while_if_continue_first(steps, limit):
    # 3.12+: the loop's test is copied to its end; `continue` jumps back to
    # the first copy, conditionally (the if's own jump)
    total = 0
    j = 0
    while j < len(steps):
        j += 1
        if steps[j - 1] == 0:
            continue
        total += steps[j - 1] * limit
    return total, j
