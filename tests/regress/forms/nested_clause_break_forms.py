# <= 3.10: a break or continue out of an except clause inside another
# except clause: a POP_EXCEPT for each, then the loop's jump (inspect's
# Signature._bind)


def bind(args, parameters, kwargs):
    while True:
        try:
            arg_val = next(args)
        except StopIteration:
            try:
                param = next(parameters)
            except StopIteration:
                break
            else:
                if param.kind == 1:
                    break
                elif param.name in kwargs:
                    break
                else:
                    raise TypeError('x') from None
        else:
            kwargs[arg_val] = arg_val
    for x in kwargs:
        print(x)
    return kwargs


def in_if(args, parameters, kwargs):
    while True:
        try:
            arg_val = next(args)
        except StopIteration:
            try:
                param = next(parameters)
            except StopIteration:
                if kwargs:
                    break
                print(kwargs)
        kwargs[param] = arg_val
    print(kwargs)


def for_continue(args, parameters, kwargs):
    for a in args:
        try:
            arg_val = next(args)
        except StopIteration:
            try:
                param = next(parameters)
            except StopIteration:
                if kwargs:
                    continue
                print(kwargs)
        kwargs[param] = arg_val
    print(kwargs)


def for_break(args, parameters, kwargs):
    for a in args:
        try:
            arg_val = next(args)
        except StopIteration:
            try:
                param = next(parameters)
            except StopIteration:
                break
            print(param)
        kwargs[param] = arg_val
    print(kwargs)


def only_tail(args, parameters, kwargs):
    while True:
        try:
            arg_val = next(args)
        except StopIteration:
            try:
                param = next(parameters)
            except StopIteration:
                break
        kwargs[param] = arg_val
    return kwargs[0]


def three_deep(args, parameters, kwargs):
    while args:
        try:
            arg_val = next(args)
        except StopIteration:
            try:
                param = next(parameters)
            except StopIteration:
                try:
                    param = next(kwargs)
                except StopIteration:
                    break
        kwargs[param] = arg_val
    print(kwargs)
