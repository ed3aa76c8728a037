# A return inside a try/finally nested in another, whose finally block has
# branches (3.9: the return's copy of it is no straight code; asyncio's
# Condition.wait, unittest.case).


async def nested_finally_return(self):
    self.release()
    try:
        fut = self._loop.create_future()
        try:
            await fut
            return True
        finally:
            self._waiters.remove(fut)
    finally:
        cancelled = False
        if cancelled:
            raise exceptions.CancelledError


def nested_finally_value(self, fut):
    try:
        try:
            return fut.result()
        finally:
            self.remove(fut)
    finally:
        if self.cancelled:
            raise CancelledError
