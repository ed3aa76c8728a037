# An if whose then-part is a try statement whose body ends in a return and
# whose named except clause can complete, the code after the if a return
# too (3.12+: the return inside the try loads its value under the handler,
# returns outside it; the clause falls into a copy of the code after the
# if: shutil's copy2).  The try's return is the source's own, not a copy of
# the code after the if.  Must compile back to the same bytecode.  (Not
# yet, 3.13: copy2 itself, whose first test is `a and not b`.)


def copy_and_test(src, _winapi):
    if _winapi:
        try:
            _winapi.CopyFile2(src)
            return src
        except OSError as exc:
            if exc.winerror == 1 and not src:
                pass
            else:
                raise
    return src


def elif_chain(src, _winapi):
    if _winapi:
        try:
            _winapi.CopyFile2(src)
            return src
        except OSError as exc:
            if exc.winerror == 1:
                pass
            elif exc.winerror == 2:
                pass
            else:
                raise
    return src


def copy2(src, dst, follow_symlinks, _winapi):
    if hasattr(_winapi, "CopyFile2"):
        try:
            _winapi.CopyFile2(src, dst)
            return dst
        except OSError as exc:
            if (exc.winerror == _winapi.ERROR_PRIVILEGE_NOT_HELD
                and not follow_symlinks):
                pass
            elif exc.winerror == _winapi.ERROR_ACCESS_DENIED:
                pass
            else:
                raise
    copyfile(src, dst)
    return dst
