// Package catalog is grundy's registry of the literature: every claim of
// the papers in shared/papers, listed explicitly paper by paper, with the
// committed proof ledger, built once and frozen.
package catalog
