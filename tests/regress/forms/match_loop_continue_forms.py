"""match statements whose last case fails straight to the loop's continue
target (3.12+; symtable's Class.get_methods)."""


def two_cases(xs):
    for st in xs:
        match st:
            case 1:
                d = 1
            case 2:
                e = 2


def nested_for_break(xs):
    for st in xs:
        match st.type:
            case A.B:
                d[st.name] = 1
            case A.C:
                for c in st.children:
                    if c.name == st.name:
                        d[st.name] = 1
                        break


def under_if(xs, d):
    for st in xs:
        if ok(st):
            match st.kind:
                case 'f':
                    d[st] = 1
                case 'g':
                    d[st] = 2


def while_loop(q):
    while q:
        x = q.pop()
        match x:
            case [a, b]:
                use(a, b)
            case {'k': v}:
                use(v)


def class_pattern(xs):
    for x in xs:
        match x:
            case str():
                out(x)
            case Point(x=0, y=y):
                out(y)


def three_cases(xs):
    for x in xs:
        match x:
            case 0 | 1:
                out(0)
            case (p, q):
                out(p, q)
            case None:
                out(None)


def with_else(xs):
    for x in xs:
        if x:
            match x:
                case 1:
                    a()
                case 2:
                    b()
        else:
            c()
