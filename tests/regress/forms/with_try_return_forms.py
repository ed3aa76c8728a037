def try_return_in_with(src, dst, a):
    with open(dst) as fdst:
        if a:
            try:
                g(fdst)
                return dst
            except E:
                pass
        g(fdst)
    return dst


def try_return_in_with_elif(src, dst, a, c):
    with open(dst) as fdst:
        if a:
            try:
                g(fdst)
                return dst
            except E:
                pass
        elif c:
            g(1)
            return dst
        g(fdst)
    return dst


def try_return_in_nested_with(src, dst, a):
    with open(src) as fsrc:
        with open(dst) as fdst:
            if a:
                try:
                    g(fdst)
                    return dst
                except E:
                    pass
            g(fdst)
    return dst


def try_return_in_with_in_try(src, dst, a, b, c):
    with open(src, 'rb') as fsrc:
        try:
            with open(dst, 'wb') as fdst:
                if a:
                    try:
                        g(fsrc, fdst)
                        return dst
                    except E:
                        pass
                elif b:
                    try:
                        h(fsrc, fdst)
                        return dst
                    except E:
                        pass
                elif c:
                    k(fsrc, fdst)
                    return dst
                g(fsrc, fdst)
        except IsADirectoryError as e:
            if not g(dst):
                raise FileNotFoundError(dst) from e
            else:
                raise
    return dst
