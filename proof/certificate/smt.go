package certificate

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"time"

	"github.com/grundy/grundy/games"
	"github.com/grundy/grundy/proof/smt"
	"github.com/grundy/grundy/theory"
)

// An SMTManifest describes an SMT certificate (smt.json): the problems
// whose unsatisfiability proves the record, as the prover sent them.
type SMTManifest struct {
	ID       string   `json:"id"`
	Game     string   `json:"game"`
	Piles    int      `json:"piles"`
	Formula  string   `json:"formula"`
	Moves    string   `json:"moves"` // the move encoding's digest, as in the record
	Via      []string `json:"via,omitempty"`
	Problems []string `json:"problems"` // .smt2 files, each unsat
	Solver   string   `json:"solver"`   // who answered unsat now
}

// SMT writes the certificate of an SMT record into dir/NAME: the SMT-LIB
// problems of its obligations (every one that was sent, residue pieces
// included), written by proving the record again with solvers; refs are
// the claims a derived record rests on. The record must prove again, or
// nothing is kept.
func SMT(ctx context.Context, dir string, c *theory.Claim, refs []*theory.Claim, rec theory.Record, solvers smt.Portfolio, timeout time.Duration) (string, error) {
	r, err := games.Parse(rec.Game)
	if err != nil {
		return "", err
	}
	root := filepath.Join(dir, Name(rec.ID, rec.Game, rec.Piles))
	tmp := root + ".partial"
	os.RemoveAll(tmp)
	in, opt := smt.Instance{Ruleset: r, Piles: rec.Piles}, smt.Options{Solvers: solvers, Timeout: timeout, EmitDir: tmp}
	var res smt.Result
	if len(refs) == 0 {
		res, err = smt.Prove(ctx, c, in, opt)
	} else {
		res, err = smt.ProveFrom(ctx, c, in, refs, opt)
	}
	if err != nil {
		os.RemoveAll(tmp)
		return "", err
	}
	if res.Status != smt.Proved {
		os.RemoveAll(tmp)
		return "", fmt.Errorf("%s on %s, %d piles: %s now (%s), not proved", rec.ID, rec.Game, rec.Piles, res.Status, res.Reason)
	}
	if res.Moves != rec.Moves {
		os.RemoveAll(tmp)
		return "", fmt.Errorf("%s on %s, %d piles: the move encoding changed since the record (digest %.12s…, record %.12s…)", rec.ID, rec.Game, rec.Piles, res.Moves, rec.Moves)
	}
	files, err := filepath.Glob(filepath.Join(tmp, "*.smt2"))
	if err != nil {
		return "", err
	}
	m := SMTManifest{ID: rec.ID, Game: rec.Game, Piles: rec.Piles, Formula: rec.Formula, Moves: rec.Moves, Via: rec.Via, Solver: res.Solver}
	for _, f := range files {
		m.Problems = append(m.Problems, filepath.Base(f))
	}
	sort.Strings(m.Problems)
	raw, err := json.MarshalIndent(m, "", " ")
	if err != nil {
		return "", err
	}
	if err := os.WriteFile(filepath.Join(tmp, "smt.json"), append(raw, '\n'), 0o644); err != nil {
		return "", err
	}
	os.RemoveAll(root)
	if err := os.Rename(tmp, root); err != nil {
		return "", err
	}
	return root, nil
}
