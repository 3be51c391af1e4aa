// Package store keeps solved boxes on disk: a directory with a header
// (header.json) and one file of packed values per tier (tier-NNNNNN.bin),
// written tier by tier so that an interrupted solve loses at most the tier
// in progress and can resume from the last complete one.
//
// A tier file holds the tier's records exactly as solve.Tier.Bytes gives
// them (positions in tier order, the selected values in the order G, G⁻,
// R, R⁻, little-endian, 2 or 4 bytes each). Once all tiers are written the
// header lists, for every tier, its position count and the SHA-256 of its
// file, and the table's checksum (solve.Checksum), which is computed from
// those digests.
//
// Each tier file is written to a temporary name, synced and renamed; then
// a line describing it is appended to the journal tiers.jsonl and synced.
// While a table is incomplete, its complete tiers are those the journal
// lists in order (a line cut short by a kill is ignored, and cut off when
// the solve resumes); a tier file not listed is never trusted. Rewriting
// the header after every tier instead would cost time quadratic in the
// number of tiers.
package store
