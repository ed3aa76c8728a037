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
