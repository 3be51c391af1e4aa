// Package cluster keeps the tiers of a box solved by many processes in
// object storage (gocloud.dev/blob: file:// by default, s3:// for any
// S3-compatible store), one object per (tier, shard), and caches the tiers
// a worker reads on its local disk.
//
// Layout under the store's URL (with its optional prefix= parameter):
//
//	job.json                            the box (Job)
//	tiers/000012/shard-000003.TOKEN.bin a shard's records, one object per attempt
//	tiers/000012/manifest.json          the sealed tier (Manifest)
//	result.json                         the finished table (Result)
//
// A shard is written under a key unique to the attempt that computed it,
// and only the tier's manifest, written once every shard is done, commits
// one key per shard: a retried or duplicated attempt leaves at most an
// uncommitted object, which sealing and finishing delete. A tier without a
// manifest does not exist for readers. Every object's SHA-256 is in the
// manifest, and the tier's digest (the SHA-256 of its shards' bytes in
// order) is the one solve.Checksum hashes, so the table's checksum is the
// one a local `grundy solve` or `grundy count` of the box gives.
package cluster
