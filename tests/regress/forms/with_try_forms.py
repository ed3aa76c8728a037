# A with statement whose body ends in a try statement with except clauses
# (multiprocessing's Server.incref, http.server's test): 3.10 gives each
# path out of the try (the body's POP_BLOCK and jump, each clause's
# POP_EXCEPT and jump) its own copy of the with's end.  Every version
# compiles these back to the same bytecode.


def incref_q1(self, c, ident):
    with self.mutex:
        try:
            self.id_to_refcount[ident] += 1
        except KeyError as ke:
            if ident in self.local:
                self.id_to_refcount[ident] = 1
            else:
                raise ke


def test_q2(HandlerClass, ServerClass):
    with ServerClass(addr, HandlerClass) as httpd:
        host = httpd.x
        try:
            httpd.serve_forever()
        except KeyboardInterrupt:
            print("exiting.")
            sys.exit(0)


def test_q4(S):
    with S() as h:
        try:
            a()
        except E:
            b()


def f_q6(self, obj):
    with obj.raw() as m:
        if in_band:
            if m.readonly:
                self.save_bytes(m.tobytes())
            else:
                self.save_bytearray(m.tobytes())
        else:
            self.write(NEXT_BUFFER)
            if m.readonly:
                self.write(READONLY_BUFFER)
