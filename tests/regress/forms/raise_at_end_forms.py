# A function whose last statement is a raise, after an `if c: raise` or
# `if c: return`: 3.8 and 3.9 end it with a dead `return None`, as after
# anything but a return, so that return tells nothing of an if/else
# holding the rest (datetime's _check_int_field, smtplib's SMTP.login).
# Must compile back to the same bytecode, with no else-part.


def check_int_field(value):
    if isinstance(value, int):
        return value
    if isinstance(value, float):
        raise TypeError('integer argument expected, got float')
    try:
        value = value.__index__()
    except AttributeError:
        pass
    else:
        return value
    raise TypeError('an integer is required')


def plain(value):
    if isinstance(value, float):
        raise TypeError('x')
    value = value.__index__()
    raise TypeError(value)
