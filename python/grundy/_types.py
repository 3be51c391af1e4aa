"""The answers: plain objects over the CLI's JSON, each with its trust, and
rich display for notebooks (_repr_html_, _repr_markdown_, _repr_svg_)."""

import base64
import html


def as_int(v):
    """An integer of the protocol: a JSON number, or a string beyond 2^53."""
    if isinstance(v, str):
        try:
            return int(v)
        except ValueError:
            return v
    return v


def _e(s):
    return html.escape(str(s))


class _Dict:
    """An answer over its JSON object: fields as attributes, raw as .json."""

    def __init__(self, d):
        self.json = d

    def __getattr__(self, name):
        try:
            return self.__dict__["json"][name]
        except KeyError:
            raise AttributeError(name) from None

    def __getitem__(self, k):
        return self.json[k]

    def __eq__(self, other):
        return type(other) is type(self) and other.json == self.json


class Trust(_Dict):
    """Why an answer can be believed: kind (computed, classical,
    paper-proof, smt-proved, automata-proved, checked, refuted), the claims
    it rests on, their scope and a detail (docs/trust.md)."""

    def __str__(self):
        s = self.json.get("kind", "")
        if self.json.get("claims"):
            s += " " + ", ".join(self.json["claims"])
        if self.json.get("detail"):
            s += f" ({self.json['detail']})"
        return s

    def __repr__(self):
        return f"Trust({str(self)!r})"

    @property
    def claims(self):
        return self.json.get("claims", [])

    @property
    def detail(self):
        return self.json.get("detail", "")

    @property
    def scope(self):
        return self.json.get("scope", "")


class Value(_Dict):
    """G, G⁻, R, R⁻ (ints, or None when the method does not establish
    them), outcomes, the method and its trust."""

    def __init__(self, d):
        super().__init__(d)
        for k in ("G", "Gm", "R", "Rm"):
            setattr(self, k, as_int(d.get(k)))
        self.trust = Trust(d.get("trust", {}))
        self.sources = {k: Trust(v) for k, v in (d.get("sources") or {}).items()}

    def __repr__(self):
        return (f"Value({self.game} at {self.pos}: G={self.G}, G⁻={self.Gm}, R={self.R}, R⁻={self.Rm}, "
                f"{self.outcome or '?'}/{self.outcome_misere or '?'}; {self.method}; {self.trust})")

    def _rows(self):
        def q(v):
            return "—" if v is None else v
        rows = [("game", self.game), ("position", self.pos), ("G", q(self.G)), ("G⁻", q(self.Gm)),
                ("R", q(self.R)), ("R⁻", q(self.Rm)),
                ("outcome", f"{self.outcome or '?'} (normal), {self.outcome_misere or '?'} (misère)"),
                ("method", self.method), ("trust", self.trust)]
        rows += [(f"trust of {k}", t) for k, t in self.sources.items()]
        return rows

    def _repr_html_(self):
        body = "".join(f"<tr><th style='text-align:left'>{_e(k)}</th><td style='text-align:left'>{_e(v)}</td></tr>"
                       for k, v in self._rows())
        return f"<table class='grundy-value'>{body}</table>"

    def _repr_markdown_(self):
        return "| | |\n|---|---|\n" + "".join(f"| {k} | {v} |\n" for k, v in self._rows())


class Moves(Value):
    """A position's value with every move: .moves is a list of dicts (to,
    G, Gm, R, Rm, outcome, winning, optimal)."""

    def __init__(self, d):
        super().__init__(d)
        self.moves = d.get("moves", [])

    def __iter__(self):
        return iter(self.moves)

    def __len__(self):
        return len(self.moves)

    def _repr_html_(self):
        head = "<tr><th>to</th><th>G</th><th>G⁻</th><th>R</th><th>R⁻</th><th>outcome</th><th></th></tr>"
        rows = "".join(
            f"<tr><td>{_e(m['to'])}</td><td>{_e(m.get('G'))}</td><td>{_e(m.get('Gm'))}</td><td>{_e(m.get('R'))}</td>"
            f"<td>{_e(m.get('Rm'))}</td><td>{_e(m.get('outcome'))}</td>"
            f"<td>{'W' if m.get('winning') else ''}{'*' if m.get('optimal') else ''}</td></tr>" for m in self.moves)
        return super()._repr_html_() + f"<table class='grundy-moves'>{head}{rows}</table>"


