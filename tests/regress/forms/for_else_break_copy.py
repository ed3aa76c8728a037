# 3.10+: a for loop with an else block whose `break` jumps nowhere: the
# iterator's POP_TOP, then the compiler's copy of the small exit block after
# the else block (copy, locale, socket, typing).  A return of the same value
# computes it before that POP_TOP.


def first_blank(lines):
    for line in lines:
        line = line.strip()
        if not line:
            break
        print(line)
    else:
        line = None
    return line


def last_match(items, key):
    for item in items:
        if item.key == key:
            break
    else:
        item = key.default()
        item.fresh = True
    return item


def in_with(f, tests):
    with f:
        for tf in tests:
            res = tf(f)
            if res:
                return res
        return None


def returns_from_loop(items):
    for item in items:
        if item:
            return item
    else:
        item = None
    return item
