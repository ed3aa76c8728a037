def with_return_elif(url, c):
    if c == 'css':
        with open(url) as fp:
            return fp.read()
    elif c == 'html':
        return g(url)
    raise TypeError(c)


def with_return_else(url, c):
    if c:
        with open(url) as fp:
            return fp.read()
    else:
        g()
    raise TypeError(c)


def with_return_no_else(url, c):
    if c == 'css':
        with open(url) as fp:
            return fp.read()
    raise TypeError(c)


def with_return_elif_then_code(url, content_type, os):
    if url.startswith('/'):
        url = url[1:]
    if content_type == 'text/css':
        path_here = os.path.dirname(os.path.realpath(__file__))
        css_path = os.path.join(path_here, url)
        with open(css_path) as fp:
            return ''.join(fp.readlines())
    elif content_type == 'text/html':
        return get_html_page(url)
    raise TypeError('unknown content type %r for url %s' % (content_type, url))
