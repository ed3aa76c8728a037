# 3.10: a try body that ends in `return constant`, and one that falls into
# that return after the try statement, compile alike but for where the
# constant is numbered: before the handlers' constants or after them
# (email.utils' _has_surrogates).  3.11+: where the handlers number no
# constant or name, a return the body falls into before them reads as the
# else block, which compiles alike (but not code whose names the handlers
# numbered first, expatbuilder's parseString, nor after a named clause,
# whose cleanup numbered None first, pdb's _compile_error_message).  Must
# compile back to the same bytecode.


def in_body(s):
    try:
        s.encode()
        return False
    except UnicodeEncodeError:
        return True


def after_try(s):
    try:
        s.encode()
    except UnicodeEncodeError:
        return True
    return False


def in_else(s):
    try:
        s.encode()
    except UnicodeEncodeError:
        return 'bad'
    else:
        return 'good'


def handler_numbers_nothing(s, bad):
    try:
        s.encode()
        return 'good'
    except UnicodeEncodeError:
        return bad


def handler_numbers_first(self, parser, document):
    try:
        parser.Parse(document, True)
    except:
        self.reset()
        raise
    fragment = self.fragment
    self.reset()
    return fragment


def named_clause_numbers_none(self, expr):
    """Return the error message as string if compiling `expr` fails."""
    try:
        compile(expr, '<stdin>', 'eval')
    except SyntaxError as exc:
        return self.fmt(exc)
    return ''
