# An except clause that ends in `continue` where the code after the try
# goes on in the loop body (3.8, 3.9 keep the clause's own exit after it,
# dead, jumping there), the loop body ending in a return.


def make_dir(names, mkdir):
    for seq in names:
        try:
            mkdir(seq)
        except FileExistsError:
            continue
        except PermissionError:
            pass
        return seq
    raise FileExistsError('no usable name')
