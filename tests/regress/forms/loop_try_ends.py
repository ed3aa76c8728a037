# Try statements at the end of a loop's body.
#
# `except E: continue` in a `while True:` loop whose try ends the body
# (asyncio's _read_from_self): 3.12+ end a clause that falls off its end
# with JUMP_BACKWARD_NO_INTERRUPT, threaded back to the loop's head, 3.11
# with a jump forward, and a `continue` with a plain JUMP_BACKWARD, so
# read as `pass` (and the code after the try as its else block) it
# compiles to other code.  In a for loop (uuid's getnode) 3.12+ end the
# clause with a plain jump back either way; an if after the try whose
# test's jump back is its own (no else block) tells.
#
# 3.10: a try/except ending the then-part of an elif in a loop's body, its
# normal path's jump threaded back to the loop's head (ipaddress'
# collapse_addresses), and a try/finally ending an if's then-part, whose
# normal path's copy of the finally block jumps straight back there too
# (unittest.loader's _find_tests).


def read_from_self(self):
    while True:
        try:
            data = self._ssock.recv(4096)
            if not data:
                break
            self._process_self_data(data)
        except InterruptedError:
            continue
        except BlockingIOError:
            break


def getnode(getters):
    global _node
    for getter in getters:
        try:
            _node = getter()
        except:
            continue
        if (_node is not None) and (0 <= _node < (1 << 48)):
            return _node
    assert False, 'no node'


def first_value(xs):
    for x in xs:
        try:
            y = f(x)
        except ValueError:
            continue
        if y:
            return y
    return None


def try_ending_elif(addresses, ips, nets):
    for ip in addresses:
        if isinstance(ip, int):
            ips.append(ip)
        elif ip.a == ip.b:
            try:
                ips.append(ip.ip)
            except AttributeError:
                ips.append(ip.network_address)
        else:
            nets.append(ip)
    return ips, nets


def finally_ending_then(self, paths):
    for path in paths:
        tests, should_recurse = self.find(path)
        if tests is not None:
            yield tests
        if should_recurse:
            name = self.name(path)
            self.loading.add(name)
            try:
                yield from self.find_tests(path)
            finally:
                self.loading.discard(name)


def try_else_in_branch(self, ready, selector, chunk):
    """subprocess' Popen._communicate: a try/except/else in an if's branch
    in the body, where 3.12+ fold the else block's if's jump back too: an
    else block, not a clause's continue."""
    while selector.get_map():
        for key, events in ready:
            if key.fileobj is self.stdin:
                try:
                    self._input_offset += os.write(key.fd, chunk)
                except BrokenPipeError:
                    selector.unregister(key.fileobj)
                    key.fileobj.close()
                else:
                    if self._input_offset >= len(self._input):
                        selector.unregister(key.fileobj)
                        key.fileobj.close()
            elif key.fileobj in (self.stdout, self.stderr):
                data = os.read(key.fd, 32768)
