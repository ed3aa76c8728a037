# 3.8/3.9 jump threading in while loops.  `if c: X` then `break`: c's jump
# to the break goes on to the loop's exit (asynchat's handle_read); read as
# `if not c: break` before X, it compiles to other code.  And a jump the
# peephole pass could not thread, as its new target would not fit its
# EXTENDED_ARGs: the then-part's jump to the loop's back jump, beyond 256
# bytes of code, where the test's jump (with an EXTENDED_ARG already) goes
# straight to the loop's head (argparse's _parse_known_args).


def then_break(self, lb):
    while self.buf:
        if self.t:
            g()
        else:
            index = h()
            if index:
                if index != lb:
                    self.c(1)
                    self.b = 2
                break
            else:
                self.c(3)


def then_break_nested_break(xs):
    while xs:
        xs = g(xs)
        if x == 1:
            if y:
                break
            g()
            break


def then_break_more(xs):
    while xs:
        g()
        if x == 1:
            a = 1
            if a:
                g(a)
        else:
            g(3)
            if y:
                g(2)
            break
        g(4)


def far_then_jump(self, namespace, seen):
    x0 = self.z(0)
    x1 = self.z(1)
    x2 = self.z(2)
    x3 = self.z(3)
    x4 = self.z(4)
    x5 = self.z(5)
    x6 = self.z(6)
    x7 = self.z(7)
    x8 = self.z(8)
    x9 = self.z(9)
    x10 = self.z(10)
    x11 = self.z(11)
    x12 = self.z(12)
    x13 = self.z(13)
    x14 = self.z(14)
    x15 = self.z(15)
    x16 = self.z(16)
    x17 = self.z(17)
    x18 = self.z(18)
    x19 = self.z(19)
    x20 = self.z(20)
    x21 = self.z(21)
    x22 = self.z(22)
    x23 = self.z(23)
    x24 = self.z(24)
    x25 = self.z(25)
    x26 = self.z(26)
    x27 = self.z(27)
    x28 = self.z(28)
    x29 = self.z(29)
    x30 = self.z(30)
    x31 = self.z(31)
    x32 = self.z(32)
    x33 = self.z(33)
    x34 = self.z(34)
    x35 = self.z(35)
    x36 = self.z(36)
    x37 = self.z(37)
    x38 = self.z(38)
    x39 = self.z(39)
    x40 = self.z(40)
    x41 = self.z(41)
    x42 = self.z(42)
    x43 = self.z(43)
    x44 = self.z(44)
    x45 = self.z(45)
    x46 = self.z(46)
    x47 = self.z(47)
    x48 = self.z(48)
    x49 = self.z(49)
    x50 = self.z(50)
    x51 = self.z(51)
    x52 = self.z(52)
    x53 = self.z(53)
    x54 = self.z(54)
    x55 = self.z(55)
    x56 = self.z(56)
    x57 = self.z(57)
    x58 = self.z(58)
    x59 = self.z(59)
    for action in self.actions:
        if action not in seen:
            if action.required:
                g(action)
            else:
                if action.default is not None and action.default is h(namespace):
                    setattr(namespace, action.dest, 1)
    return namespace
