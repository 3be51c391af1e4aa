// Package web serves grundy's browser interface: an embedded static page
// (plain files, no build step) and a JSON API over package engine (the
// answers of the CLI's --json, with values as decimal strings so that
// JavaScript never rounds them) and package plot (heatmaps).
//
// Every request is bounded in size and time, and estimated before it
// runs: cheap ones take a lane of their own, so they never wait behind
// slow ones, and no computation keeps its slot past its time limit. The
// client going away cancels the work; a search past its time limit gives
// way to grundy's registered theorems.
package web
