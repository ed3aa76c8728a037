# A then-part that ends in `continue` after an inner if, whose test also
# jumps to that continue's jump back: 3.12 gives each way to the jump over
# an else-part (threaded back to the loop's head) a copy of its own, so a
# jump back two ways reach is the source's `continue` and the code after
# it follows the if (http.client's `_send_output`, difflib, netrc, shlex,
# configparser).  The if/else forms must keep their else.


def continue_after_inner_if(chunks, debug, send):
    for chunk in chunks:
        if not chunk:
            if debug > 0:
                print('empty chunk')
            continue
        send(chunk)


def continue_then_more(chunks, debug, chunked, send):
    for chunk in chunks:
        if not chunk:
            if debug > 0:
                print('empty chunk')
            continue
        if chunked and debug == 11:
            chunk = chunk + b'\r\n'
        send(chunk)
    if chunked:
        send(b'0')


def inner_if_then_else(chunks, debug, send):
    for chunk in chunks:
        if not chunk:
            if debug > 0:
                print('empty chunk')
        else:
            send(chunk)


def inner_and_then_else(chunks, debug, send):
    for chunk in chunks:
        if not chunk:
            if debug > 0 and send:
                print('empty chunk')
        elif chunk == '*':
            send(chunk)
