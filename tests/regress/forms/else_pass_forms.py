# An empty else block, `else: pass`: the then-part jumps over nothing
# (3.10+: over the NOP of the `pass`, which the test jumps to), or, where
# it ends in its own copy of a return, the test jumps to that NOP
# (platform's `architecture`, threading, wsgiref.handlers); at the end of
# a loop's body, the then-part's jump back to the head beside the loop's
# own (enum's `_test_simple_enum`).  The NOPs of
# other statements the test may jump to are not else blocks: `while
# True:`, `try:`, an assert's `if __debug__:` after it.


def else_pass(a):
    if a:
        a.x()
    else:
        pass
    a.y()


def elif_else_pass(a):
    if a:
        a.x()
    elif a.b:
        a.z()
    else:
        pass
    a.y()


def else_pass_at_end(a):
    if a:
        a.x()
    else:
        pass


def else_pass_before_return(fileout, bits, linkage):
    if 'ELF' in fileout:
        linkage = 'ELF'
    elif 'PE' in fileout:
        if 'Windows' in fileout:
            linkage = 'WindowsPE'
        else:
            linkage = 'PE'
    elif 'COFF' in fileout:
        linkage = 'COFF'
    else:
        pass
    return bits, linkage


def then_returns_else_pass(a, b):
    if a:
        b = 1
    else:
        pass
    return a, b


def else_pass_ending_loop(a):
    for q in a:
        if q:
            a.x()
        else:
            pass


def elif_else_pass_ending_loop(methods, simple, checked, failed):
    for method in methods:
        if method in simple and method in checked:
            continue
        elif method not in simple and method not in checked:
            failed.append(method)
        else:
            pass
    return failed


def pass_after_if(a):
    if a:
        a.x()
    pass
    a.y()


def loop_after_if(a):
    if a:
        a.x()
    while True:
        if a.y():
            break
    return a


def try_after_if(a):
    if a:
        return a.x()
    try:
        a.y()
    except OSError:
        a.z()


def assert_before_debug(status):
    assert status[3] == ' ', 'a space after the code'
    if __debug__:
        for name in status:
            assert not name.startswith('x'), name
    return status
