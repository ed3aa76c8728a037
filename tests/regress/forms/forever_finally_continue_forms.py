def finally_continue_break(g):
    while True:
        h = g()
        try:
            if h:
                continue
            x = 1
        finally:
            g(h)
        break


def finally_continue_raise_else(name, g):
    while True:
        h = g()
        try:
            if h:
                if name is not None:
                    raise FileExistsError(name)
                else:
                    continue
            x = 1
        finally:
            g(h)
        break


def finally_continue_code_after(g, y):
    while True:
        h = g()
        try:
            if h:
                continue
            x = 1
        finally:
            g(h)
        if y:
            return 3
        break
    g(5)


def finally_continue_in_if(self, name, create, g):
    if create:
        while True:
            t = g() if name is None else name
            h = g(t)
            try:
                if h:
                    if name is not None:
                        raise FileExistsError(name)
                    else:
                        continue
                self.x = 1
            finally:
                g(h)
            self._name = h
            break
    else:
        self._name = name
    self.size = 1


def finally_continue_in_try(g):
    try:
        while True:
            h = g()
            try:
                if h:
                    continue
            finally:
                g(h)
            break
    except OSError:
        g(2)
    g(3)


def loop_in_try_except(self, amt=None):
    value = []
    try:
        while True:
            chunk_left = self._get_chunk_left()
            if chunk_left is None:
                break
            value.append(self._safe_read(chunk_left))
            self.chunk_left = 0
        return b''.join(value)
    except IncompleteRead as exc:
        raise IncompleteRead(b''.join(value)) from exc


def loop_in_try_finally(g):
    try:
        while True:
            c = g()
            if c is None:
                break
            g(c)
        return 1
    finally:
        g(0)


def except_return_in_loop(self):
    pop = self._pending_removals.pop
    discard = self.data.discard
    while True:
        try:
            item = pop()
        except IndexError:
            return
        discard(item)
