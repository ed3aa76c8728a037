# `if c: ...; return` then the rest of a function that ends by falling off
# its end: 3.10+ give the then-part a copy of the final `return None`, so
# that an if/else reads the same but for where None takes its co_consts
# index: a `return` of the source's own numbers it there, before the
# rest's constants, where a docstring holds co_consts[0] (difflib's HtmlDiff._split_line, cmd, zipapp).  Must
# compile back to the same bytecode.


def split_line(self, data_list, line_num, text):
    """Splits a text line at the wrap column (a docstring: None takes no
    reserved co_consts[0])."""
    if not line_num:
        data_list.append((line_num, text))
        return
    size = len(text)
    if size <= self._wrapcolumn:
        data_list.append((line_num, text))
        return
    data_list.append((line_num, text[:size]))
    self.rest = text[size:]


def early(out, x):
    """Appends x, or a default."""
    if x:
        out.append(x)
        return
    out.append('default')
