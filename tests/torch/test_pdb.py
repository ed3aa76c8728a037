"""A scripted pdb session, stdin-driven like the original's test_debug.py:
depyf.debug() pauses in pdb; the session sets a breakpoint in the dumped
__transformed_code_* file, hits it and steps two lines, then does the same
in the Captured_Graph file."""
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
SCRIPT = os.path.join(HERE, "toy_script.py")


def _run(args, stdin="", timeout=600):
    env = dict(os.environ)
    env.pop("PYTHONBREAKPOINT", None)
    return subprocess.run([sys.executable, SCRIPT] + args, input=stdin, capture_output=True,
                          text=True, timeout=timeout, env=env)


def _first_body_line(path, def_pattern):
    lines = open(path).read().splitlines()
    for i, line in enumerate(lines):
        if re.match(def_pattern, line):
            for j in range(i + 1, len(lines)):
                s = lines[j].strip()
                if s and not s.startswith("#"):
                    return j + 1
    raise AssertionError("no %r in %s" % (def_pattern, path))


def pdb_session(d, extra=()):
    """Dump toy_script into d, then run it under debug() with a scripted
    pdb: a breakpoint in the transformed code and one in the Captured_Graph
    file, each hit and stepped twice.  extra: toy_script's [N DEVICE BACKEND]
    (gpu_check.py runs it on cuda).  Returns the lines pdb stopped at in each."""
    r = _run([d, "dump"] + list(extra))
    assert r.returncode == 0 and "TOY-DONE" in r.stdout, r.stderr[-3000:]
    names_first = sorted(os.listdir(d))

    t = os.path.join(d, "__transformed_code_0_for_toy_example.py")
    g = os.path.join(d, "__compiled_fn_1.Captured_Graph.0.py")
    assert os.path.exists(t) and os.path.exists(g), names_first
    t_line = _first_body_line(t, r"def __transformed_code_0_for_toy_example\(")   \
        if open(t).readline().startswith("# depyf: this is the code that runs") else 0
    g_line = _first_body_line(g, r"\s+def forward\(")
    assert t_line, ("the transformed code of toy_example is not verified equal to Dynamo's, so "
                    "it does not run from the dump and pdb cannot stop in it:\n" + open(t).read()[:1500])

    commands = "\n".join([
        "b %s:%d" % (t, t_line), "c", "n", "n", "cl %s:%d" % (t, t_line),
        "b %s:%d" % (g, g_line), "c", "n", "n", "cl %s:%d" % (g, g_line),
        "c", ""])
    r = _run([d, "debug"] + list(extra), stdin=commands)
    out = r.stdout
    assert r.returncode == 0 and "TOY-DONE" in out, (out[-3000:], r.stderr[-3000:])
    stops = re.findall(r"^(?:\(Pdb\) )*> (.+?)\((\d+)\)", out, re.M)
    in_t = [int(line) for f, line in stops if os.path.basename(f) == os.path.basename(t)]
    in_g = [int(line) for f, line in stops if os.path.basename(f) == os.path.basename(g)]
    assert len(in_t) >= 3 and in_t[0] == t_line and len(set(in_t)) >= 3, (in_t, out[-3000:])
    assert len(in_g) >= 3 and in_g[0] == g_line and len(set(in_g)) >= 3, (in_g, out[-3000:])
    # the second run, into the same directory, wrote no new names
    assert sorted(os.listdir(d)) == names_first
    return {"transformed": in_t, "graph": in_g}


def test_pdb_breakpoints_in_transformed_code_and_graph(tmp_path):
    pdb_session(str(tmp_path / "dump"))


def test_pdb_breakpoint_in_graph_file(tmp_path):
    """The graph half alone: breakpoints in a Captured_Graph file hit and
    step, whatever the decompiler can do."""
    d = str(tmp_path / "dump")
    r = _run([d, "dump"])
    assert r.returncode == 0, r.stderr[-3000:]
    g = os.path.join(d, "__compiled_fn_1.Captured_Graph.0.py")
    g_line = _first_body_line(g, r"\s+def forward\(")
    commands = "\n".join(["b %s:%d" % (g, g_line), "c", "n", "n", "cl %s:%d" % (g, g_line), "c", ""])
    r = _run([d, "debug"], stdin=commands)
    out = r.stdout
    assert r.returncode == 0 and "TOY-DONE" in out, (out[-3000:], r.stderr[-3000:])
    assert "depyf.debug(): paused once" in r.stderr
    stops = re.findall(r"^(?:\(Pdb\) )*> (.+?)\((\d+)\)", out, re.M)
    in_g = [int(line) for f, line in stops if os.path.basename(f) == os.path.basename(g)]
    assert len(in_g) >= 3 and in_g[0] == g_line and len(set(in_g)) >= 3, (in_g, out[-3000:])
