"""f-strings: nesting, format specs (also computed ones), conversions, `=`."""

INPUTS = {
    "test_basic": [(1, "x"), (-42, "long text"), (3.14159, "")],
    "test_specs": [(3.14159, 10, 3), (-2.5, 6, 1), (1234567.891, 15, 2)],
}


class Money:
    def __init__(self, cents):
        self.cents = cents

    def __format__(self, spec):
        return "$" + format(self.cents / 100, spec or ".2f")

    def __repr__(self):
        return "Money(%d)" % self.cents

    def __str__(self):
        return "%d cents" % self.cents


def test_basic(value, text):
    return [
        f"{value}", f"v={value}!", f"{text}{value}{text}", f"", f"plain",
        f"{value!r}", f"{text!s}", f"{text!a}", f"{'é'!a}", f"{{braces}} {value}",
        f"{value + 1 if isinstance(value, int) else value * 2}",
        f"{[value, text]}", f"{ {'k': value}['k'] }", f"{(lambda v: v * 2)(value)}",
        f"{text or 'empty'}", f"{value=}", f"{text = }", f"{value!r:>20}",
        f"multi {value} " f"part {text}" " plain", "%s-%r" % (value, text),
        "{0}/{k}".format(value, k=text),
    ]


def test_specs(num, width, prec):
    fill = "*"
    return [
        f"{num:.2f}", f"{num:10.3f}", f"{num:<{width}}", f"{num:>{width}.{prec}f}",
        f"{num:{fill}^{width}.{prec}}", f"{num:+e}", f"{num:%}", f"{int(num):,}",
        f"{int(num):_x}", f"{int(num):#o}", f"{int(num):08b}"[-8:], f"{num:{'g'}}",
        f"{Money(int(num * 100))}", f"{Money(250):.1f}", f"{Money(99)!r}", f"{Money(7)!s:>12}",
        f"{'nested ' + f'{num:.{prec}f}'}", f"""{f"{f'{width}'}"}""",
        f"{num!r:^{width + 10}}", f"{'abc':{'<'}{width}}|",
    ]


def test_nested_and_quotes():
    names = ["ada", "bob"]
    table = {"ada": 36, "bob": 7}
    rows = [f"{n:<5}|{table[n]:>4}|{'adult' if table[n] >= 18 else 'child'}" for n in names]
    deep = f"""{f"{f'{1 + 1}'}"}"""
    return rows, deep, f"{'single' if rows else 'none'}", f'{"double"}', f"""{
        names[0]
    }""", f"{len(names)!r}", f"{names!r}", f"{table}"
