# `while True: try: ...; break except E: ...` followed by more code than a
# return (binhex's read, graphlib's _find_cycle): 3.10 jumps from the try
# body straight out of the loop, and the clauses go on inside it.


def read_then_test(self, data):
    while True:
        try:
            cur = decode(data)
            break
        except Incomplete:
            pass
    if cur:
        self.use(cur)


def read_more(self, data):
    while True:
        try:
            cur = decode(data)
            break
        except Incomplete:
            pass
        more = self.read(1)
        if not more:
            raise EOFError('premature end')
        data = data + more
    self.total += len(cur)
    return cur


def in_a_for_loop(self, nodes):
    for node in nodes:
        while self.stack:
            try:
                self.step(node)
                break
            except StopIteration:
                self.stack.pop()
        self.done(node)


async def wait_uncancelled(self, fut):
    cancelled = False
    while True:
        try:
            await fut
            break
        except CancelledError:
            cancelled = True
    if cancelled:
        raise CancelledError
