"""`for ...: ... break / else: ...; continue / break` inside a while loop
(re._parser._parse_sub): the inner loop's breaks leave the outer loop too.
3.10+ thread them to the outer loop's exit and leave the `break` after the
else block out, as no path reaches it; the else block may end in the outer
loop's own back jump."""


def f(items):
    while True:
        for item in items:
            break
        else:
            continue
        break
    g()


def f2(items):
    while True:
        for item in items:
            if item:
                break
        else:
            continue
        break
    g()


def f4(source, items):
    while True:
        for item in items:
            if not item:
                break
        else:
            source.append(items)
            continue
        break
    g(items)
