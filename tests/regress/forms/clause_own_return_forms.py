# 3.10: a try body that ends in `return` (falling into its copy of the
# return before the handlers), an except clause that goes on after the
# statement, and a later one that returns too: its return is its own, no
# copy of the code after the try (asyncio.selector_events' sendto).
def sendto(self, data, addr=None):
    if not self._buffer:
        try:
            if self._extra['peername']:
                self._sock.send(data)
            else:
                self._sock.sendto(data, addr)
            return
        except (BlockingIOError, InterruptedError):
            self._loop._add_writer(self._sock_fd, self._sendto_ready)
        except OSError as exc:
            self._protocol.error_received(exc)
            return
    self._buffer.append((bytes(data), addr))
    self._maybe_pause_protocol()

def s2(self, data, addr=None):
    if not self._buffer:
        try:
            self._sock.sendto(data, addr)
            return
        except BlockingIOError:
            self._loop._add_writer(self._sock_fd, self._sendto_ready)
        except OSError as exc:
            return
    self._buffer.append((bytes(data), addr))

def s3(self, data, addr=None):
    if not self._buffer:
        try:
            self._sock.sendto(data, addr)
            return
        except BlockingIOError:
            self._loop._add_writer(self._sock_fd, self._sendto_ready)
    self._buffer.append((bytes(data), addr))
