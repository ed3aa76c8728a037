# A for loop with an else block inside an except clause whose `break` has
# no jump (pkgutil's get_importer): 3.10+ give the break a copy of the
# clause's end (POP_EXCEPT and the code after the try, a small exit block)
# after the iterator's POP_TOP; the loop's else block runs on to the clause's
# own end.


def get_importer(path_item, hooks, cache):
    try:
        importer = cache[path_item]
    except KeyError:
        for path_hook in hooks:
            try:
                importer = path_hook(path_item)
                break
            except ImportError:
                pass
        else:
            importer = None
    return importer


def bare_break(path_item, hooks, cache):
    try:
        importer = cache[path_item]
    except KeyError:
        for path_hook in hooks:
            break
        else:
            importer = None
    return importer
