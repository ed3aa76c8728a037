def ret_in_clause(g):
    try:
        try:
            p = g()
        except OSError:
            return None
        g(p)
    finally:
        g()
    g(1)


def ret_named_clause(g):
    try:
        p = g()
    except OSError as msg:
        g(msg)
        return
    finally:
        g()
    g(1)


def ret_bare_clause(g):
    try:
        p = g()
    except OSError:
        return
    finally:
        g()
    g(1)


def ret_two_named_clauses(g):
    try:
        p = g()
    except OSError as msg:
        g(msg)
        return
    except ValueError as msg:
        g(msg)
        return
    finally:
        g()
    g(1)


def ret_value_named_clause(g):
    try:
        p = g()
    except OSError as msg:
        g(msg)
        return 5
    finally:
        g()
    return g(1)
