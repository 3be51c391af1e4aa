// Package flow runs the tier-by-tier solve of a box as a Temporal
// workflow: a loop over tiers that fans out one activity per shard, waits
// for all of them (the barrier), then seals the tier (manifest and digest)
// in the object store, and continues as new every few tiers so that its
// history stays small. Activities pass store keys, never table bytes, and
// heartbeat while they run, so that a worker that dies is noticed within
// the heartbeat timeout and its shard retried elsewhere; a retried shard
// writes a new object, and only the manifest commits one per shard.
//
// A heartbeat carries a Beat (the worker, the attempt, and in a run of
// small tiers the last tier sealed), from which a coordinator names the
// worker of a failed attempt and shows progress inside one activity. An
// activity fails with an error type a caller can test: what retrying
// cannot fix (a store's cluster.Fault other than an outage or a stall:
// StoreDenied, StoreNoBucket, StoreTLS, StoreChunked; Corrupt; BadJob)
// is not retried, and fails the workflow at once.
package flow
