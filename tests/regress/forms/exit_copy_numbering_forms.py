# Copies of a small exit block (a return) that the compiler puts in place
# of jumps to it, told from the source's own returns by the numbering of
# their constants (co_consts numbers in source order).


def for_else_break(self, cookie, request):
    """http.cookiejar's set_ok_port: the break's copy of `return True`
    numbers True after the else block's constants."""
    if cookie.port_specified:
        req_port = request_port(request)
        for p in cookie.port.split(","):
            try:
                int(p)
            except ValueError:
                _debug("   bad port %s (not numeric)", p)
                return False
            if p == req_port:
                break
        else:
            _debug("   request port (%s) not found in %s", req_port, cookie.port)
            return False
    return True


def try_body_returns(self):
    """http.server's handle_one_request: the first `return` numbers None
    before the constants of the code after it."""
    try:
        self.a = g(1)
        if self.a:
            self.b = ''
            return
        if not self.c:
            self.d = True
            return
        h('x')
    except E as e:
        self.x = 1
        return


def while_one_before_body_const(self, fp):
    """cgi's read_multi: an inner `while True` whose body uses no constant,
    1 first used after it."""
    while True:
        hdr_text = b""
        while True:
            data = fp.readline()
            hdr_text += data
            if not data.strip():
                break
        if not hdr_text:
            break
        if 'content-length' in hdr_text:
            self.n -= 1
    self.skip_lines()


def while_one_break_at_end(self, fp, strict=True):
    """mimetypes' readfp: the break out of a loop that ends the function
    became a copy of its `return None`, None numbered after the slice's."""
    while 1:
        line = fp.readline()
        if not line:
            break
        words = line.split()
        for i in range(len(words)):
            if words[i][0] == '#':
                del words[i:]
                break
        type, suffixes = words[0], words[1:]
        for suff in suffixes:
            self.add_type(type, '.' + suff, strict)


def return_copied_into_branches(self, forwards, history_index):
    """_pyrepl's search_next (3.13): the `return` after an if/else, copied
    into the then-part, numbers None before the code after it: returns,
    not breaks."""
    while 1:
        out_of_bounds = history_index == 0
        if out_of_bounds:
            if forwards:
                self.dirty = True
            else:
                self.error("not found")
            return
        history_index += 1 if forwards else -1
        s = self.get_item(history_index)
        for i, line in enumerate(s.splitlines(keepends=True)):
            if line.startswith(self.prefix):
                return
