# A while loop whose body's try statement leaves by `break`, inside an
# if's then-part (3.12+: the code after the loop, or after the if, is
# placed right after the try body, before the handlers and the loop's
# bottom test: unittest.loader's loadTestsFromName).  Must compile back to
# the same bytecode.  (Not yet, 3.12+: such a loop in a for loop's body,
# where the rest of the for body is placed there, graphlib's _find_cycle;
# or followed by more than a return, loadTestsFromName itself.)


def import_first(name, parts_copy):
    if name is None:
        while parts_copy:
            try:
                module = __import__(name)
                break
            except ImportError:
                parts_copy.pop()
    return name


def load(self, name, module=None):
    parts = name.split('.')
    error_case, error_message = None, None
    if module is None:
        parts_copy = parts[:]
        while parts_copy:
            try:
                module_name = '.'.join(parts_copy)
                module = __import__(module_name)
                break
            except ImportError:
                next_attribute = parts_copy.pop()
                error_case, error_message = self._make(next_attribute)
                if not parts_copy:
                    raise
        parts = parts[1:]
    obj = module
    return obj


def plain_loop(name, parts_copy):
    while parts_copy:
        try:
            module = __import__(name)
            break
        except ImportError:
            parts_copy.pop()
    return module
