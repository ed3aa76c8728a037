# A try with a named except clause, an else block and code after the
# statement (asyncio's Task.__wakeup, email's parse_message_id): 3.10
# places a copy of the code after the try right after the clause's name
# cleanup, and the else block before the code itself.  Every version
# compiles these back to the same bytecode.


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
