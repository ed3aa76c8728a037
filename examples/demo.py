"""A small module used by `make demo`: a bit of everything the decoder meets."""
import functools


def fib(n):
    a, b = 0, 1
    for _ in range(n):
        a, b = b, a + b
    return a


def safe_div(x, y):
    try:
        return x / y
    except ZeroDivisionError as e:
        print("cannot divide:", e)
        return float("inf")
    finally:
        pass


def counter():
    count = 0

    def bump(step=1):
        nonlocal count
        count += step
        return count
    return bump


@functools.lru_cache(maxsize=None)
def describe(x):
    kind = "small" if x < 10 else "large"
    return f"{x!r} is {kind:>6}"


print([describe(fib(i)) for i in range(10) if i % 2], safe_div(1, 0), counter()(3))
