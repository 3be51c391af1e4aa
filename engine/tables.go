package engine

import (
	"context"

	"github.com/grundy/grundy"
	"github.com/grundy/grundy/store"
)

// Tables on disk, written tier by tier by the box solver (package store):
// what a front end plans, writes, reads the header of and verifies goes
// through here.

// A TablePlan is what writing a box's table will take, in memory and on
// disk (store.Plan); a TableHeader describes a table written
// (store.Header); a TableReport is what VerifyTable found (store.Report);
// TableOptions tune WriteTable (store.SolveOptions). A DamagedTierError
// names the tier a resumed table cannot read.
type (
	TablePlan        = store.Plan
	TableHeader      = store.Header
	TableReport      = store.Report
	TableOptions     = store.SolveOptions
	DamagedTierError = store.DamagedTierError
)

// The errors of stored tables: a directory that already holds one, one
// another writer holds, none there, a damaged one, one not finished.
var (
	ErrTableExists     = store.ErrExists
	ErrTableLocked     = store.ErrLocked
	ErrNoTable         = store.ErrNoTable
	ErrTableCorrupt    = store.ErrCorrupt
	ErrTableIncomplete = store.ErrIncomplete
)

// PlanTable estimates writing the table of the box of piles ≤ max of r
// holding kinds.
func PlanTable(ctx context.Context, r grundy.Ruleset, piles, max int, kinds Kinds) (TablePlan, error) {
	return store.Estimate(ctx, r, piles, max, kinds)
}

// FreeDisk is the space free for a table at dir.
func FreeDisk(dir string) (uint64, error) { return store.FreeDisk(dir) }

// WriteTable solves the box tier by tier into dir, resumable.
func WriteTable(ctx context.Context, r grundy.Ruleset, piles, max int, dir string, opt TableOptions) (*TableHeader, error) {
	return store.Solve(ctx, r, piles, max, dir, opt)
}

// ReadTableHeader reads the header of the table in dir.
func ReadTableHeader(dir string) (*TableHeader, error) { return store.ReadHeader(dir) }

// VerifyTable re-checks the table's files against its header's digests
// and checksum.
func VerifyTable(ctx context.Context, dir string, progress func(done, total uint64)) (TableReport, error) {
	return store.Verify(ctx, dir, progress)
}
