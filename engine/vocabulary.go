package engine

import (
	"github.com/grundy/grundy/theory"
	"github.com/grundy/grundy/theory/catalog"
)

// Registry is the frozen registry of every claim of the papers, with the
// committed proof ledgers.
func Registry() *theory.Registry { return catalog.Registry() }
