# `try: with m: ...; return CONST` ending a function (socket's
# has_dualstack_ipv6): 3.11+ put the return after the with's __exit__ call,
# outside every handler, where the try's body seems to end; the with reads
# it (with_returns_const), and the try's body ends after it.


def has_dualstack_ipv6():
    if not has_ipv6:
        return False
    try:
        with socket(AF_INET6, SOCK_STREAM) as sock:
            sock.setsockopt(IPPROTO_IPV6, IPV6_V6ONLY, 0)
            return True
    except error:
        return False
