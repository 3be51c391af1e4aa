"""The package against the CLI: its answers are the CLI's on every ruleset
family's default box, its errors carry the CLI's words, and a cancelled
request or a killed server leaves the session usable.

Run from the repository root: python3 -m pytest python/tests (GRUNDY_BIN
names the binary to compare with; otherwise the package's own)."""

import csv
import io
import json
import os
import signal
import subprocess
import time

import pytest

import grundy
from grundy._binary import find_binary

BIN = find_binary()


def cli(*args):
    """What `grundy ARGS` prints, exits with and says on stderr."""
    r = subprocess.run([BIN, *map(str, args)], capture_output=True, text=True)
    return r.stdout, r.stderr.strip(), r.returncode


def families():
    out, _, _ = cli("games", "--json")
    return [json.loads(line) for line in out.splitlines()]


def default_box(g):
    """The family's default box: default parameters, the fewest piles it
    takes plus one (two for two-pile families), piles small enough to
    stay under a second."""
    piles = g["piles"]
    k = {p["name"]: p.get("default") for p in g["params"]}.get("k", 2)
    if piles == "2":
        return 2, 12
    if piles.isdigit():
        # A fixed number of piles (the later literature's hypergraphs and
        # ⋆-games): that many, smaller the more there are.
        n = int(piles)
        return n, {3: 6, 4: 4}.get(n, 3)
    if piles.startswith("≥ k"):
        return int(k) + 1, 5
    if piles.startswith("≥"):
        return 3, 6
    # fdg: positions have as many piles as its difference vectors have
    # coordinates, 4 for the default vectors.
    return 4, 3


FAMILIES = families()


@pytest.mark.parametrize("g", FAMILIES, ids=[g["name"] for g in FAMILIES])
def test_table_is_the_cli_table(g):
    if g["piles"] == "any":
        # Take-and-break: a move changes the number of piles, and no box
        # holds them; the CLI refuses, and the package raises its words.
        out, err, code = cli("table", g["name"], "--max", 5, "--piles", 3, "--format", "csv")
        assert code == 2 and "take-and-break" in err
        with pytest.raises(grundy.BadInput) as e:
            grundy.table(g["name"], 5, 3)
        assert str(e.value) in err
        return
    piles, max = default_box(g)
    out, err, code = cli("table", g["name"], "--max", max, "--piles", piles, "--format", "csv")
    assert code == 0, err
    want = list(csv.reader(io.StringIO(out)))
    header, rows = grundy.table(g["name"], max, piles, as_="rows")
    assert header == want[0]
    assert [[str(x) for x in r] for r in rows] == want[1:]
    df = grundy.table(g["name"], max, piles)
    try:
        import pandas
        assert isinstance(df, pandas.DataFrame)
        assert list(df.columns) == want[0]
        assert df.values.tolist() == [[int(x) for x in r] for r in want[1:]]
    except ImportError:
        pass


@pytest.mark.parametrize("game,pos", [("nim", "1,2,3"), ("wythoff", "4,7"), ("slow-exact:k=3", "1,2,2,2,4,4"),
                                      ("nim", "1000000000000000000000000000000,9"), ("bounded-greedy:k=3", "2,3,5,5,5")])
def test_value_is_the_cli_value(game, pos):
    out, err, code = cli("value", game, pos, "--json")
    assert code == 0, err
    want = json.loads(out)
    v = grundy.value(game, pos)
    for k in ("G", "Gm", "R", "Rm"):
        # The CLI's JSON writes values as decimal strings (docs/json.md).
        assert getattr(v, k) == (None if want[k] is None else int(want[k])), k
    assert (v.outcome, v.outcome_misere, v.method) == (want["outcome"], want["outcome_misere"], want["method"])
    assert v.trust.kind == want["trust"]["kind"]
    assert "<table" in v._repr_html_() and v.trust.kind in v._repr_markdown_()


def test_values_batch_in_order():
    ps = [(i, j) for i in range(8) for j in range(8)]
    got = grundy.values("nim", ps)
    assert [v.G for v in got] == [i ^ j for i, j in ps]  # Bouton


def test_big_values_are_ints():
    # G of nim is the xor of the piles (Bouton): beyond 2^53 it travels as
    # a string and comes back an int.
    x = 2**70 + 5
    assert grundy.value("nim", (x, 3)).G == x ^ 3


def test_moves_and_outcome():
    m = grundy.moves("nim", (1, 2))
    assert sorted(mv["to"] for mv in m) == ["0,1", "0,2", "1,1"]
    assert [mv["to"] for mv in m if mv["winning"]] == ["1,1"]
    assert grundy.outcome("wythoff", (3, 5)) == "P"
    assert grundy.outcome("wythoff", (3, 4)) == "N"


def test_check_claim_text():
    cs = grundy.check("P[nim, 2 piles] iff x1 == x2\nP[wythoff, 2 piles] iff x1 == x2")
    assert [c.passed for c in cs] == [True, False]
    # (1,1) of Wythoff: the diagonal move to (0,0) wins, so it is N.
    assert cs[1].smallest["pos"] == "1,1" and cs[1].smallest["computed"] == "N"
    assert "FAIL" in cs._repr_html_()


