# A try with a named except clause, an else block and code after the
# statement (asyncio's Task.__wakeup, email's parse_message_id): 3.10
# places a copy of the code after the try right after the clause's name
# cleanup, and the else block before the code itself; a named clause's
# own `return` in a loop drops the iterator there instead (importlib's
# SourceFileLoader.set_data).  Every version compiles these back to the
# same bytecode.


def wakeup(self, future):
    try:
        future.result()
    except BaseException as exc:
        self.step(exc)
    else:
        self.step()
    self = None


def parse_message_id(value):
    message_id = MessageID()
    try:
        token, value = get_msg_id(value)
    except HeaderParseError as ex:
        message_id = InvalidMessageID(token)
    else:
        if value:
            message_id.defects.append(value)
    return message_id


def set_data(self, path, data, *, _mode=0o666):
    parent, filename = _path_split(path)
    path_parts = []
    for part in reversed(path_parts):
        parent = _path_join(parent, part)
        try:
            _os.mkdir(parent)
        except FileExistsError:
            continue
        except OSError as exc:
            _bootstrap._verbose_message('could not create {!r}: {!r}', parent, exc)
            return
    try:
        _write_atomic(path, data, _mode)
    except OSError as exc:
        _bootstrap._verbose_message('could not create', path, exc)
