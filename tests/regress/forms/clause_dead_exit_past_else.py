# try/except/else ending an if's then-part that has an else-part, whose
# clause raises: 3.8 and 3.9 keep the clause's exit, dead, jumping past the
# if's else-part, where the then-part goes on (xml.dom.xmlbuilder,
# importlib.reload).


def setFeature(self, name, state):
    if self.supportsFeature(name):
        try:
            settings = self._settings[name]
        except KeyError:
            raise ValueError(name)
        else:
            for name, value in settings:
                setattr(self._options, name, value)
    else:
        raise KeyError(name)


def reload_like(module, sys, spec):
    if module:
        try:
            parent = sys.modules[module]
        except KeyError:
            raise ImportError(module) from None
        else:
            path = parent.path
    else:
        path = None
    return spec(path)
