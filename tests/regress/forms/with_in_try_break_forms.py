# <= 3.11: a break out of a for loop from a with inside a try statement
# (3.12+ copies the code after the loop into the break: not read yet).
def brk(xs):
    for x in xs:
        try:
            with f(x) as s:
                if s:
                    break
                g(s)
        except OSError:
            pass
    return 1
