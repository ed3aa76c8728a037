# A return of a computed value from a named except clause of a try that a
# try/finally encloses (the demo's safe_div): 3.8 moves the value below
# the exception, leaves the clause, runs the name's cleanup, pops the outer
# block and calls its finally block before returning.


def safe_div(x, y):
    try:
        return x / y
    except ZeroDivisionError as e:
        print('cannot divide:', e)
        return float('inf')
    finally:
        pass
