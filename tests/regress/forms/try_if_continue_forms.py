def if_try_continue_named(entries, d):
    for entry in entries:
        if d:
            try:
                if not entry.is_dir():
                    continue
            except OSError as e:
                if not g(e):
                    raise
                continue
        name = entry.name


def if_try_continue(entries, d):
    for entry in entries:
        if d:
            try:
                if not entry.is_dir():
                    continue
            except OSError:
                continue
        name = entry.name


def try_continue(entries, d):
    for entry in entries:
        try:
            if not entry.is_dir():
                continue
        except OSError as e:
            continue
        name = entry.name


def while_try_continue(entries, d):
    while entries:
        try:
            if not d(entries):
                continue
        except OSError:
            g()
        entries = entries[1:]
