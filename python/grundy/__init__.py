"""grundy from Python: Sprague–Grundy values, remoteness and outcomes of
Nim-family games, claims checked against exhaustive computation and
proved, with the trust of every answer.

Every function talks to one long-lived `grundy pipe` process (the module's
default Session, started at first use): its answers are the CLI's, and so
are its errors, raised as GrundyError with the CLI's message. See
docs/python.md.

    >>> import grundy
    >>> v = grundy.value("wythoff", (4, 7))
    >>> v.G, v.outcome, v.trust.kind
    (0, 'P', 'computed')
"""

import csv
import hashlib
import io
import os
import tempfile
import threading

from ._errors import (BadInput, BudgetExceeded, Cancelled, GrundyError, ProtocolError, ServerDied,
                      UnknownGame)
from ._session import Call, Session, raise_for
from ._types import (Automaton, Claim, Claims, Discovery, Finding, Findings, Moves, Picture, PPositions, Proof,
                     Sequence, Text, Trust, Value, as_int)

__all__ = [
    "Session", "session", "Ruleset", "ruleset", "rules", "games", "value", "values", "moves", "outcome",
    "table", "ppos", "sequence", "check", "prove", "findings", "discover", "plot", "bfile", "bibtex",
    "citation", "automata", "Automaton", "run", "GrundyError", "BadInput", "UnknownGame", "BudgetExceeded", "Cancelled",
    "ProtocolError", "ServerDied", "Value", "Moves", "Claim", "Claims", "Finding", "Findings", "Trust",
    "Picture", "Discovery", "Proof", "PPositions", "Sequence",
]

_default = None
_default_lock = threading.Lock()
_workdir = None


def session():
    """The module's Session, started at first use."""
    global _default
    with _default_lock:
        if _default is None:
            # The process runs in the session's directory, where rule text
            # and claim text become files named for what they define.
            _default = Session(cwd=_dir())
        return _default


def run(*args, format=None, stdin=None):
    """Runs `grundy ARGS` in the session: the response's JSON values as a
    list (or its text with format=...)."""
    r = session().run([_abs(str(a)) for a in args], format=format, stdin=stdin)
    return r.get("result", r.get("text"))


def _dir():
    global _workdir
    if _workdir is None:
        _workdir = tempfile.mkdtemp(prefix="grundy-py-")
    return _workdir


def _abs(arg):
    """An argument naming a file here, made absolute: the grundy process
    runs in the session's directory."""
    path = arg.split(":", 1)[0] if arg.endswith(".rules") or ".rules:" in arg else arg
    if path and not path.startswith("-") and not os.path.isabs(path) and os.path.exists(path):
        return os.path.abspath(path) + arg[len(path):]
    return arg


def _game(g):
    return g.name if isinstance(g, Ruleset) else _abs(str(g))


def _file(text, ext, stem=None):
    """A file of the session's directory holding text, named stem (or
    by the text's digest): its name relative to that directory, which
    grundy prints in ruleset names and claim IDs."""
    digest = hashlib.sha256(text.encode()).hexdigest()[:8]
    for name in ([stem + ext, f"{stem}-{digest}{ext}"] if stem else [digest + ext]):
        path = os.path.join(_dir(), name)
        if not os.path.exists(path):
            with open(path, "w") as f:
                f.write(text)
            return name
        with open(path) as f:
            if f.read() == text:
                return name
    raise GrundyError(f"grundy: {path}: holds other text", "failure", 1)


class Ruleset:
    """A ruleset by name ("wythoff", "slow-exact:k=3") or a rule file's
    path; rules(text) makes one from rule text."""

    def __init__(self, name, params=None):
        self.name = _abs(str(name))
        if params:
            self.name += (":" if ":" not in self.name else ",") + ",".join(f"{k}={v}" for k, v in params.items())

    def __str__(self):
        return self.name

    def __repr__(self):
        return f"grundy.Ruleset({self.name!r})"

    def __call__(self, **params):
        """The ruleset with parameters: grundy.ruleset("wythoff")(s=2, t=3)."""
        return Ruleset(self.name, params)

    def value(self, pos, **kw):
        return value(self, pos, **kw)

    def moves(self, pos, **kw):
        return moves(self, pos, **kw)

    def outcome(self, pos, **kw):
        return outcome(self, pos, **kw)

    def table(self, max, piles, **kw):
        return table(self, max, piles, **kw)

    def ppos(self, max, **kw):
        return ppos(self, max, **kw)

    def plot(self, max, **kw):
        return plot(self, max, **kw)

    def discover(self, piles, max, **kw):
        return discover(self, piles, max, **kw)


