# A `while 1` loop whose body goes on past its last jump back, `if c:
# continue` then a return (os's _spawnvef): on 3.8/3.9 `if not c: break`
# would jump over a jump of its own (3.10+ give a break a copy of the return).


def continue_then_return(mode, pid):
    while 1:
        wpid, sts = waitpid(pid, 0)
        if WIFSTOPPED(sts):
            continue
        return waitstatus(sts)


def after_if_return(mode, pid):
    if mode == 2:
        return pid
    while 1:
        wpid, sts = waitpid(pid, 0)
        if WIFSTOPPED(sts):
            continue
        return waitstatus(sts)


def in_else_part(mode, pid):
    if mode == 1:
        try:
            g()
        except:
            h()
    else:
        if mode == 2:
            return pid
        while 1:
            wpid, sts = waitpid(pid, 0)
            if WIFSTOPPED(sts):
                continue
            return waitstatus(sts)
