# 3.12+: a try ending a loop's body in `continue`, whose code after it,
# reached only by a later clause, is placed after the handlers: an earlier
# clause's jump back to the loop's head is `continue` too (it was read as
# falling into the code after the try: wrong code, found by the flow
# fuzzer, seed 1357).
def first_continues(b):
    t = []
    for i in (1, 3, 2):
        try:
            t.append(10 // b)
            continue
        except ZeroDivisionError:
            continue
        except Exception:
            pass
        t.append(b)
    return t


def named_first(b, t):
    for i in b:
        try:
            t.append(10 // i)
            continue
        except ZeroDivisionError as e:
            t.append(e)
            continue
        except TypeError:
            t.append(1)
        t.append(i)
    return t


def three_clauses(b, t):
    for i in b:
        try:
            t.append(10 // i)
            continue
        except ZeroDivisionError:
            continue
        except TypeError:
            t.append(2)
        except Exception:
            continue
        t.append(i)
    return t


def while_loop(b, t):
    while b:
        b -= 1
        try:
            t.append(10 // b)
            continue
        except ZeroDivisionError:
            continue
        except Exception:
            pass
        t.append(b)
    return t
