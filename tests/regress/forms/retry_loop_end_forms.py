# A while loop ending a function whose body is a try statement that never
# completes normally (`try: ...; break` or a loop of its own, the except
# clause going round again): 3.12+ place the loop's bottom test, which only
# the except clause reaches, after the handlers, and the loop's exit (or a
# copy of it) right after the try body, among the loop's code
# (graphlib's `_find_cycle`, heapq's `merge`, unittest's loadTestsFromName,
# reduced to their function-ending form).


def retry_until_found(stack):
    while stack:
        try:
            node = stack[-1]()
            break
        except StopIteration:
            stack.pop()


def retry_returns_value(parts):
    while parts:
        try:
            module = __import__('.'.join(parts))
            break
        except ImportError:
            parts.pop()
    return parts


def inner_loop_in_try(h):
    while len(h) > 1:
        try:
            while True:
                v = nxt(h)
                h.append(v)
        except StopIteration:
            h.pop()
    return h


def retry_in_if(self, c):
    if c:
        while True:
            try:
                self.fp = open_it(c)
            except OSError:
                c = next_name(c)
                continue
            break


def retry_raises_after(tries):
    while tries:
        try:
            return connect()
        except ConnectionError:
            tries -= 1
    raise TimeoutError(tries)
