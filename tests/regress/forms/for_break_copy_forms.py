# `break` out of a for loop followed by a small exit block, which 3.10+
# copy in right after the iterator's POP_TOP: logging's Filterer.filter.
# Must compile back to the same bytecode, read as the break (a return there
# computes its value before the iterator goes).  (Not yet: a for loop with
# an else block, whose break's copy is of the code after that block, copy's
# _deepcopy_tuple.)


def filter(filters, record):
    rv = True
    for f in filters:
        if hasattr(f, 'filter'):
            result = f.filter(record)
        else:
            result = f(record)
        if not result:
            rv = False
            break
    return rv


def first_differing(x, y):
    for k, j in zip(x, y):
        if k is not j:
            y = tuple(y)
            break
    return y


def nested(rows, key):
    found = None
    for row in rows:
        for cell in row:
            if cell == key:
                found = cell
                break
        if found:
            break
    return found, key


def return_constant(items):
    for item in items:
        if item:
            return 1
    return 0
