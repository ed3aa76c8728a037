# 3.13: a try ending the body of another try, its except clauses jumping
# straight past the outer try's handlers to the code after it (the back jump
# of the loop around both), where the outer clauses go too
# (multiprocessing.queues.Queue._feed).


def f1(buffer, wacquire):
    while 1:
        try:
            nacquire()
            try:
                while 1:
                    obj = bpopleft()
                    if wacquire is None:
                        send_bytes(obj)
                    else:
                        wacquire()
                        try:
                            send_bytes(obj)
                        finally:
                            wrelease()
            except IndexError:
                pass
        except Exception as e:
            if is_exiting():
                return
            else:
                onerror(e, obj)


def f2(buffer, wacquire):
    while 1:
        try:
            nacquire()
            try:
                while 1:
                    obj = bpopleft()
            except IndexError:
                pass
        except Exception as e:
            if is_exiting():
                return
            else:
                onerror(e, obj)


def f3(q):
    while True:
        try:
            q.start()
            try:
                while True:
                    q.step()
            except (IndexError, KeyError) as e:
                q.log(e)
        except Exception:
            q.fail()


def f4(q):
    while True:
        try:
            q.start()
            try:
                while True:
                    q.step()
            except IndexError:
                q.log()
            except KeyError:
                return 2
        except OSError as e:
            q.fail(e)
        except Exception:
            return 3
