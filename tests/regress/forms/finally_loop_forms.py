# Loops in and around try/finally statements (3.11+):
# - a for loop with an if in the finally block: 3.13 leaves the if's jumps
#   out of the exception table (asyncio's _call_connection_lost);
# - a while loop ending the finally block: its handler copy falls into a
#   copy of the RERAISE its first test jumps to;
# - a try body that never completes (an endless loop): no normal path, so
#   no copy of the finally block (code.InteractiveConsole.interact).


def call_lost(self, exc):
    try:
        self._protocol.connection_lost(exc)
    finally:
        for waiter in self._exit_waiters:
            if not waiter.cancelled():
                waiter.set_result(None)


def drain(self):
    try:
        g()
    finally:
        while self.waiters:
            if self.waiters[0]:
                h()


def interact(self):
    try:
        while True:
            self.push(self.raw_input())
    finally:
        self.close()


# 3.12+: a with in a loop in the finally block: the block's handler copy
# has the with's handler inside the loop, the normal path's copy after
# itself (concurrent.futures' as_completed)
def as_completed(fs, waiter):
    try:
        wait(fs)
    finally:
        for f in fs:
            with f._condition:
                f._waiters.remove(waiter)
