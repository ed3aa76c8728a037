# An if/elif inside an if's then-part, ending it, whose first branch jumps
# straight to the outer if's join (http.server's _url_collapse_path): the
# compiler threads that jump through the jump over the outer else-part.


def collapse(path, head_parts, query):
    path_parts = path.split('/')
    if path_parts:
        tail_part = path_parts.pop()
        if tail_part:
            if tail_part == '..':
                head_parts.pop()
                tail_part = ''
            elif tail_part == '.':
                tail_part = ''
    else:
        tail_part = ''
    if query:
        tail_part = '?'.join((tail_part, query))
    return tail_part
