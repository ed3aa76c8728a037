# 3.10, 3.11: a for loop ending a function inside an if, whose exit is a
# copy of the function's `return None` placed after the if's own, and
# whose body ends in a try statement: its last instruction is the RERAISE
# of the except clauses, not a jump back (modulefinder's
# ModuleFinder._safe_import_hook, distutils.dist's parse_config_files).
def import_hooks(self, name, caller, fromlist, level=-1):
    try:
        self.import_hook(name, caller, level=level)
    except ImportError as msg:
        self._add_badmodule(name, caller)
    else:
        if fromlist:
            for sub in fromlist:
                try:
                    self.import_hook(name, caller, [sub], level=level)
                except ImportError as msg:
                    self._add_badmodule(fullname, caller)


def loop_in_if(self, fromlist):
    if fromlist:
        for sub in fromlist:
            try:
                h(sub)
            except ValueError:
                g(sub)
