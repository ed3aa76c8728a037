# A try statement whose except clause returns, then another try statement
# (pdb's _msg_val_func, shutil's _get_gid): 3.12+ place the second try's
# body right after the first's, as an else block would be, but its handlers
# after the first's, which an else block's would precede.
def show_value(self, arg, func):
    try:
        val = self.getval(arg)
    except:
        return
    try:
        self.message(func(val))
    except:
        self.error()


def group_id(name):
    if name is None:
        return None
    try:
        from grp import getgrnam
    except ImportError:
        return None
    try:
        result = getgrnam(name)
    except KeyError:
        result = None
    if result is not None:
        return result[2]
    return None

