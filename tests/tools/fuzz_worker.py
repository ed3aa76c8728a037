"""What the differential fuzzers (match_fuzz.py, flow_fuzz.py) share.

The worker side runs inside the interpreter under test (every Python
3.8-3.13): it reads JSON requests {"src", "funcs"} on stdin, compiles the
module, decompiles its .pyc with build/depyf and answers with one category:

  badsrc       the generated source does not compile (a generator bug)
  crash        depyf exit status other than 0/1, or a timeout
  unrecovered  depyf exit 1 (a region marked as not recovered)
  nocompile    depyf's output does not compile
  origfail     the original module fails (not counted as a decompiler bug)
  behavior     some function returns or raises differently on some input
  inexact      same behaviour, normalized bytecode differs (3.11+ also
               accepts equality with what ast.unparse(ast.parse(src))
               compiles to)
  exact        normalized bytecode equal

What "behaviour" means is the fuzzer's: serve() takes a runner(code,
fnames, orig) that executes a module (orig: the original's code, whose
functions say what to call them with) and returns (error, {fn: [(label,
row)]}).
The parent side is Worker, one such process per interpreter.
Standard library only.
"""
import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import corpus  # noqa: E402  (pyenv's interpreters)


class Timeout(BaseException):
    pass


def alarm(signum, frame):
    raise Timeout()


def call(f, args, seconds):
    """One call's outcome as a row: "ret <repr>", "TIMEOUT" or "exc <type>"."""
    import signal
    try:
        signal.setitimer(signal.ITIMER_REAL, seconds)
        try:
            v = f(*args)
        finally:
            signal.setitimer(signal.ITIMER_REAL, 0)
        try:
            return "ret " + repr(v)
        except Exception as e:
            return "ret <repr raised %s>" % type(e).__name__
    except Timeout:
        return "TIMEOUT"
    except RecursionError:
        return "exc RecursionError"
    except Exception as e:
        return "exc " + type(e).__name__


def exec_module(code):
    """(None, globals) or ("module raised ...", None); 5 s at most."""
    import signal
    g = {"__name__": "fuzzmod"}
    try:
        signal.setitimer(signal.ITIMER_REAL, 5)
        try:
            exec(code, g)
        finally:
            signal.setitimer(signal.ITIMER_REAL, 0)
    except BaseException as e:
        return "module raised %s: %s" % (type(e).__name__, e), None
    return None, g


def first_difference(fnames, res1, res2):
    for fn in fnames:
        for (label, x), (_, y) in zip(res1[fn], res2[fn]):
            if x != y:
                return "%s: original %s, decompiled %s" % (label, x, y)
    return None


def classify(src, orig, out, rc, err, fnames, runner, normalize):
    """The answer's category and detail for depyf's result (rc, out, err)."""
    ans = {"rc": rc, "out": out, "err": err[-2000:]}
    if rc != 0 and rc != 1:
        ans.update(cat="crash", detail="depyf exit %s: %s" % (rc, err.strip()[-300:]))
        return ans
    if rc == 1:
        ans.update(cat="unrecovered", detail=err.strip()[-300:])
        return ans
    try:
        dec = compile(out, "<decompiled>", "exec")
    except (SyntaxError, ValueError) as e:
        lineno = getattr(e, "lineno", None)
        lines = out.split("\n")
        text = lines[lineno - 1].strip() if lineno and 0 < lineno <= len(lines) else ""
        ans.update(cat="nocompile", detail="%s: %s (line %s: %s)" % (
            type(e).__name__, getattr(e, "msg", str(e)), lineno, text), line=text)
        return ans
    e1, res1 = runner(orig, fnames, orig)
    e2, res2 = runner(dec, fnames, orig)
    if e1 is not None:
        ans.update(cat="origfail", detail=e1)
        return ans
    diff = "decompiled module: " + e2 if e2 is not None else first_difference(fnames, res1, res2)
    if diff:
        ans.update(cat="behavior", detail=diff[:1500])
        return ans
    alts = []
    if sys.version_info >= (3, 11):
        import ast
        try:
            alts.append(compile(ast.unparse(ast.parse(src)), "<fuzz>", "exec"))
        except Exception:
            pass
    try:
        d = normalize.compare(orig, dec, alts)
    except Exception as e:
        d = "normalize.compare raised %s: %s" % (type(e).__name__, e)
    if d is None:
        ans.update(cat="exact")
    else:
        ans.update(cat="inexact", detail=d)
    return ans


def serve(depyf, tmp, runner):
    """The worker loop (see the module's docstring)."""
    import importlib.util
    import marshal
    import signal
    import normalize
    signal.signal(signal.SIGALRM, alarm)
    pyc = os.path.join(tmp, "w%d.pyc" % os.getpid())
    real_stdout = sys.stdout
    sys.stdout = sys.stderr   # (what the generated code prints stays out of the answers)
    for line in sys.stdin:
        req = json.loads(line)
        src, fnames = req["src"], req["funcs"]
        ans = {"id": req.get("id")}
        try:
            orig = compile(src, "<fuzz>", "exec")
        except SyntaxError as e:
            ans.update(cat="badsrc", detail=str(e))
        else:
            with open(pyc, "wb") as f:
                f.write(importlib.util.MAGIC_NUMBER + b"\0" * 12 + marshal.dumps(orig))
            try:
                proc = subprocess.run([depyf, pyc], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                      timeout=30)
                rc, out, err = proc.returncode, proc.stdout.decode("utf-8", "replace"), \
                    proc.stderr.decode("utf-8", "replace")
            except subprocess.TimeoutExpired:
                rc, out, err = "timeout", "", ""
            ans.update(classify(src, orig, out, rc, err, fnames, runner, normalize))
        real_stdout.write(json.dumps(ans) + "\n")
        real_stdout.flush()


class Worker(object):
    """The parent's handle on one worker: `script --worker` in an interpreter."""

    def __init__(self, script, version, depyf, tmp):
        self.script, self.version, self.depyf, self.tmp = script, version, depyf, tmp
        self.proc = None
        self.start()

    def start(self):
        python = corpus.interpreter(self.version) or "py" + self.version
        self.proc = subprocess.Popen([python, os.path.abspath(self.script), "--worker",
                                      "--depyf", self.depyf, "--tmp", self.tmp],
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.DEVNULL, universal_newlines=True)

    def ask(self, src, funcs):
        for attempt in range(2):
            try:
                self.proc.stdin.write(json.dumps({"src": src, "funcs": funcs}) + "\n")
                self.proc.stdin.flush()
                line = self.proc.stdout.readline()
                if line:
                    return json.loads(line)
            except (BrokenPipeError, OSError, ValueError):
                pass
            # worker died (e.g. the decompiled code crashed the interpreter)
            try:
                self.proc.kill()
            except OSError:
                pass
            self.proc.wait()
            self.start()
        return {"cat": "workercrash", "detail": "worker died", "out": "", "rc": None}

    def close(self):
        try:
            self.proc.stdin.close()
            self.proc.wait(timeout=10)
        except Exception:
            self.proc.kill()
