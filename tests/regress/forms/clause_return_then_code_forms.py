"""`except E: return` in a try/except/finally with code after the statement
(tabnanny.check): 3.11+ end the clause with a copy of the finally block and
`return None`, which reads as the clause's return where the try's normal
path goes on with other code (where it returns None too, the two read
alike).  3.8-3.10 leave the try/finally's block first (POP_BLOCK and the
copy).  3.11 does not read it yet."""


def c4(file):
    try:
        f(file)
    except NannyNag as nag:
        print(nag)
        return
    finally:
        c.close()
    g()


def c5(file):
    try:
        f(file)
    except NannyNag:
        return
    finally:
        c.close()
    g()