def test_rules_text():
    # Subtraction game {1, 2} on one pile: G(n) = n mod 3.
    r = grundy.rules("ruleset sub12\npiles at least 1\nmove take 1..2 from one pile\n")
    assert [grundy.value(r, (n,)).G for n in range(9)] == [n % 3 for n in range(9)]


@pytest.mark.parametrize("args,call", [
    (["value", "nope", "1"], lambda: grundy.value("nope", "1")),
    (["value", "nim", "1,x"], lambda: grundy.value("nim", "1,x")),
    (["table", "nim", "--max", "3"], lambda: grundy.run("table", "nim", "--max", "3")),
    (["value", "nim", "50,50,50", "--budget", "10", "--method", "search"],
     lambda: grundy.value("nim", "50,50,50", budget=10, method="search")),
])
def test_errors_carry_the_cli_words(args, call):
    _, err, code = cli(*args)
    assert code == 2
    with pytest.raises(grundy.GrundyError) as e:
        call()
    assert str(e.value) == err
    assert e.value.status == code
    assert isinstance(e.value, grundy.BadInput)


def test_error_kinds():
    with pytest.raises(grundy.UnknownGame):
        grundy.value("nope", "1")
    with pytest.raises(grundy.BudgetExceeded):
        grundy.value("nim", "50,50,50", budget=10, method="search")


def test_protocol_errors():
    p = subprocess.run([BIN, "pipe"], input='nonsense\n{"id":1}\n{"id":2,"args":["pipe"]}\n', capture_output=True, text=True)
    rs = [json.loads(line) for line in p.stdout.splitlines()]
    assert p.returncode == 0
    assert [r["kind"] for r in rs] == ["protocol"] * 3
    assert all(r["ok"] is False and r["error"].startswith("grundy: ") for r in rs)


LONG = ["count", "nim", "--max", "400", "--piles", "3"]  # 64 million positions: minutes


def test_cancel():
    s = grundy.Session(progress=False)
    try:
        call = s.submit(LONG)
        time.sleep(0.5)
        call.cancel()
        with pytest.raises(grundy.Cancelled):
            call.result(timeout=60)
        assert s.run(["value", "nim", "1,2"])["result"][0]["G"] == "3"
    finally:
        s.close()


def test_killed_server():
    s = grundy.Session(progress=False)
    try:
        call = s.submit(LONG)
        time.sleep(0.3)
        pid = s.pid
        os.kill(pid, signal.SIGKILL)
        with pytest.raises(grundy.ServerDied):
            call.result(timeout=60)
        # The next request starts a new process.
        assert s.run(["value", "nim", "1,2"])["result"][0]["G"] == "3"
        assert s.pid != pid
    finally:
        s.close()


def test_progress_lines():
    seen = []
    s = grundy.Session(progress=seen.append)
    try:
        call = s.submit(LONG)
        deadline = time.time() + 30
        while not seen and time.time() < deadline:
            time.sleep(0.1)
        call.cancel()
        with pytest.raises(grundy.Cancelled):
            call.result(timeout=60)
    finally:
        s.close()
    assert seen and "what" in seen[0]


def test_bfile_and_bibtex_are_the_cli_s():
    out, _, _ = cli("bfile", "ppos", "wythoff", "--max", "30")
    assert grundy.bfile("ppos", "wythoff", max=30) == out
    out, _, _ = cli("bfile", "line", "nim", "0,5", "--step", "1,0", "--count", "6")
    assert grundy.bfile("line", "nim", start=(0, 5), step=(1, 0), count=6) == out
    out, _, _ = cli("findings", "002", "--max", "12", "--format", "bibtex")
    assert grundy.bibtex(papers="002", max=12) == out


def test_plot_svg():
    p = grundy.plot("wythoff", 10)
    assert p._repr_svg_().lstrip().startswith("<?xml")


def test_automata_drawn_as_the_cli_draws():
    (a,) = grundy.automata("000/bouton", piles=2)
    assert a.json["game"] == "nim" and a.json["quantity"] == "G"
    assert a.dot.startswith("// 000/bouton on nim, 2 piles") and "digraph automaton" in a.dot
    assert "\\begin{tikzpicture}" in a.tikz
    import shutil
    if shutil.which("dot"):
        assert "<svg" in a._repr_svg_()


def test_citation():
    c = grundy.citation()
    assert "cff-version: 1.2.0" in c


def test_discover_claims_prove():
    # Subtraction {1, 2} on two piles: P iff the pile sizes' nim-sum of
    # (x mod 3) is 0, i.e. x1 ≡ x2 (mod 3).
    r = grundy.rules("ruleset sub12two\npiles at least 1\nmove take 1..2 from one pile\n")
    d = grundy.discover(r, piles=2, max=9, prove=False)
    assert d.status in ("checked", "proved"), d.json
    cs = grundy.check(d.claims())
    assert cs.passed
