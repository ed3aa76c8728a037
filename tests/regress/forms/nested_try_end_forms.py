# a try statement whose body is another try statement, ending the function
# (3.10 copies the final `return None`, with the outer POP_BLOCK, into the
# inner body and clauses; the outer body has no jump over its handlers).
# Must compile back to the same bytecode.


def import_or_report():
    try:
        try:
            import sitecustomize
        except ImportError as exc:
            if exc.name == 'sitecustomize':
                pass
            else:
                raise
    except Exception as err:
        report(err.__class__.__name__, err)


def inner_clause_calls(x):
    try:
        try:
            x.run()
        except KeyError:
            x.log()
    except Exception:
        x.fail()


def three_deep(x):
    try:
        try:
            try:
                x.run()
            except KeyError:
                pass
        except ValueError:
            x.log()
    except Exception:
        x.fail()


def inner_in_loop(items):
    for x in items:
        try:
            try:
                x.run()
            except KeyError:
                continue
        except Exception:
            x.fail()


def inner_before_more(x):
    try:
        try:
            x.run()
        except KeyError:
            pass
    except Exception:
        x.fail()
    x.done()


def inner_finally(x):
    try:
        try:
            x.run()
        finally:
            x.close()
    except Exception:
        x.fail()


def outer_finally(x):
    try:
        try:
            x.run()
        except KeyError:
            x.log()
    finally:
        x.close()


def inner_else(x):
    try:
        try:
            x.run()
        except KeyError:
            x.log()
        else:
            x.ok()
    except Exception:
        x.fail()