def _counterexample(c):
    if not c:
        return ""
    return f"({c.get('pos', '')}) of {c.get('game', '')}: claims {c.get('claimed', '')}, is {c.get('computed', '')}"


class Claim(_Dict):
    """One claim checked: status pass or fail, the boxes and positions
    checked, the kinds of failure with their smallest counterexamples, and
    its trust."""

    @property
    def passed(self):
        return self.json.get("status") == "pass"

    @property
    def trust(self):
        return [Trust(t) for t in self.json.get("trust", [])]

    @property
    def smallest(self):
        """The smallest counterexample (a dict with game, pos, claimed,
        computed), or None."""
        cs = self.json.get("counterexamples") or []
        return cs[0] if cs else None

    def __repr__(self):
        s = f"{'PASS' if self.passed else 'FAIL'} {self.id}: {self.statement}"
        if self.smallest:
            s += "; smallest counterexample " + _counterexample(self.smallest)
        return s

    def _repr_html_(self):
        color = "#1a7f37" if self.passed else "#cf222e"
        parts = [f"<b style='color:{color}'>{'PASS' if self.passed else 'FAIL'}</b> <code>{_e(self.id)}</code> ({_e(self.json.get('role', ''))})",
                 f"<div>{_e(self.statement)}</div>"]
        for inst in self.json.get("instances", []):
            parts.append(f"<div>box {_e(inst['box'])}: {inst['checked']} positions checked"
                         + (f", {inst['failed']} fail" if inst.get("failed") else "") + "</div>")
        for f in self.json.get("failures", []):
            parts.append(f"<div>{_e(f['kind'])}: {f['count']} positions, smallest {_e(_counterexample(f.get('smallest')))}</div>")
        for t in self.trust:
            parts.append(f"<div>trust: {_e(t)}</div>")
        return "<div class='grundy-claim'>" + "".join(parts) + "</div>"

    def _repr_markdown_(self):
        s = f"**{'PASS' if self.passed else 'FAIL'}** `{self.id}`: {self.statement}"
        if self.smallest:
            s += f" — smallest counterexample {_counterexample(self.smallest)}"
        return s + "".join(f"\n- trust: {t}" for t in self.trust)


class Claims(list):
    """The claims a check answered, in order."""

    @property
    def passed(self):
        return all(c.passed for c in self)

    def _repr_html_(self):
        return "".join(c._repr_html_() for c in self)

    def _repr_markdown_(self):
        return "\n\n".join(c._repr_markdown_() for c in self)


class Proof(_Dict):
    """A claim proved (or refuted, or unknown) for every position: status,
    solver, counterexample, obligations."""

    @property
    def proved(self):
        return self.json.get("status") == "proved"

    def __repr__(self):
        s = f"{self.json.get('status')} {self.json.get('id')}"
        if self.json.get("solver"):
            s += f" ({self.json['solver']})"
        if self.json.get("counterexample"):
            s += f"; counterexample ({self.json['counterexample'].get('pos')})"
        return s

    def _repr_markdown_(self):
        return f"**{self.json.get('status')}** `{self.json.get('id')}`" + (
            f" by {self.json['solver']}" if self.json.get("solver") else "") + (
            f"; counterexample ({self.json['counterexample'].get('pos')})" if self.json.get("counterexample") else "")


class Finding(_Dict):
    """A printed claim of a paper that exhaustive computation refutes."""

    def __repr__(self):
        return f"Finding({self.claim}: {self.verdict})"

    def _repr_html_(self):
        corr = "".join(f"<li><code>{_e(c.get('id', ''))}</code>: {_e(c.get('statement', ''))}</li>"
                       for c in self.json.get("corrections") or [])
        return (f"<div class='grundy-finding'><b>{_e(self.claim)}</b> ({_e(self.ref)})<div>{_e(self.statement)}</div>"
                f"<div>smallest counterexample {_e(_counterexample(self.smallest))}</div>"
                f"<div>{_e(self.verdict)}</div>" + (f"<ul>{corr}</ul>" if corr else "") + "</div>")

    def _repr_markdown_(self):
        return f"**{self.claim}** ({self.ref}): {self.verdict}"


