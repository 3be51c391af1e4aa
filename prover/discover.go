package prover

import (
	"context"
	"time"

	"github.com/grundy/grundy"
	"github.com/grundy/grundy/engine"
	"github.com/grundy/grundy/proof/search"
	"github.com/grundy/grundy/theory/discovered"
)

// Discover finds closed forms for r's P-positions or values from a box,
// checks them on a larger box and proves them (search.Discover). A box
// whose tables need more than engine's memory policy allows
// (engine.BoxMemory, unless opt.MemoryLimit says otherwise) is refused
// with its estimate before anything is allocated.
func Discover(ctx context.Context, r grundy.Ruleset, opt search.Options) (*search.Result, error) {
	if opt.MemoryLimit == 0 {
		opt.MemoryLimit = engine.BoxMemory()
	}
	return search.Discover(ctx, r, opt)
}

// RecordDiscovery merges the parts of d that hold in its boxes (proved or
// checked) into the ledger of discoveries at path, dated date, written
// atomically.
func RecordDiscovery(path string, d *search.Result, date time.Time) error {
	l, err := discovered.ReadLedger(path)
	if err != nil {
		return err
	}
	l.Merge(d.Entries(date))
	return discovered.WriteLedger(path, l)
}
