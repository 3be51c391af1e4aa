// Package flow runs the tier-by-tier solve of a box as a Temporal
// workflow: a loop over tiers that fans out one activity per shard, waits
// for all of them (the barrier), then seals the tier (manifest and digest)
// in the object store, and continues as new every few tiers so that its
// history stays small. Activities pass store keys, never table bytes, and
// heartbeat while they run, so that a worker that dies is noticed within
// the heartbeat timeout and its shard retried elsewhere; a retried shard
// writes a new object, and only the manifest commits one per shard.
package flow