def ruleset(name, **params):
    """A ruleset by name, with parameters: ruleset("slow-exact", k=3)."""
    return Ruleset(name, params)


def rules(text, **params):
    """A ruleset written in the rules language (docs/rules.md), named
    for its ruleset line."""
    text = text.strip() + "\n"
    stem = None
    for line in text.splitlines():
        words = line.split()
        if len(words) == 2 and words[0] == "ruleset" and all(c.isalnum() or c in "-_" for c in words[1]):
            stem = words[1]
            break
    r = Ruleset("x", params)
    r.name = _file(text, ".rules", stem) + r.name[1:]
    return r


def games():
    """The rulesets grundy knows, as `grundy games --json` lists them."""
    return run("games")


def _pos(p):
    if isinstance(p, str):
        return p
    return ",".join(str(int(x)) for x in p)


def _opt(args, **flags):
    for k, v in flags.items():
        if v is None or v is False:
            continue
        flag = "--" + k.rstrip("_").replace("_", "-")
        args.append(flag) if v is True else args.extend([flag, str(v)])
    return args


def value(game, pos, budget=None, method=None):
    """G, G⁻, R, R⁻ and outcomes of one position, with method and trust."""
    r = session().run(_opt(["value", _game(game), _pos(pos)], budget=budget, method=method))
    return Value(r["result"][0])


def values(game, positions, budget=None, method=None):
    """value() of many positions as one batch request: a list of Value,
    in order (an error raises, naming the position)."""
    cmds = [_opt(["value", _game(game), _pos(p)], budget=budget, method=method) for p in positions]
    return [Value(raise_for(r)["result"][0]) for r in session().batch(cmds)]


def moves(game, pos, misere=False):
    """Every move from pos with the values of where it leads; winning and
    remoteness-optimal moves marked."""
    return Moves(session().run(_opt(["move", _game(game), _pos(pos)], misere=misere))["result"][0])


def outcome(game, pos, misere=False):
    """"P" or "N" (or "" when no method establishes it)."""
    v = value(game, pos)
    return v.outcome_misere if misere else v.outcome


def table(game, max, piles, kinds=None, as_=None):
    """Every position of the box with G, G⁻, R and R⁻, in `grundy table`'s
    order: a pandas DataFrame (columns x1…xn, G, Gm, R, Rm), or a numpy
    array when pandas is missing (as_="numpy"), or a header and rows of
    ints (as_="rows") with neither."""
    text = session().run(_opt(["table", _game(game)], max=max, piles=piles, kinds=kinds), format="csv")["text"]
    rows = list(csv.reader(io.StringIO(text)))
    header, body = rows[0], [[as_int(x) for x in row] for row in rows[1:]]
    kind = as_ or _frame_kind()
    if kind == "pandas":
        import pandas
        return pandas.DataFrame(body, columns=header)
    if kind == "numpy":
        import numpy
        try:
            return numpy.array(body, dtype=numpy.int64).reshape(len(body), len(header))
        except OverflowError:
            return numpy.array(body, dtype=object).reshape(len(body), len(header))
    return header, body


def _frame_kind():
    try:
        import pandas  # noqa: F401
        return "pandas"
    except ImportError:
        pass
    try:
        import numpy  # noqa: F401
        return "numpy"
    except ImportError:
        return "rows"


def ppos(game, max, misere=False, amax=None):
    """The P-positions (a_n, b_n) of a two-pile ruleset in the box [0, max]²."""
    return PPositions(session().run(_opt(["ppos", _game(game)], max=max, misere=misere, amax=amax))["result"][0])


def sequence(code, max):
    """G(0..max) of a take-and-break game (octal code, lasker, grundy)."""
    return Sequence(session().run(["sequence", str(code), "--max", str(max)])["result"][0])


def _claims_args(claims):
    """A claim file for claim text (one claim a line), or claim IDs."""
    if isinstance(claims, str) and ("[" in claims or "\n" in claims):
        return [_file(claims.strip() + "\n", ".claims")]
    if isinstance(claims, str):
        return [_abs(claims)]
    return [_abs(str(c)) for c in claims]


def check(claims, max=None):
    """Checks claim text ("P[nim, 2 piles] iff x1 == x2", one a line) or the
    papers' claim IDs against exhaustive computation: Claims, each with its
    verdict, smallest counterexamples and trust."""
    r = session().run(_opt(["check", *_claims_args(claims)], max=max))
    return Claims([Claim(c) for c in r["result"]])


