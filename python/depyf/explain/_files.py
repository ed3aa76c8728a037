"""Writing into the dump directory: stable names, several processes at once.

Every file is written whole to a private temporary name and then published
with os.link (create-if-absent, atomic) or os.replace (atomic overwrite), so a
reader, or another process choosing a name, never sees half a file.  Names are
`template % k` with the smallest k whose file either does not exist or has the
same key; the key is a digest of the content with the parts that change from
run to run (Dynamo's uuid suffixes, object addresses) taken out, so the same
program writes the same names on every run, and two processes compiling the
same function agree on one file.
"""
import hashlib
import os
import re
import tempfile

_UUID_RE = re.compile(r"(__compiled_fn_\d+)_[0-9a-f]{8}(?:_[0-9a-f]{4}){3}_[0-9a-f]{12}")
_ADDR_RE = re.compile(r"0x[0-9a-fA-F]{6,}")
_ID_RE = re.compile(r"\b\d{12,}\b")  # id() values in guards such as ___check_obj_id
_KEY_RE = re.compile(r"\[depyf key ([0-9a-f]{16})\]")

MAX_VARIANTS = 10000


def strip_uuid(text):
    """`__compiled_fn_3_<uuid>` -> `__compiled_fn_3`, everywhere in text."""
    return _UUID_RE.sub(r"\1", text)


def stable_text(text):
    return _ID_RE.sub("0", _ADDR_RE.sub("0x0", strip_uuid(text)))


def content_key(*parts):
    h = hashlib.sha256()
    for p in parts:
        h.update(stable_text(p).encode("utf-8", "surrogatepass"))
        h.update(b"\0")
    return h.hexdigest()[:16]


def key_tag(key):
    return "[depyf key %s]" % key


def _read(path):
    try:
        with open(path, "r", encoding="utf-8", errors="surrogateescape") as f:
            return f.read()
    except OSError:
        return None


def _existing_key(text):
    if text is None:
        return None
    first = text[:4096]
    m = _KEY_RE.search(first)
    return m.group(1) if m else None


def _tmpfile(directory, text):
    fd, tmp = tempfile.mkstemp(prefix=".depyf-", suffix=".tmp", dir=directory)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", errors="surrogateescape") as f:
            f.write(text)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    return tmp


def _publish_new(tmp, path):
    """Create `path` with tmp's content unless it exists.  True if created."""
    try:
        os.link(tmp, path)
        return True
    except FileExistsError:
        return False
    except OSError:
        # file systems without hard links: exclusive create, then copy
        try:
            fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
        except FileExistsError:
            return False
        with os.fdopen(fd, "w", encoding="utf-8", errors="surrogateescape") as f:
            f.write(_read(tmp))
        return True


def write_unique(template, text, key=None, exact=False):
    """Write text to `template % k` for the first k that is free or already
    holds the same content: the same key when key is given, else the same
    text (exact=True) or the same stable text.  text may be a function of
    the path.  Returns (path, created)."""
    directory = os.path.dirname(template) or "."
    for k in range(MAX_VARIANTS):
        path = template % k
        t = text(path) if callable(text) else text
        tmp = _tmpfile(directory, t)
        try:
            if _publish_new(tmp, path):
                return path, True
        finally:
            try:
                os.unlink(tmp)
            except OSError:
                pass
        existing = _read(path)
        if existing is None:
            continue
        if key is not None:
            if _existing_key(existing) == key:
                return path, False
        elif exact:
            if existing == t:
                return path, False
        elif stable_text(existing) == stable_text(t):
            return path, False
    raise OSError("more than %d variants of %s" % (MAX_VARIANTS, template))


def replace(path, text):
    """Overwrite path atomically."""
    directory = os.path.dirname(path) or "."
    tmp = _tmpfile(directory, text)
    try:
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def safe_name(name):
    """A code object's name as the original depyf puts it in file names."""
    out = []
    for ch in name:
        out.append(ch if (ch.isalnum() or ch == "_") else "_")
    return "".join(out) or "_"


def ensure_dir(path):
    os.makedirs(path, exist_ok=True)
    return os.path.abspath(path)
