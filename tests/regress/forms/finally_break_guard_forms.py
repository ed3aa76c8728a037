def finally_continue_in_for(items, g):
    for item in items:
        while True:
            h = g(item)
            try:
                if h:
                    continue
            finally:
                g(h)
            g(item)
            break
        g(0)
    return 1




def finally_continue_in_for_break(items, g):
    for item in items:
        while True:
            h = g(item)
            try:
                if h:
                    continue
            finally:
                g(h)
            break
        g(0)


def try_except_break(items, g):
    for item in items:
        try:
            if g(item):
                break
        except E:
            g(1)
    g(0)


def while_try_except_break(g):
    while True:
        try:
            if g():
                break
        except E:
            pass
        g(2)
    g(0)


def while_try_finally_break(g):
    while g:
        h = g()
        try:
            if h:
                break
        finally:
            g(h)
        g(1)
    g(0)
