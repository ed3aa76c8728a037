# match statements whose cases' bodies end in copies of the return after
# the statement (3.10+), told by the numbering of its constant.


def match_falls_to_return(self, source):
    """sqlite3's runsource: the cases' copies of the return after the
    match number False after the later cases' constants."""
    match source:
        case ".version":
            print(f"{sqlite3.sqlite_version}")
        case ".help":
            print("Enter SQL code and press enter.")
        case ".quit":
            sys.exit(0)
        case _:
            if not sqlite3.complete_statement(source):
                return True
            execute(self._cur, source)
    return False


def match_no_default(self, source):
    """doc"""
    match source:
        case ".version":
            print(f"{sqlite3.sqlite_version}")
        case ".help":
            print("Enter SQL code and press enter.")
            return 5
    return False
