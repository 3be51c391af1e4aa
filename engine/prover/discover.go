package prover

import (
	"context"
	"time"

	"github.com/grundy/grundy"
	"github.com/grundy/grundy/discover"
	"github.com/grundy/grundy/discoveries"
	"github.com/grundy/grundy/engine"
)

// DiscoverOptions say what to discover and how hard to try
// (discover.Options).
type DiscoverOptions = discover.Options

// A Discovery is what Discover found (discover.Result).
type Discovery = discover.Result

// A Period is an eventually periodic one-pile sequence a Discovery found
// (discover.Period).
type Period = discover.Period

// Discover finds closed forms for r's P-positions or values from a box,
// checks them on a larger box and proves them (discover.Discover). A box
// whose tables need more than engine's memory policy allows
// (engine.BoxMemory, unless opt.MemoryLimit says otherwise) is refused
// with its estimate before anything is allocated.
func Discover(ctx context.Context, r grundy.Ruleset, opt DiscoverOptions) (*Discovery, error) {
	if opt.MemoryLimit == 0 {
		opt.MemoryLimit = engine.BoxMemory()
	}
	return discover.Discover(ctx, r, opt)
}

// RecordDiscovery merges the parts of d that hold in its boxes (proved or
// checked) into the ledger of discoveries at path, dated date, written
// atomically.
func RecordDiscovery(path string, d *Discovery, date time.Time) error {
	l, err := discoveries.ReadLedger(path)
	if err != nil {
		return err
	}
	l.Merge(d.Entries(date))
	return discoveries.WriteLedger(path, l)
}
