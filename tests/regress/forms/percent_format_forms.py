# `%` with a str constant on the left and a tuple display on the right:
# 3.11+ turn `'...%s...' % (a, b)` into an f-string when every conversion
# is a plain %s, %r or %a; an f-string without fields on the left (the
# same constant) keeps the `%` (webbrowser's MacOSXOSAScript.open).


def tell(self, url):
    if self.name == 'default':
        script = 'open location "%s"' % url.replace('"', '%22')
    else:
        script = f'''
           tell application "%s"
               open location "%s"
           end
           ''' % (self.name, url.replace('"', '%22'))
    return script


def kept(a, b):
    x = f'{{%s}} %r' % (a, b)
    u = f'%-5s %.3s' % (a, b)
    return x, u


def folded(a, b):
    w = '%-5s %.3s' % (a, b)
    v = '%5.2s%%' % (a,)
    return w, v


def not_foldable(a, b):
    y = f'%d %s' % (a, b)
    z = f'%s' % (a, b)
    t = f'%100s' % (a,)
    return y, z, t
