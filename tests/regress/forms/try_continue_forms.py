# A try body in a loop that ends in `continue`, with code after the try
# that only the except clause reaches (pstats's ProfileBrowser.generic):
# 3.12+ places that code after the handlers, back to the loop's head from
# there.  Every version compiles this back to the same bytecode.


def generic(self, args):
    processed = []
    for term in args:
        try:
            processed.append(int(term))
            continue
        except ValueError:
            pass
        processed.append(term)
    return 0
