package engine

import (
	"github.com/grundy/grundy/catalog"
	"github.com/grundy/grundy/theory"
)

// Registry is the frozen registry of every claim of the papers, with the
// committed proof ledgers.
func Registry() *theory.Registry { return catalog.Registry() }
