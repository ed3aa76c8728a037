# `if a or b: break` ending a loop's body: 3.8 and 3.9 thread the first
# test's jump to the then-part, a lone break, on to the loop's exit, and
# the if's end, the loop's back jump, to the loop's head (gzip, cgi,
# asyncio.sslproto).


def read_to_nul(fp):
    while True:
        s = fp.read(1)
        if not s or s == b'\000':
            break
    return True


def first_blank(lines):
    for line in lines:
        line = line.strip()
        if not line or line.startswith('#'):
            break
    else:
        line = None
    return line


def skip_until(items, stop):
    n = 0
    while n < 10:
        n += 1
        if items[n] is None or items[n] == stop and n > 2:
            break
    return n
