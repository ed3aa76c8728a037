# 3.10+ copy a small exit block, the return after a loop or after an if
# chain, into each path that goes there: the numbering of its constant
# tells such a copy (a break, an elif chain's join) from a return of the
# source's own.


def first_kind(cls):
    """Docstring first, as co_consts[0]."""
    for c in cls.__mro__:
        if 'a' in c.__dict__:
            break
        if 'b' in c.__dict__:
            cls.kind = 'b'
            break
        if 'c' in c.__dict__:
            cls.kind = 'c'
            break


def take(action, values):
    if action == 'store':
        values.append(2)
    elif action == 'count':
        values.append(values.count('x'))
    elif action == 'help':
        values.clear()
        return 0
    else:
        values.extend('yz')
    return 1


def early(action):
    for c in action:
        if c == 'q':
            return None
        print(c, 'seen')



def send_header(self, keyword, value):
    """A nested if at the end: its then-part's `return None` is a copy."""
    if self.version != 'HTTP/0.9':
        self.buffer.append(keyword)
    if keyword.lower() == 'connection':
        if value.lower() == 'close':
            self.close_connection = True
        elif value.lower() == 'keep-alive':
            self.close_connection = False


def close(self):
    """3.10: the clause's `return None` is a copy, the raise the else block."""
    try:
        self.throw(GeneratorExit)
    except (GeneratorExit, StopIteration):
        pass
    else:
        raise RuntimeError('ignored GeneratorExit')
