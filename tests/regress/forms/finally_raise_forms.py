"""A finally block that ends in a raise, so no RERAISE follows it (3.8:
its END_FINALLY unreached; 3.9: the RERAISE unreached), alone, inside an
except clause (asyncio.base_events.Server.serve_forever), inside a loop and
around another finally."""


def f(self):
    try:
        g()
    except E:
        try:
            self.close()
        finally:
            raise


def f2(self):
    try:
        g()
    except E:
        try:
            self.close()
        finally:
            raise
    finally:
        self.x = None


def h2():
    try:
        a()
    finally:
        raise X


def h3():
    try:
        a()
    except E:
        try:
            b()
        finally:
            raise X


def h4():
    for x in y:
        try:
            a()
        finally:
            raise X
