# An if/else whose branches both return, ending an if's then-part (3.8,
# 3.9: the dead jump over the outer else-part stays, for the end label of
# the inner if/else there; a flat `if c: return x` then `return y` leaves
# none).  cgi's FieldStorage.getfirst, distutils.cmd's Command.__getattr__.
# Not after a `continue`, whose dead jump the compiler always keeps
# (ElementInclude's include).  Must compile back to the same bytecode.


def getfirst(self, key, default=None):
    if key in self:
        value = self[key]
        if isinstance(value, list):
            return value[0].value
        else:
            return value.value
    else:
        return default


def flat(self, key, default=None):
    if key in self:
        value = self[key]
        if isinstance(value, list):
            return value[0].value
        return value.value
    else:
        return default


def getattr_(self, attr):
    if attr == 'dry_run':
        myval = getattr(self, '_' + attr)
        if myval is None:
            return getattr(self.distribution, attr)
        else:
            return myval
    else:
        raise AttributeError(attr)


def include(elem, loader):
    i = 0
    while i < len(elem):
        e = elem[i]
        if e.tag == 'include':
            text = loader(e)
            if i:
                elem[i - 1].tail = text
            else:
                elem.text = text
            del elem[i]
            continue
        else:
            loader(e, elem)
        i = i + 1