class Findings(list):
    def _repr_html_(self):
        return "".join(f._repr_html_() for f in self)


class Discovery(_Dict):
    """What discover found: status and its parts, each a formula (SMT,
    math, LaTeX) with its status (proved, checked, refuted)."""

    def __init__(self, d, claims=None):
        super().__init__(d)
        self._claims = claims
        self._text = None

    def claims(self):
        """The parts as claim text, as discover --format claims writes
        them (discover runs again: its answer is the same)."""
        if self._text is None and self._claims is not None:
            self._text = Text(self._claims())
        return self._text

    @property
    def parts(self):
        return self.json.get("parts", [])

    def __repr__(self):
        return f"Discovery({self.game}, {self.what}: {self.status}; " + "; ".join(p.get("math", "") for p in self.parts) + ")"

    def _repr_markdown_(self):
        s = f"**{self.json.get('status')}**: {self.json.get('what')} of {self.json.get('game')}, {self.json.get('piles')} piles, fitted on piles ≤ {self.json.get('max')}, validated on ≤ {self.json.get('validate_max')}\n"
        for p in self.parts:
            s += f"\n- {p.get('status')}: ${p.get('latex', '')}$"
            if p.get("note"):
                s += f" — {p['note']}"
        return s


class PPositions(_Dict):
    """The P-positions (a_n, b_n) of a two-pile box: .pairs."""

    @property
    def pairs(self):
        return [tuple(p) for p in self.json.get("pairs", [])]

    def __repr__(self):
        return f"PPositions({self.game}, {len(self.pairs)} pairs: {self.pairs[:6]}…)"


class Sequence(_Dict):
    """G(0..N) of a take-and-break game: .G."""

    def __init__(self, d):
        super().__init__(d)
        self.G = [as_int(g) for g in d.get("G", [])]

    def __repr__(self):
        return f"Sequence({self.json.get('Game', {}).get('Name')}: {self.G[:20]}…)"


class Picture:
    """A picture grundy drew (SVG, PNG or PDF bytes)."""

    def __init__(self, data, format):
        self.data, self.format = data, format

    def save(self, path):
        with open(path, "wb") as f:
            f.write(self.data)

    def _repr_svg_(self):
        return self.data.decode() if self.format == "svg" else None

    def _repr_png_(self):
        return self.data if self.format == "png" else None

    def _repr_html_(self):
        if self.format == "png":
            return f"<img src='data:image/png;base64,{base64.b64encode(self.data).decode()}'/>"
        return None


class Text(str):
    """Text grundy wrote (a b-file, BibTeX): a str, shown verbatim, with
    save(path)."""

    def __new__(cls, s, mime="text/plain"):
        t = super().__new__(cls, s)
        t.mime = mime
        return t

    def save(self, path):
        with open(path, "w") as f:
            f.write(self)

    def _repr_markdown_(self):
        return "```\n" + self + "```"


class Automaton:
    """A proved automaton: its certificate's manifest (.json: id, game,
    piles, quantity, statement, system), Graphviz .dot and TikZ .tikz."""

    def __init__(self, manifest, dot, tikz):
        self.json, self.dot, self.tikz = manifest, Text(dot), Text(tikz)

    def __repr__(self):
        return f"Automaton({self.json.get('id')} on {self.json.get('game')}, {self.json.get('piles')} piles, {self.json.get('system')})"

    def svg(self):
        """The drawing as SVG by Graphviz's dot, or None without it."""
        import shutil
        import subprocess
        dot = shutil.which("dot")
        if dot is None:
            return None
        r = subprocess.run([dot, "-Tsvg"], input=self.dot, capture_output=True, text=True)
        return r.stdout if r.returncode == 0 else None

    def _repr_svg_(self):
        return self.svg()

    def _repr_markdown_(self):
        return f"{self.json.get('id')} on {self.json.get('game')}, {self.json.get('piles')} piles:\n\n```dot\n{self.dot}```"
