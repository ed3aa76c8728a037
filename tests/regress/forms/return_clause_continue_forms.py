# A try body that returns (or breaks) inside a for loop, whose except clause
# ends in `continue`: 3.8/3.9 leave the clause's own exit, dead, after the
# continue's jump back (importlib's PathFinder._path_hooks, ctypes.util).


def continue_then_else_return(cls, path):
    for hook in sys.path_hooks:
        try:
            return hook(path)
        except ImportError:
            continue
    else:
        return None


def continue_clause(cls, path):
    for hook in sys.path_hooks:
        try:
            return hook(path)
        except ImportError:
            continue


def pass_clause(cls, path):
    for hook in sys.path_hooks:
        try:
            return hook(path)
        except ImportError:
            pass


def break_in_body(os_details):
    for builtin_os, path_separators in os_details:
        path_sep = path_separators[0]
        if builtin_os in sys.modules:
            os_module = sys.modules[builtin_os]
            break
        else:
            try:
                os_module = _bootstrap._builtin_from_name(builtin_os)
                break
            except ImportError:
                continue
    else:
        raise ImportError('importlib requires posix or nt')
    return os_module


def named_clause_else_block(self, arg):
    """pdb's do_enable: a named clause's own exit goes to the loop's head
    (no continue, which would leave that exit after it, dead): the code
    the try body goes on to is the else block."""
    for i in arg.split():
        try:
            bp = self.get_bpbynumber(i)
        except ValueError as err:
            self.error(err)
        else:
            bp.enable()
            self.message('Enabled %s' % bp)


def named_clause_continue(self, arg):
    for i in arg.split():
        try:
            bp = self.get_bpbynumber(i)
        except ValueError as err:
            self.error(err)
            continue
        bp.enable()
        self.message('Enabled %s' % bp)
