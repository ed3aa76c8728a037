# `await` inside a try body (asyncio, contextlib): 3.12+ puts the await's
# CLEANUP_THROW and its jump back to END_SEND right before the handlers,
# where a jump over the handlers would be.  Every version compiles these
# back to the same bytecode.


async def accept_coro(future, conn):
    try:
        await future
    except CancelledError:
        conn.close()
        raise


async def aenter(self):
    del self.args, self.kwds, self.func
    try:
        return await anext(self.gen)
    except StopAsyncIteration:
        raise RuntimeError("generator didn't yield") from None


async def aclose(self):
    try:
        await self.athrow(GeneratorExit)
    except (GeneratorExit, StopAsyncIteration):
        pass
    else:
        raise RuntimeError("asynchronous generator ignored GeneratorExit")


async def connect_read_pipe(self, protocol_factory, pipe):
    protocol = protocol_factory()
    waiter = self.create_future()
    try:
        await waiter
    except:
        transport.close()
        raise
    if self._debug:
        logger.debug('Read pipe %r connected: (%r, %r)', pipe.fileno(), transport, protocol)
    return transport, protocol
