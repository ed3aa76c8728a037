# A try statement with an else block that ends an if-part with an
# else-part: the clauses jump straight to the code after the whole if
# (3.8, 3.9: the if-part's own jump over the else-part ends the try's else
# block; http.client's HTTPResponse.begin, importlib's
# spec_from_file_location, inspect's getframeinfo; 3.11: the if's then-part
# ends in the handlers, after a jump back to the loop's head, email.header's
# decode_header).  An if/else whose then-part holds a try and whose
# else-part falls into the final call (3.12+: a copy of the return at each
# end, the handlers after them: warnings' _add_filter).  Must compile back
# to the same bytecode.  (Not yet, 3.12+: begin, whose clause falls into a
# copy of the return the if/else shares.)


def begin(self, length):
    if length and not self.chunked:
        try:
            self.length = int(length)
        except ValueError:
            self.length = None
        else:
            if self.length < 0:
                self.length = None
    else:
        self.length = None
    return self.length


def in_loop(items, out):
    for item in items:
        if item:
            try:
                value = int(item)
            except ValueError:
                out.append(None)
            else:
                out.append(value)
        else:
            out.append(0)
    return out


def elif_chain(loader, location):
    if location is None:
        location = '<unknown>'
        if hasattr(loader, 'get_filename'):
            try:
                location = loader.get_filename()
            except ImportError:
                pass
            else:
                location = str(location)
    elif loader:
        location = loader
    else:
        location = None
    return location


def add_filter(*item, append):
    if not append:
        try:
            filters.remove(item)
        except ValueError:
            pass
        filters.insert(0, item)
    else:
        if item not in filters:
            filters.append(item)
    mutated()
