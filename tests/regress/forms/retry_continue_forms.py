# `while True:` whose only back jump is an except clause's `continue`
# (mailbox's Maildir.next): 3.10+ place nothing after the clause, whose
# jump back is the loop's last instruction.


def next_key(self):
    while True:
        try:
            return self[next(self._onetime_keys)]
        except KeyError:
            continue


def read_value(self):
    while True:
        try:
            value = self._read()
        except BlockingIOError:
            continue
        return value
