# 3.10: a while loop without a test whose only jump back is a `continue`
# inside a try statement, the body going on after it through the rest of
# the try and ending in a `break` that falls into the code after the loop
# (multiprocessing.shared_memory's SharedMemory.__init__)


def create(self, name, size, make, get, exists):
    while True:
        temp_name = make() if name is None else name
        h_map = get(temp_name)
        try:
            code = get()
            if code == exists:
                if name is not None:
                    raise FileExistsError(name)
                else:
                    continue
            self._mmap = get(-1, size)
        finally:
            get(h_map)
        self._name = temp_name
        break
    self._size = size


def plain(get, ok):
    while True:
        code = get()
        try:
            if code == ok:
                continue
            get(code)
        finally:
            get(ok)
        get(1)
        break
    get(ok)


def with_if_after(get, ok):
    while True:
        code = get()
        try:
            if code == ok:
                continue
            get(code)
        finally:
            get(ok)
        if code:
            get(2)
        break
    get(ok)



def nested_loop(get, ok, items):
    while True:
        code = get()
        try:
            for item in items:
                if item == ok:
                    break
            else:
                continue
            get(code)
        finally:
            get(ok)
        get(item)
        break
    get(ok)
