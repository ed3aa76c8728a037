# `if c: with m: ...` then the code after the if, a small exit block
# (pkgutil's ImpLoader.get_source, runpy's _get_code_from_file): 3.10
# gives the with's normal exit its own copy of that code, and its handler,
# where __exit__ swallows the exception, falls into the code itself, where
# the test's jump goes too.  Must compile back to the same bytecode.


def get_source(self, name):
    if self.file:
        with open(self.file, 'r') as f:
            self.source = f.read()
    return self.source

def get_source2(self, name):
    source = None
    if self.file:
        with open(self.file, 'r') as f:
            source = f.read()
    return source


def cached_get(self, instance, cache):
    val = cache.get(self.attrname)
    if val is None:
        with self.lock:
            val = cache.get(self.attrname)
            if val is None:
                val = self.func(instance)
                cache[self.attrname] = val
    return val
