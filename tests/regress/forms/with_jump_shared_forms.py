# A with block whose handler's last jump is also another construct's jump
# (3.9): ending an if's then-part, it is the if's jump over the else-part
# (zipapp's _maybe_open); ending a loop's body, the suppressed path jumps
# back to the loop's head after the loop's own back jump, between that and
# the loop's exit (unittest's TestCase.doCleanups).


def maybe_open(archive, mode):
    if isinstance(archive, (str, os.PathLike)):
        with open(archive, mode) as f:
            yield f
    else:
        yield archive


def then_with(a, archive):
    if a:
        with open(archive) as f:
            g(f)
    else:
        h()


def do_cleanups(self):
    outcome = self._outcome or _Outcome()
    while self._cleanups:
        function, args, kwargs = self._cleanups.pop()
        with outcome.testPartExecutor(self):
            self._callCleanup(function, *args, **kwargs)
    return outcome.success
