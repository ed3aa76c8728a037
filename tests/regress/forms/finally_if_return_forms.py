# A return of a value from inside the body of a try/finally whose finally
# block branches (3.11+): the return runs a copy of the block, whose
# branches each end in their own copy of the return (RETURN_VALUE); the
# reading went on into those copies after the first, with the value gone
# ("stack underflow": asyncio's _sock_sendfile_native, unittest's
# TestCase.run, imghdr's what); inside a for loop, the copies lie between
# the loop's back jump and its exit, which the try body's end takes in.


def send_all(sock, total, block):
    try:
        if not block:
            return total
        total += block
    finally:
        if total > 0:
            sock.seek(total)


def first_match(tests, h, f):
    try:
        for tf in tests:
            res = tf(h, f)
            if res:
                return res
    finally:
        if f:
            f.close()


def what(file, h, tests):
    f = None
    try:
        if h is None:
            f = open(file, 'rb')
            h = f.read(32)
        for tf in tests:
            res = tf(h, f)
            if res:
                return res
    finally:
        if f:
            f.close()
    return None


def run(self, result):
    try:
        if self.skip:
            return result
        result.start()
    finally:
        if self.stop is not None:
            self.stop()
        else:
            self.done = True
    return result


async def parse(self, source, parser):
    try:
        while True:
            data = await source.read(65536)
            if not data:
                return parser.close()
            parser.feed(data)
    finally:
        if self.close_source:
            source.close()
