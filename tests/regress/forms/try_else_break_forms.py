def if_try_else_break(it, g):
    for line in it:
        if line:
            try:
                g(line)
            except ValueError:
                continue
            else:
                break
    else:
        raise ValueError("x")
    return 1


def try_else_break(it, g):
    for line in it:
        try:
            g(line)
        except ValueError:
            continue
        else:
            break
    return 1


def if_try_else_break_value(it, g):
    for line in it:
        if line.startswith(b"begin "):
            mode, _, path = line.partition(b" ")
            try:
                int(mode, base=8)
            except ValueError:
                continue
            else:
                break
    else:
        raise ValueError("`begin` line not found")
    for line in it:
        g(line)
    return path
