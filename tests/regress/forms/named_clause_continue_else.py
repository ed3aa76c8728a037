# for/else whose body is try/except/else, the clause ending in `continue`
# and the else block in `break` (platform._syscmd_ver): 3.8 and 3.9 keep a
# named clause's own exit after the continue, dead, which tells the try's
# else block.


def f(cmds, run):
    for cmd in cmds:
        try:
            info = run(cmd)
        except OSError as why:
            continue
        else:
            break
    else:
        return None
    return info

def g(cmds, run):
    for cmd in cmds:
        try:
            info = run(cmd)
        except OSError:
            continue
        else:
            break
    else:
        return None
    return info
