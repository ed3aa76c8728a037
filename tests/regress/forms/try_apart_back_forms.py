# 3.12+: `if c: try: return f() except E: pass` then more code ending the
# then-part: the code after the try is placed after the handlers and goes
# back to the code after the if (email.contentmanager's _encode_text).

def f1(cte, lines, policy):
    if cte is None:
        if g(lines):
            try:
                return a(lines)
            except E:
                pass
            if policy:
                return b(lines)
        sniff = h(lines)
    return cte

def f2(x, y):
    if x:
        try:
            return a(x)
        except E:
            pass
        y = 2
        z = y + 1
    return y

def f3(x, y):
    if x:
        try:
            return a(x)
        except E:
            pass
        if y:
            y = 3
        else:
            return 4
    return y

def f4(x, y):
    if x:
        try:
            return a(x)
        except E:
            pass
    elif y:
        y = 3
    return y

def f5(x, y):
    for i in x:
        if i:
            try:
                return a(i)
            except E:
                pass
            if y:
                return b(y)
        g(i)
    return y

def f6(x, y, z):
    if x:
        try:
            return a(x)
        except E:
            pass
        if y and z:
            return b(y)
    return y

def f7(x, y, z):
    if x:
        try:
            return a(x)
        except E as e:
            y = e
        if y or z:
            return b(y)
    return y
