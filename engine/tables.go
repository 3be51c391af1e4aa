package engine

import (
	"context"

	"github.com/grundy/grundy"
	"github.com/grundy/grundy/store"
)

// Tables on disk, written tier by tier by the box solver (package store):
// what a front end plans, writes, reads the header of and verifies goes
// through here.

// PlanTable estimates writing the table of the box of piles ≤ max of r
// holding kinds.
func PlanTable(ctx context.Context, r grundy.Ruleset, piles, max int, kinds grundy.Kinds) (store.Plan, error) {
	return store.Estimate(ctx, r, piles, max, kinds)
}

// FreeDisk is the space free for a table at dir.
func FreeDisk(dir string) (uint64, error) { return store.FreeDisk(dir) }

// WriteTable solves the box tier by tier into dir, resumable.
func WriteTable(ctx context.Context, r grundy.Ruleset, piles, max int, dir string, opt store.SolveOptions) (*store.Header, error) {
	return store.Solve(ctx, r, piles, max, dir, opt)
}

// ReadTableHeader reads the header of the table in dir.
func ReadTableHeader(dir string) (*store.Header, error) { return store.ReadHeader(dir) }

// VerifyTable re-checks the table's files against its header's digests
// and checksum.
func VerifyTable(ctx context.Context, dir string, progress func(done, total uint64)) (store.Report, error) {
	return store.Verify(ctx, dir, progress)
}
