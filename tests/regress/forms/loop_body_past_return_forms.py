# 3.13: a `while True` loop closed by a folded `if c: continue`, whose body goes
# on past the return after it: an if's else-part that returns, moved there, and
# the return the then-part falls into (_pyrepl.reader.Reader.handle1,
# _pyrepl.windows_console.WindowsConsole.get_event).

def f1(self, block):
    while True:
        event = self.get_event()
        if not event:
            if block:
                continue
            return False
        cmd = g(event)
        if cmd is None:
            if block:
                continue
            return False
        self.do_cmd(cmd)
        return True


def f2(self, block):
    if self.queue:
        return self.queue.pop()
    while True:
        rec = self.read(block)
        if rec is None:
            return None
        if rec.kind == 1:
            return Event("resize", "")
        if rec.kind != 2 or not rec.down:
            if block:
                continue
            return None
        key = rec.char
        if key == "\r":
            return Event(evt="key", data="\n")
        elif rec.code == 8:
            return Event(evt="key", data="backspace")
        elif key == "\x00":
            code = VK_MAP.get(rec.code)
            if code:
                return Event(evt="key", data=code)
            if block:
                continue
            return None
        return Event(evt="key", data=key)


def f3(q, wait):
    while True:
        item = q.get()
        if item is None:
            if wait:
                continue
            return 0
        q.done(item)
        return 1
