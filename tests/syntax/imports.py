"""Every import form: plain, dotted, aliased, from-imports with aliases and
parentheses, star-import, relative imports, imports inside functions and
try/except fallbacks, __import__ and importlib."""
import os
import os.path
import os.path as osp
import collections.abc
import json, math as m
from collections import OrderedDict
from collections import namedtuple as nt, deque
from itertools import (
    chain,
    islice as isl,
)
from string import *
from . import _helpers
from . import _helpers as h, PACKAGE_VALUE
from ._helpers import helper_double, HelperBox as Box
from ._helpers import *

try:
    import module_that_does_not_exist_anywhere
except ImportError:
    module_that_does_not_exist_anywhere = None

try:
    from json import no_such_name
except ImportError as e:
    import_error_text = type(e).__name__


def test_module_level_imports():
    return (os.sep, osp.basename("/a/b"), os.path.join("a", "b"), collections.abc.Mapping.__name__,
            json.dumps([1]), m.floor(2.5), OrderedDict(a=1), nt("P", "x y")(1, 2), deque([1]),
            list(chain("ab", "c")), list(isl(range(10), 3)), ascii_lowercase[:3], digits,
            _helpers.HELPER_CONSTANT, h.helper_double(4), PACKAGE_VALUE, helper_double(5),
            Box(3), HELPER_CONSTANT, module_that_does_not_exist_anywhere, import_error_text)


def test_function_level_imports():
    import os.path
    import xml.etree.ElementTree as ET
    from os import sep as separator, curdir
    from . import _helpers as local_helpers
    from ._helpers import helper_double as dbl
    root = ET.fromstring("<a><b/></a>")
    return (os.path.basename("/x/y"), separator, curdir, root[0].tag, local_helpers.HELPER_CONSTANT,
            dbl(21), "os" in dir(), "path" in locals())


def test_import_errors():
    out = []
    try:
        from .. import anything
    except ImportError as e:
        out.append(type(e).__name__)
    try:
        from ._helpers import not_there
    except ImportError as e:
        out.append(("missing name", type(e).__name__))
    try:
        import not_a_module_xyz.sub
    except ModuleNotFoundError as e:
        out.append(("missing module", e.name))
    return out


def test_dynamic_imports():
    import importlib
    mod = __import__("os.path", fromlist=["join"])
    top = __import__("xml.dom")
    rel = importlib.import_module("._helpers", __package__)
    return mod.__name__, top.__name__, rel.HELPER_CONSTANT


def test_conditional_import(flag=True):
    if flag:
        import textwrap as tw
    else:
        tw = None
    return tw.dedent("  x") if tw else "none"
