# A with block inside a try body that returns a constant: the return
# leaves the try block too (<= 3.10: its POP_BLOCK before the constant),
# and the handler's suppressed path goes on to the try body's end.


def has_dualstack():
    try:
        with socket(AF_INET6, SOCK_STREAM) as sock:
            sock.setsockopt(IPPROTO_IPV6, IPV6_V6ONLY, 0)
            return True
    except error:
        return False


def probe(path):
    try:
        with open(path) as f:
            return 1
        note(path)
    except OSError:
        pass
