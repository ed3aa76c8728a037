# `else: continue` after an if's then-part (3.8, 3.9: the peephole pass
# threads the test's jump to the continue's own jump back to the loop's
# head, which the then-part's jump over it leaves dead: dis's findlabels,
# urllib.parse's parse_qsl, importlib._bootstrap's _setup); likewise
# `else: break` (configparser's LegacyInterpolation.before_get) and `if c:
# ...; continue` then `break` (heapq's _siftdown), the test threaded to the
# loop's exit.  Must compile back to the same bytecode.  (Not yet, 3.10+:
# siftdown, read as `if not c: break` then the rest, the same behaviour
# but not the same bytecode.)


def findlabels(code, hasjrel, hasjabs):
    labels = []
    for offset, op, arg in code:
        if arg is not None:
            if op in hasjrel:
                label = offset + 2 + arg
            elif op in hasjabs:
                label = arg
            else:
                continue
            if label not in labels:
                labels.append(label)
    return labels


def parse_qsl(pairs, strict_parsing, keep_blank_values):
    r = []
    for name_value in pairs:
        nv = name_value.split('=', 1)
        if len(nv) != 2:
            if strict_parsing:
                raise ValueError(name_value)
            if keep_blank_values:
                nv.append('')
            else:
                continue
        r.append(nv)
    return r


def setup(names, is_builtin, is_frozen):
    for name, module in names:
        if is_builtin(name):
            loader = 1
        elif is_frozen(name):
            loader = 2
        else:
            continue
        print(loader)


def siftdown(heap, startpos, pos):
    newitem = heap[pos]
    while pos > startpos:
        parentpos = (pos - 1) >> 1
        parent = heap[parentpos]
        if newitem < parent:
            heap[pos] = parent
            pos = parentpos
            continue
        break
    heap[pos] = newitem


def before_get(self, parser, option, value, vars, depth):
    while depth:
        depth -= 1
        if value and "%(" in value:
            value = self._KEYCRE.sub(parser, value)
            try:
                value = value % vars
            except KeyError as e:
                raise LookupError(option) from None
        else:
            break
    return value
