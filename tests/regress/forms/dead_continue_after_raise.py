# A then-part ending in `continue` after an if that raises (dataclasses.replace):
# 3.8 and 3.9 keep that continue, dead, and thread the inner if's jump through
# it to the loop's head; not a jump over an else-part.  And a lone
# `else: continue` whose if's test jumps past it (urllib.parse.parse_qsl).


def f(fields, changes, obj):
    for f in fields:
        if not f.init:
            if f.name in changes:
                raise ValueError(f.name)
            continue
        if f.name not in changes:
            changes[f.name] = obj


def parse_qsl(pairs, strict_parsing, keep_blank_values, r):
    for name_value in pairs:
        nv = name_value.split('=', 1)
        if len(nv) != 2:
            if strict_parsing:
                raise ValueError("bad query field: %r" % (name_value,))
            if keep_blank_values:
                nv.append('')
            else:
                continue
        if len(nv[1]) or keep_blank_values:
            r.append(nv)
