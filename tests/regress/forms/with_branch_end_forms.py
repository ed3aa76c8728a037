# A with statement whose body ends in an if, followed by a return (or
# ending the function): 3.10 copies the with's normal end (POP_BLOCK, the
# __exit__ call and the return after the statement) into each branch that
# falls out of the body (ftplib's retrbinary).  Must compile back to the
# same bytecode, without returns the source did not have.


def retrbinary(self, cmd, callback, blocksize=8192):
    self.voidcmd('TYPE I')
    with self.transfercmd(cmd) as conn:
        while 1:
            data = conn.recv(blocksize)
            if not data:
                break
            callback(data)
        if _SSLSocket is not None and isinstance(conn, _SSLSocket):
            conn.unwrap()
    return self.voidresp()


def ends_function(self):
    with self.open() as conn:
        if conn.ready:
            pass


def ends_function_and(self):
    with self.open() as conn:
        if conn.ready and conn.live:
            conn.flush()


def returns_constant(self):
    with self.open() as conn:
        if conn.ready:
            conn.flush()
    return 1


def elif_chain(self, n):
    with self.lock:
        if n == 1:
            self.one()
        elif n == 2:
            self.two()
    return self.state
