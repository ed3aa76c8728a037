# if statements inside loops whose jumps 3.8 and 3.9 thread: an inner
# if's jump to the enclosing if's end goes to the loop's head, a then-part
# that ends in `continue` keeps its dead jump over the else-part, and a
# then-part whose inner if's jump was threaded past that dead jump.  Must
# compile back to the same bytecode.


def nested_if_to_head(self, m, fromlist, recursive=0):
    for sub in fromlist:
        if sub == "*":
            if not recursive:
                all = self.find_all_submodules(m)
                if all:
                    self.ensure_fromlist(m, all, 1)
        elif not hasattr(m, sub):
            g()


def explicit_continue(bases):
    data_types = []
    for chain in bases:
        candidate = None
        for base in chain.__mro__:
            if base is object:
                continue
            elif "__new__" in base.__dict__:
                if issubclass(base, Enum):
                    continue
                data_types.append(candidate or base)
                break
            else:
                candidate = base
    return data_types


def continue_in_inner_if(self, fileNames, baseName, e, plen, prefix):
    result = []
    for fileName in fileNames:
        if self.namer is None:
            if not fileName.startswith(baseName):
                continue
        else:
            if not fileName.startswith(baseName) and fileName.endswith(e):
                continue
        if fileName[:plen] == prefix:
            result.append(fileName)
    return result


def counter(self, format, counter):
    label = ""
    for c in format:
        if c == "1":
            label = label + ("%d" % counter)
        elif c in "aA":
            if counter > 0:
                label = label + self.format_letter(c, counter)
        elif c in "iI":
            if counter > 0:
                label = label + self.format_roman(c, counter)
        else:
            label = label + c
    return label
