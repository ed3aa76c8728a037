# Breaks that 3.8/3.9's peephole pass threads past the code they would
# reach: a loop that ends an if's then-part, whose breaks jump to the if's
# own unthreaded jump back to the enclosing loop's head (inspect's
# getclasstree, mailbox's MMDF._generate_toc); a for loop whose else block
# ends in `continue`, the breaks going straight to where the `break` after
# it goes, which is left dead (sre_parse's _parse_sub).  Must compile back
# to the same bytecode.  (Not yet: that `break` reached by the else block,
# textwrap's _wrap_chunks; 3.10+'s parse_sub, whose breaks go to copies of
# the final return: 3.10, 3.12 and 3.13 read them as returns, the same
# behaviour but not the same bytecode, 3.11 does not recover it.)


def getclasstree(classes, unique=False):
    children = {}
    roots = []
    for c in classes:
        if c.__bases__:
            for parent in c.__bases__:
                if parent not in children:
                    children[parent] = []
                if unique and parent in classes: break
        elif c not in roots:
            roots.append(c)
    return roots


def generate_toc(f, starts, stops, linesep):
    next_pos = 0
    while True:
        line_pos = next_pos
        line = f.readline()
        if line.startswith(linesep):
            starts.append(next_pos)
            while True:
                line = f.readline()
                if line == linesep:
                    stops.append(line_pos)
                    break
                elif not line:
                    stops.append(line_pos)
                    break
        elif not line:
            break
    return starts


def parse_sub(items, subpattern):
    while True:
        prefix = None
        for item in items:
            if not item:
                break
            if prefix is None:
                prefix = item[0]
            elif item[0] != prefix:
                break
        else:
            for item in items:
                del item[0]
            subpattern.append(prefix)
            continue
        break
    return subpattern
