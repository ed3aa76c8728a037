# `return None` out of an except clause inside a with (codeop's
# _maybe_compile): the return calls the with's __exit__ on its way, which
# the clause's own end, jumping to the with's shared exit, never does, so it
# is a return of the source's, not the clauses' end.  3.11 keeps the name's
# cleanup handler, unreached, after the return.


def named_clause(compiler, source):
    with w():
        try:
            compiler(source)
        except SyntaxError as e:
            return None


def nested_named_clause(compiler, source):
    with w():
        try:
            compiler(source)
        except SyntaxError:
            try:
                compiler(source + "\n")
            except SyntaxError as e:
                return None


def maybe_compile(compiler, source):
    with w():
        try:
            compiler(source)
        except SyntaxError:
            try:
                compiler(source + "\n")
                return None
            except SyntaxError as e:
                if "incomplete input" in str(e):
                    return None
    return compiler(source)


def nested_clause_then_code(compiler, source):
    try:
        compiler(source)
    except SyntaxError:
        try:
            compiler(source + "\n")
        except SyntaxError as e:
            return None
    g()
