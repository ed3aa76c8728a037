# A return of a value from a block nested inside an except clause: the
# value goes below the clause's exception (3.8-3.10: ROT_FOUR; 3.11+:
# SWAP 2) after the inner block is left, then the name's cleanup runs.


def try_in_named(path):
    try:
        g()
    except OSError as ex:
        try:
            return c
        except OSError:
            pass


def try_in_plain(path):
    try:
        g()
    except OSError:
        try:
            return c
        except OSError:
            pass


def inner_clause_returns(path):
    try:
        g()
    except OSError as ex:
        try:
            h()
        except OSError:
            return c


def finally_in_named(path):
    try:
        g()
    except OSError as ex:
        try:
            return c
        finally:
            h()


def with_in_named(path):
    try:
        g()
    except OSError as ex:
        with x:
            return c


def if_return_in_named(path):
    try:
        g()
    except OSError as ex:
        try:
            if c:
                return c
        except OSError:
            pass


def if_return_in_plain(path):
    try:
        g()
    except OSError:
        try:
            if c:
                return c
        except OSError:
            pass


def if_return_then_more(path):
    try:
        g()
    except OSError as ex:
        try:
            if c:
                return c
            h()
        except OSError:
            pass


def clause_after_return(path):
    try:
        return c
    except OSError as ex:
        try:
            g()
        except OSError:
            pass


def nested_if(path):
    try:
        g()
    except OSError as ex:
        if d:
            try:
                if c:
                    return c
            except OSError:
                pass


def nonstrict(path):
    allowed = 1, 2, 3
    tail = ''
    while path:
        try:
            path = resolve(path)
            return join(path, tail) if tail else path
        except OSError as ex:
            if ex.winerror not in allowed:
                raise
            try:
                new_path = readlink(path)
                if new_path != path:
                    return join(new_path, tail) if tail else new_path
            except OSError:
                pass
            path, name = split(path)
            if path and not name:
                return path + tail
            tail = join(name, tail) if tail else name
    return tail
