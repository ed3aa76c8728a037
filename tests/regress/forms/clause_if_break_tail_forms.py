# 3.10: a while loop whose only code after it is the copy each break
# carries, a break inside an except clause sitting in an if (_pyio's
# FileIO.readall)


def read_all(read, result):
    while True:
        try:
            chunk = read()
        except BlockingIOError:
            if result:
                break
            return None
        if not chunk:
            break
        result += chunk
    return bytes(result)


def one_break(read, result):
    while True:
        try:
            chunk = read()
        except OSError:
            if result:
                break
            return None
        result += chunk
    return bytes(result)


def raise_after(read, result):
    while True:
        try:
            chunk = read()
        except OSError:
            if result:
                break
            result.append(0)
            continue
        result += chunk
    raise ValueError(result)


def two_clauses(read, result):
    while True:
        try:
            chunk = read()
        except KeyError:
            return 1
        except OSError:
            if not result:
                break
            return None
        result.append(chunk)
    return len(result)
