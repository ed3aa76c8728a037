# `if c: ... else: break` ending a while loop's body: 3.8/3.9 thread c's
# jump through the break to the loop's exit, leaving the break's jump and
# the loop's own back jump dead after the then-part's jump back; it reads
# as the loop's test otherwise (xml.dom.minidom's Text._get_wholeText);
# likewise `else: continue` after a then-part that breaks.


def test_then_if_else_break(self):
    n = self.previousSibling
    while n is not None:
        if n.nodeType in (1, 2):
            n = n.previousSibling
        else:
            break
    return n


def and_test(self):
    n = self.previousSibling
    while n is not None and n.nodeType in (1, 2):
        n = n.previousSibling
    return n


def forever_if_else_break(self):
    n = self.previousSibling
    while True:
        if n.nodeType in (1, 2):
            n = n.previousSibling
        else:
            break
    return n


def code_before_if_else_break(self):
    n = self.previousSibling
    while n:
        x = 1
        if n.nodeType in (1, 2):
            n = n.previousSibling
        else:
            break
    return n


def if_break_else_continue(ns_header):
    """http.cookiejar's parse_ns_headers: the test's jump threaded through
    the else-part's continue, the then-part's jump over it left dead."""
    for ii, param in enumerate(ns_header):
        key = param.strip()
        if not key:
            if ii == 0:
                break
            else:
                continue
        g(key)
