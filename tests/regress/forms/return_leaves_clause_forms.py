# A return inside a try statement that is itself inside an except clause:
# the return leaves the inner try (POP_BLOCK) and the clause (POP_EXCEPT)
# before it returns (3.8, 3.9: cmd's Cmd.do_help, dbm's whichdb).  Must
# compile back to the same bytecode.


def ends_body(self, arg):
    try:
        func = getattr(self, 'help_' + arg)
    except AttributeError:
        try:
            doc = getattr(self, 'do_' + arg).__doc__
            return
        except AttributeError:
            pass
    func()


def in_if(self, arg):
    try:
        func = getattr(self, 'help_' + arg)
    except AttributeError:
        try:
            doc = getattr(self, 'do_' + arg).__doc__
            if doc:
                self.stdout.write("%s\n" % str(doc))
                return
        except AttributeError:
            pass
        self.stdout.write("x")
        return
    func()


def constant(self, arg):
    try:
        func = 1
    except AttributeError:
        try:
            doc = 2
            if doc:
                return 5
        except AttributeError:
            pass
    func()
