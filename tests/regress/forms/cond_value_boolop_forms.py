# An and/or in value context as an operand of a condition's test, `(b or
# c) == d` (its jump goes to the comparison, inside the atom): pydoc's
# docmodule, traceback's _byte_offset_to_character_offset.  Must compile
# back to the same bytecode, read as one condition.


def visible(all, value, obj):
    for key in all:
        if (all is not None or (getmodule(value) or obj) is obj) and visiblename(key, all, obj):
            yield key


def or_operand(a, b, c, d):
    if a or (b or c) == d:
        return 1
    return 2


def and_operand(a, b, c, d):
    if a or (b and c) == d:
        return 1
    return 2


def in_and(a, b, c, d):
    if a and (b or c) == d:
        a.run()


def strip_common(a, b, post):
    while a[:post or None] and b[:post or None] and a[post - 1] == b[post - 1]:
        post -= 1
    return post


def value_context(a, b, c, d):
    return a or (b or c) == d
