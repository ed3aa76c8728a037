# 3.13: an except clause's if/else whose else-part is a try statement, each path
# ending in its own copy of the clause's end (POP_EXCEPT; jump back to the code
# after the try), the else-part placed after the then-part's copy
# (multiprocessing.managers.Server.serve_client).

def f1(self, m):
    while self.ok:
        try:
            request = recv()
        except AttributeError:
            if m is None:
                msg = 1
            else:
                try:
                    msg = self.fallback(m)
                except Exception:
                    msg = 3
        send(msg)


def f2(self, conn):
    while not self.stop_event.is_set():
        try:
            request = recv()
        except AttributeError:
            if methodname is None:
                msg = ('#TRACEBACK', format_exc())
            else:
                try:
                    fallback_func = self.fallback_mapping[methodname]
                    msg = ('#RETURN', result)
                except Exception:
                    msg = ('#TRACEBACK', format_exc())
        except EOFError:
            sys.exit(0)
        try:
            send(msg)
        except Exception as e:
            conn.close()


def f3(items, table):
    for x in items:
        try:
            v = table[x]
        except KeyError as e:
            if x is None:
                v = e
            else:
                try:
                    v = table.fallback(x)
                except (TypeError, ValueError) as f:
                    v = f
        use(v)
