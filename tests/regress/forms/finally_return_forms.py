# A return inside a finally block (3.11+): in the handler it leaves the
# handler first (`[SWAP 2;] POP_TOP; [SWAP 2;] POP_EXCEPT`), which the
# normal path's copy does without; a block that ends in one has no
# RERAISE 0 (subprocess's Popen.__exit__).


def ends_in_return(self, c):
    try:
        c()
    finally:
        self.x = 0
        return


def ends_in_return_const(self, c):
    try:
        c()
    finally:
        self.x = 0
        return 5


def return_in_if(self, c):
    try:
        c()
    finally:
        if c:
            return
        self.x = 0


def ends_in_return_value(self, c):
    try:
        c()
    finally:
        self.x = 0
        return self.y


def returns_both_ways(c):
    try:
        c()
    finally:
        if c:
            return 1
        else:
            return 2


def after_except_clause(c, log):
    try:
        c()
    except ValueError:
        log.append(2)
    finally:
        return log


def return_in_loop(c, log):
    try:
        c()
    finally:
        for x in log:
            if x:
                return x
        log.append(5)


def return_value_in_if(c, log):
    try:
        c()
    finally:
        if c:
            return log.x
        log.y = 1


def inside_while(c, log):
    while c:
        try:
            c()
        finally:
            if log:
                return log


async def await_in_return(c, log):
    try:
        await c()
    finally:
        return await log()
