# 3.10, 3.11: `break` out of a for loop as an if's else-part ending the
# body, with code after the loop: the iterator's POP_TOP falls into the
# loop's exit, the jump left out (tabnanny's Whitespace, email.feedparser).
def whitespace(self, ws):
    count = []
    b = n = nt = 0
    for ch in self.raw:
        if ch == S:
            n = n + 1
            b = b + 1
        elif ch == T:
            n = n + 1
            nt = nt + 1
            if b >= len(count):
                count = count + [0] * (b - len(count) + 1)
            count[b] = count[b] + 1
            b = 0
        else:
            break
    self.n = n
    self.nt = nt


def else_break(self):
    for ch in self.raw:
        if ch == S:
            n = 1
        else:
            break
    self.n = n


def continue_then_break(self):
    for ch in self.raw:
        if ch == S:
            n = 1
            continue
        break
    self.n = n
