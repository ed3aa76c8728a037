# Comprehensions whose parts the source spread over lines: 3.10 threads a
# jump through another only where both are on one line, so the same
# comprehension written on one line compiles to other jumps (argparse's
# _join_parts, distutils.version's LooseVersion.parse, turtle's
# _undogoto, concurrent.futures' wait, pydoc's docclass).  The output
# keeps the parts on lines of their own where the source had them.


def join_parts(part_strings):
    return ''.join([part
                    for part in part_strings
                    if part and part is not SUPPRESS])


def split_components(self, vstring):
    components = [x for x in self.component_re.split(vstring)
                          if x and x != '.']
    return components


def to_delete(self, items, screen):
    todelete = [i for i in self.items if (i not in items) and
                                   (screen._type(i) == "line")]
    return todelete


def any_exception(done):
    if any(f for f in done
           if not f.cancelled() and f.exception() is not None):
        return 1
    return 0


def set_done(fs):
    done = {f for f in fs
               if f._state in [CANCELLED, FINISHED]}
    return done


def dict_over_lines(items):
    return {k: v
            for k, v in items
            if k and
               v}


def nested_over_lines(rows):
    return [[c for c in row
             if c and c.strip()]
            for row in rows
            if row]


def one_line(xs):
    return [x for x in xs if x and x.y]


def fstring_field_over_lines(xs, b):
    """An and/or over lines inside an f-string's field stays on one line
    there (no newline may go in a replacement field before 3.12)."""
    return [f"""{a and
b}""" for a in xs
            if a]
