# An if/else whose then-part ends in another if/else, ending a loop's body
# (pstats's add_callers, imghdr's testall): 3.8 and 3.9 thread the inner
# else-part's jump to the loop's head but leave the inner then-part's jump
# at the outer if's join, a jump to the head itself.  Every version
# compiles these back to the same bytecode.


def add_callers(target, source):
    new_callers = {}
    for func, caller in source.items():
        if func in new_callers:
            if isinstance(caller, tuple):
                new_callers[func] = tuple(i + j for i, j in zip(caller, new_callers[func]))
            else:
                new_callers[func] += caller
        else:
            new_callers[func] = caller
    return new_callers


def testall(list, recursive, toplevel):
    import os
    for filename in list:
        if os.path.isdir(filename):
            print(filename + '/:', end=' ')
            if recursive or toplevel:
                print('recursing down:')
                testall(names, recursive, 0)
            else:
                print('*** directory (use -r) ***')
        else:
            print(filename + ':', end=' ')
            try:
                print(what(filename))
            except OSError:
                print('*** not found ***')


def drain(queue):
    while queue:
        item = queue.pop()
        if item.ready:
            if item.urgent:
                run_now(item)
            else:
                schedule(item)
        else:
            defer(item)
