# 3.13: `continue` or `break` ending an except clause of a try nested in another
# except clause: both clauses' POP_EXCEPTs and name cleanups, then the jump
# (pdb.main).

def f1(pdb, target):
    while True:
        try:
            pdb._run(target)
        except Restart:
            print("Restarting")
        except BaseException as e:
            print("Uncaught exception")
            try:
                pdb.interaction(None, e)
            except Restart:
                print("Restarting", target)
                continue
        if pdb._user_requested_quit:
            break
        print("The program finished and will be restarted")


def f2(items):
    for x in items:
        try:
            g(x)
        except KeyError:
            try:
                h(x)
            except ValueError:
                break
            k(x)
        k(x, x)
    return 1


def f3(items, n):
    for x in items:
        try:
            g(x)
        except KeyError as e:
            log(e)
            try:
                h(e)
            except ValueError:
                log(x)
                continue
        except OSError:
            n += 1
        if x:
            break
        k(x)
    return n


def f4(q):
    while q.ok:
        try:
            q.run()
        except BaseException as e:
            try:
                q.handle(e)
            except Restart:
                break
        q.again()
    q.done()
    q.done(1)