def prove(claims, timeout=None, solver=None):
    """Proves claim text (or claim IDs) for every position: SMT or
    automata; each result with its status and trust."""
    r = session().run(_opt(["prove", *_claims_args(claims)], timeout=timeout, solver=solver))
    return [Proof(p) for p in r["result"]]


def _papers(papers):
    """Paper numbers ("002"), claim IDs, or claim text."""
    if papers is None:
        return []
    return _claims_args(papers)


def findings(papers=None, max=None):
    """Every error of the papers (or of those named: "002", or a claim
    file's path) that exhaustive computation exposes; the whole audit
    takes minutes."""
    r = session().run(_opt(["findings", *_papers(papers)], max=max))
    return Findings([Finding(f) for f in r["result"]])


def discover(game, piles, max, what="P", prove=True, budget=None, validate=None, corrects=None):
    """A formula for the P-positions (or G, Pm, Gm) of game fitted on the
    box, validated on a larger one, and proved (prove=False: fitted and
    validated only). Its claims() are the parts as claim text (labelled as
    corrections of the claim corrects, if given) to check or prove."""
    args = _opt(["discover", _game(game)], piles=piles, max=max, what=what, no_prove=not prove,
                budget=budget, validate=validate)
    claims = _opt(list(args), corrects=corrects)
    return Discovery(session().run(args)["result"][0],
                     lambda: session().run(claims, format="claims")["text"])


def plot(game, max, what="sg", slice=None, misere=False, overlay=None, format="svg", size=None):
    """The heatmap grundy plot draws, as a Picture (SVG shown inline in a
    notebook; .save(path) writes it)."""
    out = os.path.join(_dir(), f"plot-{threading.get_ident()}-{os.getpid()}.{format}")
    session().run(_opt(["plot", _game(game)], max=max, what=what, slice=slice, misere=misere,
                       overlay=overlay, size=size, output=out))
    with open(out, "rb") as f:
        data = f.read()
    os.remove(out)
    return Picture(data, format)


def bfile(kind, game, **kw):
    """An OEIS b-file (`n a(n)` lines) of a sequence grundy computes, as
    `grundy bfile KIND GAME` writes it: kind "ppos" (column="a" or "b",
    max=B), "sequence" (max=N) or "line" (start=POS, step=D, count=N,
    what="G")."""
    args = ["bfile", kind, _game(game)]
    if "start" in kw:
        args.append(_pos(kw.pop("start")))
    if "step" in kw:
        kw["step"] = _pos(kw["step"])
    return Text(session().run(_opt(args, **kw))["text"], "text/plain")


def bibtex(papers=None, max=None):
    """BibTeX of each finding (of the papers named, or all) and of the
    papers they correct, as `grundy findings --format bibtex` writes it."""
    return Text(session().run(_opt(["findings", *_papers(papers)], max=max), format="bibtex")["text"], "text/plain")


def citation():
    """grundy's CITATION.cff (how to cite grundy itself), from the checkout."""
    from ._binary import _source
    root = _source()
    if not root:
        raise GrundyError("grundy: CITATION.cff: no checkout to read it from", "failure", 1)
    with open(os.path.join(root, "CITATION.cff")) as f:
        return Text(f.read(), "text/plain")


def automata(claim, game=None, piles=None):
    """The proved automata of a claim (an automata-proved record of the
    papers' claims, as `grundy certify ID` writes them), one per game and
    pile count (or those of game, piles): a list of Automaton, each with
    .dot and .tikz as `grundy draw` writes them, drawn inline in a
    notebook when Graphviz is installed."""
    out = tempfile.mkdtemp(prefix="certs-", dir=_dir())
    session().run(["certify", str(claim), "--dir", out])
    found = []
    for name in sorted(os.listdir(out)):
        cert = os.path.join(out, name)
        if not os.path.isfile(os.path.join(cert, "certificate.json")):
            continue
        import json
        with open(os.path.join(cert, "certificate.json")) as f:
            m = json.load(f)
        if (game is not None and m.get("game") != _game(game)) or (piles is not None and m.get("piles") != piles):
            continue
        dot = session().run(["draw", cert], format="dot")["text"]
        tikz = session().run(["draw", cert], format="tikz")["text"]
        found.append(Automaton(m, dot, tikz))
    return found
