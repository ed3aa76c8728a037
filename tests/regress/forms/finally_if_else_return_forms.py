# An if/else whose branches both return, ending a try/finally body: 3.8
# and 3.9 keep the body's own exit into the finally block, dead, for the
# if's end label; without an else-part, nothing stays there (distutils'
# cygwinccompiler check_config_h, pydoc's getpager).


def if_else_in_try_in_try(fn):
    try:
        config_h = open(fn)
        try:
            if "__GNUC__" in config_h.read():
                return 1, "a"
            else:
                return 2, "b"
        finally:
            config_h.close()
    except OSError as exc:
        return 3


def if_else(fn):
    config_h = open(fn)
    try:
        if "__GNUC__" in config_h.read():
            return 1, "a"
        else:
            return 2, "b"
    finally:
        config_h.close()


def if_then_return(fn):
    config_h = open(fn)
    try:
        if "__GNUC__" in config_h.read():
            return 1, "a"
        return 2, "b"
    finally:
        config_h.close()


def value_returns_in_try_in_try(fn):
    try:
        config_h = open(fn)
        try:
            if "__GNUC__" in config_h.read():
                return 1, "'%s' mentions" % fn
            else:
                return 2, "'%s' does not mention" % fn
        finally:
            config_h.close()
    except OSError as exc:
        return 3, exc.strerror
