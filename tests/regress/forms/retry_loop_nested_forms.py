# A `while True` retry loop whose only jumps back are except clauses'
# `continue`s, nested in another block: 3.12+ place the clause after the
# function's end, so nothing in the block shows where the loop ends, and
# its `break` (a jump to where the enclosing block goes on) is the outer
# loop's head or the code after the if (re._compiler's `_optimize_charset`,
# zipfile's `ZipFile.__init__`, asyncio's `__main__`).


def retry_in_for(charset, table):
    for op, av in charset:
        while True:
            try:
                if op:
                    table[av] = 1
                else:
                    table.append(av)
            except IndexError:
                if len(table) == 256:
                    table += b'x'
                    continue
                table.clear()
            break
    return table


def retry_then_code(ops, table):
    for op in ops:
        while True:
            try:
                table[op] = 1
            except IndexError:
                continue
            break
        table.grow()
    return table


def retry_nested_ifs(charset, table, flag):
    for op in charset:
        while True:
            try:
                if op:
                    table[op] = 1
                    if flag:
                        table.mark()
                else:
                    table.skip()
            except IndexError:
                continue
            break
    return table


def retry_while_test(ops, table, flag):
    for op in ops:
        while table:
            try:
                if op:
                    table[op] = 1
                    if flag:
                        table.mark()
                else:
                    table.skip()
            except IndexError:
                continue
            break
    table.done()


def retry_in_if(table, opened):
    if table:
        while True:
            try:
                table.open()
            except OSError:
                opened = 1
                continue
            break
    else:
        table.reuse()
    table.done()


def retry_in_if_after_code(table, opened):
    if table:
        table.prepare()
        while True:
            try:
                table.open()
            except OSError:
                opened = 1
                continue
            break
    else:
        table.reuse()
    table.done()
