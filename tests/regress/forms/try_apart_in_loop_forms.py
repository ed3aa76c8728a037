# 3.12+ place the code after a try statement that only its except clauses
# reach after the handlers: here that code holds a try statement of its own
# (pstats' ProfileBrowser.generic), or follows a try whose body is an
# endless loop (heapq's merge), or is the __exit__ call of the with whose
# body the loop ends, which the clause's `break` jumps to (os.walk).


def continue_then_try(args):
    for term in args:
        try:
            g(term)
            continue
        except ValueError:
            pass
        try:
            k()
        except ValueError:
            pass
        h(term)


def endless_body(it, key):
    if key:
        try:
            while True:
                g(next(it))
        except StopIteration:
            pass
        h()


def break_to_with_exit(stack, it):
    while stack:
        with it:
            while True:
                try:
                    entry = next(it)
                except StopIteration:
                    break


def break_in_nested_try(stack, it):
    while stack:
        with it:
            while True:
                try:
                    try:
                        entry = next(it)
                    except StopIteration:
                        break
                except OSError as error:
                    pass
