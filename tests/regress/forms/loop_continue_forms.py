# Continues and breaks that 3.12+ lays out alike but for which jumps back
# are shared: `if a or b: continue` (one jump back, that both tests reach),
# `if a and b: rest` ending the body (each test's own copy of the body's
# jump back), two `continue` statements in a row (each its own jump back:
# mailcap's findmatch); and 3.10+ a break whose jump got a copy of the
# return after a for loop whose else block has a loop of its own (zoneinfo).


def or_continue(self):
    for getter in self.p:
        m = g(getter)
        if not m or not h(m):
            continue
        self.d[m] = None


def and_rest(self):
    for getter in self.p:
        m = g(getter)
        if m and h(m):
            self.d[m] = None


def two_continues(entries, key):
    for e in entries:
        if 'test' in e:
            test = subst(e['test'])
            if test is None:
                continue
            if test and run(test) != 0:
                continue
        command = subst(e[key])
        if command is not None:
            return command, e
    return None, None


def break_past_else_loop(trans_idx, isdsts, dstoffs):
    found = 0
    for i in range(1, len(trans_idx)):
        if found == 3:
            break
        found += g(i)
    else:
        for idx in isdsts:
            dstoffs[idx] = 3600
    return dstoffs
