# `if a: while b: try: ...; break except E: pass` then more code (unittest's
# TestLoader.loadTestsFromName): 3.12+ place the loop's bottom test, which
# only the except clause reaches, after the handlers, and the code after the
# if, a whole for loop here and no small exit block, between the try body
# and the handlers (3.13's bottom test also jumps past its jump back).


def import_first(c, parts_copy, parts):
    if c:
        while parts_copy:
            try:
                module = g(c)
                break
            except ImportError:
                pass
    for part in parts:
        parent, obj = c
