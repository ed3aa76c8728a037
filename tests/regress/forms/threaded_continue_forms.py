# 3.8, 3.9 thread a jump to a jump: `if not a or b: continue`, whose first
# test jumps straight to the loop's head past the continue's own jump
# (rlcompleter, getpass, ftplib); and `if c: ...; continue` whose then-part
# ends in a try statement, whose jump over its handlers goes on to the
# loop's head through the continue's jump (distutils' bcppcompiler; an
# else-part after the then-part would not have let it thread in one step).
# Must compile back to the same bytecode.  (Not yet: such a then-part
# ending in an if/else, posixpath's _joinrealpath; 3.10/3.11 read rc_step's
# continue as an else-part, the same behaviour, not the same bytecode.)


def skip_empty(names, curdir, out):
    for name in names:
        if not name or name == curdir:
            continue
        out.append(name)
    return out


def either_continues(items, seen, out):
    for x in items:
        if x is None or x in seen:
            continue
        seen.add(x)
        out.append(x)
    return out


def rc_step(objects, build, spawn, CompileError, DistutilsExecError):
    for obj in objects:
        src, ext = build[obj]
        if ext == '.rc':
            try:
                spawn(["brcc32", "-fo", obj, src])
            except DistutilsExecError as msg:
                raise CompileError(msg)
            continue
        spawn([obj, src])
