"""Module docstring of the docstrings corpus.

It has several lines.
"""


def documented(x):
    """Return x doubled.

    A multi-line docstring with 'quotes' and "double quotes" and \\ a backslash.
    """
    return 2 * x


def not_documented(x):
    x = x + 1
    "this string is not a docstring"
    return x


def first_is_expression():
    ("not a docstring" + "either")
    return 1


class DocClass:
    """Class docstring."""

    def method(self):
        """Method docstring."""
        return self.method.__doc__

    async def amethod(self):
        """Async method docstring."""

    def gen(self):
        """Generator docstring."""
        yield 1

    @property
    def prop(self):
        """Property docstring."""
        return 1


class NoDoc:
    x = "not a docstring because it is assigned"


def only_docstring():
    """Only a docstring, no body."""


def bytes_not_docstring():
    b"bytes are not docstrings"
    return 1


def test_docstrings():
    return [__doc__, documented.__doc__, not_documented.__doc__, first_is_expression.__doc__,
            DocClass.__doc__, DocClass.method.__doc__, DocClass.amethod.__doc__, DocClass.gen.__doc__,
            DocClass.prop.__doc__, NoDoc.__doc__, only_docstring.__doc__, only_docstring(),
            bytes_not_docstring.__doc__, documented(2), not_documented(2), DocClass().method(),
            (lambda: "lambda body").__doc__, (lambda: "lambda body")(), first_is_expression(),
            bytes_not_docstring(), list(DocClass().gen()), DocClass().prop, run(DocClass().amethod())]


def run(coro):
    try:
        coro.send(None)
    except StopIteration as stop:
        return stop.value
