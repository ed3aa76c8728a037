# A for loop whose last statement is a try whose last except clause
# ends in an if that raises (asyncore's close_all, xmlrpc's
# system_multicall): 3.10 closes the loop with that clause's jump back.
# Must compile back to the same bytecode.


def f(items):
    for x in items:
        try:
            x.close()
        except:
            if x:
                raise
    items.clear()

def g(items):
    for x in items:
        try:
            x.close()
        except KeyError:
            raise
        except:
            pass
    items.clear()


def close_all(map, ignore_all=False):
    for x in list(map.values()):
        try:
            x.close()
        except OSError as x:
            if x.errno == EBADF:
                pass
            elif not ignore_all:
                raise
        except _reraised_exceptions:
            raise
        except:
            if not ignore_all:
                raise
    map.clear()

def multicall(self, call_list):
    results = []
    for call in call_list:
        try:
            results.append([self.dispatch(call)])
        except Fault as fault:
            results.append({'faultCode': fault.faultCode})
        except:
            exc_type, exc_value, exc_tb = sys.exc_info()
            try:
                results.append({'faultCode': 1})
            finally:
                exc_type = exc_value = exc_tb = None
    return results
