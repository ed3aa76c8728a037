"""3.12+: an inverted while loop that ends a loop's body, its first test
and its exit going straight to that loop's head, with a `continue` back to
its first test (email.quoprimime's decode)."""


def continue_first(xs, n):
    for line in xs:
        while i < n:
            if d:
                continue
            g()


def decode(encoded, eol):
    decoded = ''
    for line in encoded.splitlines():
        line = line.rstrip()
        if not line:
            decoded += eol
            continue
        i = 0
        n = len(line)
        while i < n:
            c = line[i]
            if c != '=':
                decoded += c
                i += 1
            elif i + 1 == n:
                i += 1
                continue
            else:
                decoded += c
                i += 1
            if i == n:
                decoded += eol
    return decoded


def in_while(q, n):
    while q:
        x = q.pop()
        while x < n:
            x += 1
            if x % 3:
                continue
            out(x)


def with_break(xs, n):
    for x in xs:
        while x < n:
            if x == 7:
                break
            if x % 2:
                x += 3
                continue
            x += 1


def and_test(xs, n):
    for x in xs:
        while x < n and ok(x):
            x = step(x)
            if skip(x):
                continue
            out(x)
