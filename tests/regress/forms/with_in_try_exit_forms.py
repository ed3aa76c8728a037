# <= 3.10: a continue or break inside a with inside a try statement with
# except clauses leaves both blocks: the with's POP_BLOCK and __exit__
# call (3.8: BEGIN_FINALLY ... POP_FINALLY), then the try's POP_BLOCK, then
# the jump (mimetypes' MimeTypes.read_windows_registry).
def read_windows_registry(self, strict=True):
    with _winreg.OpenKey(_winreg.HKEY_CLASSES_ROOT, '') as hkcr:
        for subkeyname in enum_types(hkcr):
            try:
                with _winreg.OpenKey(hkcr, subkeyname) as subkey:
                    if not subkeyname.startswith("."):
                        continue
                    mimetype, datatype = _winreg.QueryValueEx(subkey, 'Content Type')
                    if datatype != _winreg.REG_SZ:
                        continue
                    self.add_type(mimetype, subkeyname, strict)
            except OSError:
                continue


def continue_then_pass(xs):
    for x in xs:
        try:
            with f(x) as s:
                if s:
                    continue
                g(s)
        except OSError:
            pass


def two_withs(xs):
    while xs:
        try:
            with f(xs) as s, h(s) as t:
                if t:
                    continue
                g(s)
        except OSError:
            pass
        xs = k(xs)


def try_in_try(xs):
    for x in xs:
        try:
            try:
                with f(x) as s:
                    if s:
                        continue
                    g(s)
            except OSError:
                pass
        except ValueError:
            pass
