# A with block inside a try body that returns a constant, with more code
# after it in the try body: the return leaves the try block too (<= 3.10:
# its POP_BLOCK before the constant), and the handler's suppressed path
# goes on to that code.


def probe(path):
    try:
        with open(path) as f:
            return 1
        note(path)
    except OSError:
        pass
