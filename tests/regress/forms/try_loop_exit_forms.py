# A try body inside a loop that ends in `continue` or `break` (pstats's
# ProfileBrowser.generic, uu's decode, pkgutil's walk_packages): 3.8 and
# 3.9 keep the compiler's own jump over the handlers after it, unreached
# (a break out of a for loop drops the iterator first), 3.10 drops it; a
# `continue` inside an if in the body leaves the block in the middle.
# 3.8, 3.9 and 3.11 compile these back to the same bytecode (3.10 copies
# first_int's `return value` into the break; 3.12+ places the code after
# the try apart: recovered for generic's continue, not yet for the rest).


def first_int(terms):
    for term in terms:
        try:
            value = int(term)
            break
        except ValueError:
            pass
        note(term)
    else:
        value = None
    return value


def parse_all(args, processed):
    for term in args:
        try:
            processed.append(int(term))
            continue
        except ValueError:
            pass
        try:
            frac = float(term)
            if frac > 1 or frac < 0:
                print('Fraction argument must be in [0, 1]')
                continue
            processed.append(frac)
            continue
        except ValueError:
            pass
        processed.append(term)
    return processed


def generic(self, args):
    processed = []
    for term in args:
        try:
            processed.append(int(term))
            continue
        except ValueError:
            pass
        processed.append(term)
    return 0
