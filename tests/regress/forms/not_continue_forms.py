# `if not c: continue` followed by the rest of a loop's body: up to 3.11
# `c; jump-if-true L; JUMP head; L: rest` is that continue, since `if c:
# rest` there has a conditional jump back to the head; only 3.12+, which
# has no backward conditional jumps, compiles `if c: rest` so
# (inspect's BoundArguments.kwargs, uu, types, mailcap).  Must compile back
# to the same bytecode.


def kwargs(self, parameters, _VAR_KEYWORD, _KEYWORD_ONLY):
    kwargs = {}
    kwargs_started = False
    for param_name, param in parameters:
        if not kwargs_started:
            if param.kind in (_VAR_KEYWORD, _KEYWORD_ONLY):
                kwargs_started = True
            elif param_name not in self.arguments:
                kwargs_started = True
                continue
        if not kwargs_started:
            continue
        kwargs[param_name] = self.arguments[param_name]
    return kwargs


def simple(items, out):
    for x in items:
        if not x:
            continue
        out.append(x)
    return out


def while_loop(items, out):
    while items:
        x = items.pop()
        if not x:
            continue
        out.append(x)
        out.append(-x)
    return out
