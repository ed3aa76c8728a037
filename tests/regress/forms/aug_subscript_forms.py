# Augmented assignments to a subscript of a computed object: 3.11+ moves
# the result under the object and key with SWAP 3; SWAP 2, whose last SWAP
# alone looks like `a, b = b, a`.  Every version compiles these back to
# the same bytecode, without temporaries.


def attr_owner(a, i):
    a.b[i] += 1


def subscript_owner(a, i):
    a[i][0] -= 2


def call_owner(self, key):
    self.table()[key] |= FLAG


def in_try(self, ident):
    try:
        self.id_to_refcount[ident] += 1
    except KeyError:
        self.id_to_refcount[ident] = 1


def swap_after(a, i, x, y):
    a.b[i] *= 3
    x, y = y, x
    return x, y
