# A with block ending an elif's then-part in a loop: 3.8/3.9 thread the
# handler's jump after a suppressed exception through the jump at the
# block's end to the loop's head (shutil's _copyfileobj_readinto).


def with_in_elif_in_loop(fsrc, fdst, length):
    with memoryview(bytearray(length)) as mv:
        while True:
            n = fsrc(mv)
            if not n:
                break
            elif n < length:
                with mv[:n] as smv:
                    fdst.write(smv)
            else:
                fdst(mv)
