# 3.10: the last except clause holds a try statement whose clauses raise:
# the clause runs to the end of the code, and the inner try body falls
# into the outer clause's end and the function's return, placed before the
# inner handlers (wsgiref.handlers' run).
def run(self, application):
    try:
        self.setup_environ()
        self.result = application(self.environ, self.start_response)
        self.finish_response()
    except (ConnectionAbortedError, BrokenPipeError, ConnectionResetError):
        return
    except:
        try:
            self.handle_error()
        except:
            self.close()
            raise


def last_clause_try(self):
    try:
        self.finish_response()
    except:
        try:
            self.handle_error()
        except:
            self.close()
            raise


def last_clause_try_typed(self):
    try:
        self.finish_response()
    except OSError:
        try:
            self.handle_error()
        except ValueError:
            raise TypeError()
