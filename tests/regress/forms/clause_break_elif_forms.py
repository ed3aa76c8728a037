# `while True:` that only an except clause's `break` leaves, ending the
# then-part of an if/elif (_osx_support's compiler_fixup): 3.11+ place the
# handler past the block, and the break jumps straight to the if's join,
# which no jump over the else-part tells.
def strip_flags(args, strip, other, index):
    if strip:
        while True:
            try:
                del args[index:index + 2]
            except ValueError:
                break
    elif other:
        args.pop()
    args.sort()
    return args
