package cluster

import (
	"bytes"
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/url"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"gocloud.dev/blob"
	_ "gocloud.dev/blob/fileblob" // file://
	_ "gocloud.dev/blob/s3blob"   // s3://
	"gocloud.dev/gcerrors"

	"github.com/grundy/grundy"
	"github.com/grundy/grundy/games"
	"github.com/grundy/grundy/solve"
)

// Format and Version identify the objects of a job.
const (
	Format  = "grundy-cluster"
	Version = 1
)

// A Job is a box to solve in a store.
type Job struct {
	Format  string `json:"format"`
	Version int    `json:"version"`
	Game    string `json:"game"`
	Piles   int    `json:"piles"`
	Max     int    `json:"max"`
	Kinds   string `json:"kinds"` // e.g. "G,Gm"
	// ShardPositions is the most positions one shard holds.
	ShardPositions uint64 `json:"shard_positions"`
}

// NewJob describes the box; kinds zero means G and G⁻.
func NewJob(game string, piles, max int, kinds grundy.Kinds, shardPositions uint64) Job {
	if kinds == 0 {
		kinds = grundy.KindG | grundy.KindGm
	}
	return Job{Format: Format, Version: Version, Game: game, Piles: piles, Max: max, Kinds: kinds.String(), ShardPositions: max64(shardPositions, 1)}
}

func max64(a, b uint64) uint64 { return max(a, b) }

// A Plan is what a job's workers and coordinator need to know of its box.
type Plan struct {
	Job     Job
	Ruleset grundy.Ruleset
	Kinds   grundy.Kinds
	Solver  *solve.ShardSolver
}

// NewPlan checks a job's box.
func NewPlan(j Job) (*Plan, error) {
	if j.Format == Format && j.Version != Version {
		return nil, fmt.Errorf("%w: the job is %q version %d, this program reads version %d: use the grundy-worker that wrote it", ErrVersion, j.Format, j.Version, Version)
	}
	if j.Format != Format {
		return nil, fmt.Errorf("job format %q version %d, want %q version %d", j.Format, j.Version, Format, Version)
	}
	r, err := games.Parse(j.Game)
	if err != nil {
		return nil, err
	}
	kinds, err := grundy.ParseKinds(j.Kinds)
	if err != nil {
		return nil, err
	}
	if j.ShardPositions < 1 {
		return nil, errors.New("job: shard_positions must be positive")
	}
	ss, err := solve.NewShardSolver(r, j.Piles, j.Max, kinds)
	if err != nil {
		return nil, err
	}
	// The job names the game canonically, as checksums and headers do.
	j.Game = r.Name()
	p := &Plan{Job: j, Ruleset: r, Kinds: kinds, Solver: ss}
	if n := p.MostShards(); n > MaxShardsPerTier {
		return nil, fmt.Errorf("%d positions per shard make %d shards of the largest tier, more than %d (the seal's input must stay under Temporal's 2 MB payload limit); raise the positions per shard",
			j.ShardPositions, n, MaxShardsPerTier)
	}
	return p, nil
}

// MaxShardsPerTier bounds a tier's shards: sealing passes one reference
// per shard (a few hundred bytes) in one activity input.
const MaxShardsPerTier = 4000

// MostShards is the number of shards of the largest tier.
func (p *Plan) MostShards() int {
	var most uint64
	for s := range p.Tiers() {
		most = max(most, p.Solver.Index.TierSize(s))
	}
	return int((most + p.Job.ShardPositions - 1) / p.Job.ShardPositions)
}

// counting reports whether the job holds G and G⁻, which counts need.
func (p *Plan) counting() bool {
	return p.Kinds&(grundy.KindG|grundy.KindGm) == grundy.KindG|grundy.KindGm
}

// Tiers is the number of tiers of the box.
func (p *Plan) Tiers() int { return p.Solver.Index.Tiers() }

// Shards is the deterministic split of tier s.
func (p *Plan) Shards(s int) []solve.Shard {
	return solve.Shards(s, p.Solver.Index.TierSize(s), p.Job.ShardPositions)
}

// A ShardRef names a shard's object.
type ShardRef struct {
	Lo  uint64 `json:"lo"`
	Hi  uint64 `json:"hi"`
	Key string `json:"key"`
	// Bytes and SHA256 are the size and digest of the shard's records.
	Bytes  int64  `json:"bytes"`
	SHA256 string `json:"sha256"`
	// Encoding is how the object stores the records, and Width the bytes
	// of a value in them; Stored is the object's size.
	Encoding Encoding `json:"encoding,omitempty"`
	Width    int      `json:"width,omitempty"`
	Stored   int64    `json:"stored_bytes,omitempty"`
	// Stats counts the shard's values when the job holds G and G⁻.
	Stats *solve.Stats `json:"stats,omitempty"`
}

// A Manifest seals a tier: its shards' objects in order and its digest.
type Manifest struct {
	Sum       int        `json:"sum"`
	Positions uint64     `json:"positions"`
	SHA256    string     `json:"sha256"`
	Shards    []ShardRef `json:"shards"`
	// Stats sums the shards' when the job holds G and G⁻.
	Stats *solve.Stats `json:"stats,omitempty"`
}

// Bytes is the size of the tier's records.
func (m *Manifest) Bytes() int64 {
	var n int64
	for _, r := range m.Shards {
		n += r.Bytes
	}
	return n
}

// StoredBytes is the size of the tier's objects, what reading it moves.
func (m *Manifest) StoredBytes() int64 {
	var n int64
	for _, r := range m.Shards {
		n += r.StoredBytes()
	}
	return n
}

// StoredBytes is the size of the shard's object.
func (r ShardRef) StoredBytes() int64 {
	if r.Encoding == Raw {
		return r.Bytes
	}
	return r.Stored
}

// A Result is a finished table: its checksum and counts.
type Result struct {
	Job       Job      `json:"job"`
	Positions uint64   `json:"positions"`
	Checksum  string   `json:"checksum"`
	P         uint64   `json:"P"`
	Pm        uint64   `json:"Pm"`
	GHist     []uint64 `json:"G_hist"`
	GmHist    []uint64 `json:"Gm_hist"`
	Bytes     int64    `json:"bytes"`        // of tier records
	Stored    int64    `json:"stored_bytes"` // of their objects
	// Reread is how many tiers, from tier 0 on, finishing read back and
	// checked against their manifests because they were sealed before
	// the run that finished (a resubmitted job); the run checked the
	// others as it sealed them.
	Reread int `json:"reread_tiers"`
}

// ErrNotSealed is wrapped by errors about a tier without a manifest.
var ErrNotSealed = errors.New("tier not sealed")

// ErrVersion is wrapped by the error for a job of another version of
// the store's format (written by another grundy-worker): retrying cannot
// help, and the store is not damaged.
var ErrVersion = errors.New("store format version mismatch")

// ErrOtherJob is wrapped by the error for a store that holds another job.
var ErrOtherJob = errors.New("store holds another job")

// errNoResult is wrapped by the error for a store without result.json.
var errNoResult = errors.New("no finished table in store")

// ErrCorrupt is wrapped by errors about objects that do not match their
// manifest.
var ErrCorrupt = errors.New("stored shard corrupt")

// A Store is a bucket holding one job.
type Store struct {
	URL string
	// Stall, if positive, bounds how long reading a shard's object may
	// go without a byte (its request included), and writing one without
	// progress, before it fails: a hung connection would otherwise hold
	// a shard, which keeps heartbeating, for the activity's whole 6-hour
	// timeout.
	Stall time.Duration
	// Slow, if set, is called once per request that has gone a quarter
	// of Stall without progress, so that a hung store shows before the
	// request is given up.
	Slow func(op, key string, waited time.Duration)
	// Read and Written count the bytes of objects read from and
	// written to the store (metrics).
	Read, Written atomic.Int64
	// untrusted is set when the URL turns the S3 client's upload
	// checksums off (request_checksum_calculation=when_required):
	// writes are then checked by reading them back.
	untrusted bool
	bucket    *blob.Bucket
}

// errStalled is wrapped by the errors of requests that made no progress
// for Store.Stall.
var errStalled = errors.New("the store stalled")

// slowAfter is how long a request goes without progress before Slow is
// called: a quarter of the stall limit (30 s of the workers' 2 minutes).
func (st *Store) slowAfter() time.Duration { return st.Stall / 4 }

// watch arms the stall limit of a request: it returns a context that is
// cancelled with stalled when the request makes no progress for Stall,
// a function to call at each bit of progress, and one to call when the
// request ends. Without Stall the context is ctx.
func (st *Store) watch(ctx context.Context, op, key string, stalled error) (context.Context, func(), func()) {
	if st.Stall <= 0 {
		return ctx, func() {}, func() {}
	}
	ctx, cancel := context.WithCancelCause(ctx)
	var mu sync.Mutex
	last := time.Now()
	timer := time.AfterFunc(st.Stall, func() { cancel(stalled) })
	var slow *time.Timer
	if st.Slow != nil {
		fire := func() {
			mu.Lock()
			waited := time.Since(last)
			mu.Unlock()
			st.Slow(op, key, waited.Round(time.Second))
		}
		slow = time.AfterFunc(st.slowAfter(), fire)
	}
	progress := func() {
		mu.Lock()
		last = time.Now()
		mu.Unlock()
		timer.Reset(st.Stall)
		if slow != nil {
			slow.Reset(st.slowAfter())
		}
	}
	done := func() {
		timer.Stop()
		if slow != nil {
			slow.Stop()
		}
		cancel(nil)
	}
	return ctx, progress, done
}

// Open opens the store at url: a gocloud.dev/blob URL (file:///dir,
// s3://bucket?endpoint=…&use_path_style=true&region=…, any with
// prefix=…), or a plain directory path, which is created if needed.
func Open(ctx context.Context, rawURL string) (*Store, error) {
	u := rawURL
	if !strings.Contains(u, "://") {
		abs, err := filepath.Abs(u)
		if err != nil {
			return nil, err
		}
		u = (&url.URL{Scheme: "file", Path: filepath.ToSlash(abs), RawQuery: "create_dir=1&metadata=skip"}).String()
	}
	b, err := blob.OpenBucket(ctx, u)
	if err != nil {
		return nil, fmt.Errorf("open store %s: %w", rawURL, err)
	}
	st := &Store{URL: rawURL, bucket: b}
	if pu, err := url.Parse(u); err == nil && pu.Query().Get("request_checksum_calculation") == "when_required" {
		st.untrusted = true
	}
	return st, nil
}

// Close releases the bucket.
func (st *Store) Close() error { return st.bucket.Close() }

// Bucket is the underlying bucket.
func (st *Store) Bucket() *blob.Bucket { return st.bucket }

const (
	jobKey    = "job.json"
	resultKey = "result.json"
)

func tierPrefix(s int) string  { return fmt.Sprintf("tiers/%06d/", s) }
func manifestKey(s int) string { return tierPrefix(s) + "manifest.json" }
func shardKey(s, i int, token string) string {
	return fmt.Sprintf("%sshard-%06d.%s.bin", tierPrefix(s), i, token)
}

func notFound(err error) bool { return gcerrors.Code(err) == gcerrors.NotFound }

func (st *Store) readJSON(ctx context.Context, key string, v any) error {
	b, err := st.bucket.ReadAll(ctx, key)
	if err != nil {
		return err
	}
	if err := json.Unmarshal(b, v); err != nil {
		return fmt.Errorf("%w: %s: %v", ErrCorrupt, key, err)
	}
	return nil
}

func (st *Store) writeJSON(ctx context.Context, key string, v any) error {
	b, err := json.MarshalIndent(v, "", " ")
	if err != nil {
		return err
	}
	// A blob write is atomic: readers see the old object or the new one.
	return st.bucket.WriteAll(ctx, key, append(b, '\n'), &blob.WriterOptions{ContentType: "application/json"})
}

// Init records the job in an empty store, or checks that the store holds
// the same job, and returns how many tiers, from tier 0 on, are sealed.
func (st *Store) Init(ctx context.Context, j Job) (sealed int, err error) {
	p, err := NewPlan(j)
	if err != nil {
		return 0, err
	}
	j = p.Job
	var old Job
	switch err := st.readJSON(ctx, jobKey, &old); {
	case notFound(err):
		if err := st.writeJSON(ctx, jobKey, j); err != nil {
			return 0, err
		}
	case err != nil:
		return 0, err
	case old.Format == Format && old.Version != Version:
		return 0, fmt.Errorf("%w: %s holds a job of version %d, this program writes version %d: use the grundy-worker that wrote it, or another prefix",
			ErrVersion, st.URL, old.Version, Version)
	case old != j:
		return 0, fmt.Errorf("%w: %s has %s, %d piles ≤ %d, kinds %s, %d positions per shard",
			ErrOtherJob, st.URL, old.Game, old.Piles, old.Max, old.Kinds, old.ShardPositions)
	}
	for sealed < p.Tiers() {
		ok, err := st.bucket.Exists(ctx, manifestKey(sealed))
		if err != nil || !ok {
			return sealed, err
		}
		sealed++
	}
	return sealed, nil
}

// Job reads the store's job.
func (st *Store) Job(ctx context.Context) (Job, error) {
	var j Job
	err := st.readJSON(ctx, jobKey, &j)
	if notFound(err) {
		return j, fmt.Errorf("store %s holds no job", st.URL)
	}
	return j, err
}

// PutShard writes the records (values of width bytes) of shard i of tier
// sh.Sum, packed as tightly as they allow, under a key unique to token,
// which must differ between attempts.
func (st *Store) PutShard(ctx context.Context, sh solve.Shard, i int, token string, data []byte, width int) (ShardRef, error) {
	key := shardKey(sh.Sum, i, token)
	d := sha256.Sum256(data)
	ref := ShardRef{Lo: sh.Lo, Hi: sh.Hi, Key: key, Bytes: int64(len(data)), SHA256: hex.EncodeToString(d[:])}
	obj := data
	if width == 2 || width == 4 {
		ref.Encoding, obj = Encode(data, width)
	}
	if ref.Encoding != Raw {
		ref.Width, ref.Stored = width, int64(len(obj))
	}
	if err := st.write(ctx, key, obj); err != nil {
		return ShardRef{}, err
	}
	return ref, nil
}

// writeChunk is how much of an object write passes to the bucket at once;
// each chunk accepted restarts the stall timer.
const writeChunk = 256 << 10

// write writes obj to key. With Stall set, the write fails when the
// bucket accepts no chunk for Stall (the upload's completion at Close
// included): a hung connection would otherwise hold the shard, which
// keeps heartbeating, for the activity's whole timeout.
func (st *Store) write(ctx context.Context, key string, obj []byte) (err error) {
	stalled := fmt.Errorf("write %s: no progress for %v: %w", key, st.Stall, errStalled)
	ctx, progress, done := st.watch(ctx, "write", key, stalled)
	defer done()
	defer func() {
		// The request's own error says only "context canceled".
		if err != nil && context.Cause(ctx) == stalled {
			err = stalled
		}
	}()
	w, err := st.bucket.NewWriter(ctx, key, &blob.WriterOptions{ContentType: "application/octet-stream"})
	if err != nil {
		return fmt.Errorf("write %s: %w", key, err)
	}
	for rest := obj; len(rest) > 0; {
		n := min(len(rest), writeChunk)
		if _, err := w.Write(rest[:n]); err != nil {
			done() // abandons the upload
			w.Close()
			return fmt.Errorf("write %s: %w", key, err)
		}
		rest = rest[n:]
		progress()
	}
	if err := w.Close(); err != nil {
		return fmt.Errorf("write %s: %w", key, err)
	}
	st.Written.Add(int64(len(obj)))
	return nil
}

// Manifest reads the manifest of tier s; the error wraps ErrNotSealed if
// there is none.
func (st *Store) Manifest(ctx context.Context, s int) (*Manifest, error) {
	var m Manifest
	err := st.readJSON(ctx, manifestKey(s), &m)
	if notFound(err) {
		return nil, fmt.Errorf("%w: tier %d of %s", ErrNotSealed, s, st.URL)
	}
	if err != nil {
		return nil, err
	}
	if m.Sum != s {
		return nil, fmt.Errorf("%w: manifest of tier %d names tier %d", ErrCorrupt, s, m.Sum)
	}
	return &m, nil
}

// Seal checks the shards of tier s against the plan (they must cover the
// tier in order, each object of the right size and digest), writes the
// manifest and deletes the tier's uncommitted objects. Sealing a sealed
// tier returns its manifest, whose digest must be the same.
func (st *Store) Seal(ctx context.Context, p *Plan, s int, refs []ShardRef) (*Manifest, error) {
	if err := checkRefs(p, s, refs); err != nil {
		return nil, err
	}
	h := sha256.New()
	for _, r := range refs {
		if err := st.copyShard(ctx, r, h); err != nil {
			return nil, err
		}
	}
	return st.commit(ctx, p, s, refs, hex.EncodeToString(h.Sum(nil)))
}

// SealWritten seals tier s from shards whose objects this process wrote
// (PutShard returned) from the records it still holds, whose digest is
// digest: Seal without reading the objects back. A write that returned
// is durable (an S3 PUT answers only once the object is stored; a file
// store renames it into place), and the records' digests are those
// computed from the records written, so reading back would only repeat
// the digest at the cost of a download per shard.
func (st *Store) SealWritten(ctx context.Context, p *Plan, s int, refs []ShardRef, digest string) (*Manifest, error) {
	if err := checkRefs(p, s, refs); err != nil {
		return nil, err
	}
	return st.commit(ctx, p, s, refs, digest)
}

// checkRefs checks that refs cover tier s in order with records of the
// right size.
func checkRefs(p *Plan, s int, refs []ShardRef) error {
	var next uint64
	for i, r := range refs {
		if r.Lo != next || r.Hi < r.Lo || r.Bytes != int64(r.Hi-r.Lo)*int64(p.Solver.RecordBytes()) || !strings.HasPrefix(r.Key, tierPrefix(s)) {
			return fmt.Errorf("tier %d: shard %d (%d..%d, %d bytes, %s) does not follow %d", s, i, r.Lo, r.Hi, r.Bytes, r.Key, next)
		}
		next = r.Hi
	}
	if positions := p.Solver.Index.TierSize(s); next != positions {
		return fmt.Errorf("tier %d: shards cover %d of %d positions", s, next, positions)
	}
	return nil
}

// commit writes the manifest of tier s, whose checked shards refs give
// the tier digest digest, unless the tier is sealed already with the same
// digest, and deletes the tier's uncommitted objects.
func (st *Store) commit(ctx context.Context, p *Plan, s int, refs []ShardRef, digest string) (*Manifest, error) {
	m := &Manifest{Sum: s, Positions: p.Solver.Index.TierSize(s), SHA256: digest, Shards: refs}
	if p.counting() {
		m.Stats = &solve.Stats{}
		for i, r := range refs {
			if r.Stats == nil || r.Stats.Positions != r.Hi-r.Lo {
				return nil, fmt.Errorf("tier %d: shard %d has no counts of its %d positions", s, i, r.Hi-r.Lo)
			}
			m.Stats.Merge(*r.Stats)
		}
	}
	old, err := st.Manifest(ctx, s)
	switch {
	case err == nil:
		if old.SHA256 != m.SHA256 {
			return nil, fmt.Errorf("%w: tier %d sealed with digest %s, its shards now give %s", ErrCorrupt, s, old.SHA256, m.SHA256)
		}
		m = old
	case errors.Is(err, ErrNotSealed):
		if err := st.writeJSON(ctx, manifestKey(s), m); err != nil {
			return nil, err
		}
	default:
		return nil, err
	}
	return m, st.sweep(ctx, m)
}

// sweep deletes the objects of m's tier that m does not commit.
func (st *Store) sweep(ctx context.Context, m *Manifest) error {
	return st.sweepPrefix(ctx, tierPrefix(m.Sum), []*Manifest{m})
}

// sweepAll deletes every object under the tiers' prefix that none of
// the manifests (one per tier of the box) commits: sweep for every tier,
// in one listing rather than one a tier.
func (st *Store) sweepAll(ctx context.Context, manifests []*Manifest) error {
	return st.sweepPrefix(ctx, "tiers/", manifests)
}

// sweepPrefix deletes the objects under prefix that none of the
// manifests commits.
func (st *Store) sweepPrefix(ctx context.Context, prefix string, manifests []*Manifest) error {
	keep := map[string]bool{}
	for _, m := range manifests {
		keep[manifestKey(m.Sum)] = true
		for _, r := range m.Shards {
			keep[r.Key] = true
		}
	}
	it := st.bucket.List(&blob.ListOptions{Prefix: prefix})
	for {
		obj, err := it.Next(ctx)
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
		if !obj.IsDir && !keep[obj.Key] {
			if err := st.bucket.Delete(ctx, obj.Key); err != nil && !notFound(err) {
				return err
			}
		}
	}
}

// copyShard copies a shard's records to w, decoding its object and
// checking the object's size and the records' size and digest.
func (st *Store) copyShard(ctx context.Context, r ShardRef, w io.Writer) (err error) {
	want, err := storedSize(r.Encoding, r.Bytes, r.Width)
	if err != nil || (r.Encoding != Raw && want != r.Stored) {
		return fmt.Errorf("%w: %s: encoding %q of %d-byte values in %d bytes for %d bytes of records", ErrCorrupt, r.Key, r.Encoding, r.Width, r.Stored, r.Bytes)
	}
	stalled := fmt.Errorf("read %s: no byte for %v: %w", r.Key, st.Stall, errStalled)
	ctx, progress, done := st.watch(ctx, "read", r.Key, stalled)
	defer done()
	defer func() {
		// The request's own error says only "context canceled".
		if err != nil && context.Cause(ctx) == stalled {
			err = stalled
		}
	}()
	rd, err := st.bucket.NewReader(ctx, r.Key, nil)
	if err != nil {
		if notFound(err) && Classify(err) != FaultNoBucket {
			// A committed object is gone: the tier must be recomputed.
			return fmt.Errorf("%w: %s: %v", ErrMissing, r.Key, oneLine(err))
		}
		// An unreachable store is not a damaged one: retried.
		return fmt.Errorf("read %s: %w", r.Key, err)
	}
	defer rd.Close()
	src := &stallReader{r: rd, progress: progress, n: &st.Read}
	h := sha256.New()
	records := &countWriter{w: io.MultiWriter(w, h)}
	dec, err := newDecoder(records, r.Encoding, r.Width, r.Bytes)
	if err != nil {
		return fmt.Errorf("%w: %s: %v", ErrCorrupt, r.Key, err)
	}
	n, err := io.Copy(dec, src)
	if err != nil {
		return fmt.Errorf("read %s: %w", r.Key, err)
	}
	if n > want && st.framed(ctx, r.Key) {
		return fmt.Errorf("%w: %s: %d bytes stored for %d written", ErrChunked, r.Key, n, want)
	}
	if n != want || records.n != r.Bytes || hex.EncodeToString(h.Sum(nil)) != r.SHA256 {
		return fmt.Errorf("%w: %s: %d bytes stored, %d bytes of records, SHA-256 %x; the manifest says %d stored, %d bytes, %s",
			ErrCorrupt, r.Key, n, records.n, h.Sum(nil), want, r.Bytes, r.SHA256)
	}
	return nil
}

// chunkHeader is how an aws-chunked body begins: the first chunk's size
// in hex, its signature if signed, and CRLF.
var chunkHeader = regexp.MustCompile(`^[0-9a-fA-F]{1,16}(;chunk-signature=[0-9a-f]{64})?\r\n`)

// framed reports whether the object at key begins as an aws-chunked
// body does: a store that did not decode the upload kept the framing.
func (st *Store) framed(ctx context.Context, key string) bool {
	rd, err := st.bucket.NewRangeReader(ctx, key, 0, 100, nil)
	if err != nil {
		return false
	}
	defer rd.Close()
	head, _ := io.ReadAll(rd)
	return chunkHeader.Match(head)
}

// ProbeWrite writes a small object the way shards are written, reads it
// back and deletes it: a store that keeps the framing of chunked uploads
// (ErrChunked), or that takes writes it does not keep, is found before a
// solve rather than by the first tier's seal. Errors are *StoreError.
func (st *Store) ProbeWrite(ctx context.Context) error {
	if _, ok := ctx.Deadline(); !ok {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, ProbeTimeout)
		defer cancel()
	}
	var token [8]byte
	rand.Read(token[:])
	key := "probe-" + hex.EncodeToString(token[:]) + ".bin"
	want := []byte("grundy store probe: written as shards are, read back, deleted\n")
	if err := st.write(ctx, key, want); err != nil {
		return st.Explain(err)
	}
	defer st.bucket.Delete(context.WithoutCancel(ctx), key)
	got, err := st.bucket.ReadAll(ctx, key)
	switch {
	case err != nil:
		return st.Explain(fmt.Errorf("read back %s: %w", key, err))
	case len(got) > len(want) && chunkHeader.Match(got):
		return &StoreError{Fault: FaultChunked, URL: st.URL, Err: fmt.Errorf("%w: %s read back as %d bytes for %d written, beginning %q",
			ErrChunked, key, len(got), len(want), got[:min(len(got), 40)])}
	case !bytes.Equal(got, want):
		return &StoreError{Fault: FaultOther, URL: st.URL, Err: fmt.Errorf("%s read back as %d bytes for the %d written, and they differ", key, len(got), len(want))}
	}
	return nil
}

// A stallReader reports progress at every read and counts the bytes.
type stallReader struct {
	r        io.Reader
	progress func()
	n        *atomic.Int64
}

func (s *stallReader) Read(p []byte) (int, error) {
	n, err := s.r.Read(p)
	s.progress()
	s.n.Add(int64(n))
	return n, err
}

// ReadTier copies the records of the sealed tier s to w, checking every
// shard and the tier's digest, and returns its manifest.
func (st *Store) ReadTier(ctx context.Context, s int, w io.Writer) (*Manifest, error) {
	m, err := st.Manifest(ctx, s)
	if err != nil {
		return nil, err
	}
	h := sha256.New()
	for _, r := range m.Shards {
		if err := st.copyShard(ctx, r, io.MultiWriter(w, h)); err != nil {
			return nil, err
		}
	}
	if d := hex.EncodeToString(h.Sum(nil)); d != m.SHA256 {
		return nil, fmt.Errorf("%w: tier %d: SHA-256 %s, the manifest says %s", ErrCorrupt, s, d, m.SHA256)
	}
	return m, nil
}

// Finish computes the table's checksum from the sealed tiers' digests
// and its counts from their manifests, writes them to result.json and
// deletes any object no manifest commits. The objects of tiers below
// reread (those sealed before this run, which this run did not check) are
// read again and checked against their manifests; the tiers this run
// sealed were checked when sealed. Result.Reread says how many were.
// `grundy-worker fetch` reads the table back, checking every tier again.
func (st *Store) Finish(ctx context.Context, p *Plan, reread int) (*Result, error) {
	var manifests []*Manifest
	res, err := st.tally(ctx, p, reread, nil, func(m *Manifest) { manifests = append(manifests, m) })
	if err != nil {
		return nil, err
	}
	if err := st.sweepAll(ctx, manifests); err != nil {
		return nil, err
	}
	if err := st.writeJSON(ctx, resultKey, res); err != nil {
		return nil, err
	}
	return res, nil
}

// tally computes the table's checksum and counts from the manifests of
// every tier, reading and checking the objects of the tiers below reread.
// A missing or damaged tier is reported as a *TierError. each, if set,
// is given every tier's manifest.
func (st *Store) tally(ctx context.Context, p *Plan, reread int, progress func(done, total int), each func(*Manifest)) (*Result, error) {
	res := &Result{Job: p.Job, Reread: min(max(reread, 0), p.Tiers())}
	sum := solve.NewChecksum(p.Ruleset, p.Job.Piles, p.Job.Max, p.Kinds)
	var stats solve.Stats
	for s := range p.Tiers() {
		var m *Manifest
		var err error
		if s < reread {
			m, err = st.ReadTier(ctx, s, io.Discard)
		} else {
			m, err = st.Manifest(ctx, s)
		}
		if err != nil {
			return nil, &TierError{Tier: s, Err: err}
		}
		d, err := hex.DecodeString(m.SHA256)
		if err != nil || len(d) != sha256.Size || m.Positions != p.Solver.Index.TierSize(s) {
			return nil, &TierError{Tier: s, Err: fmt.Errorf("%w: manifest of tier %d (digest %q, %d positions)", ErrCorrupt, s, m.SHA256, m.Positions)}
		}
		if err := sum.AddDigest(s, [32]byte(d)); err != nil {
			return nil, err
		}
		if p.counting() {
			if m.Stats == nil || m.Stats.Positions != m.Positions {
				return nil, &TierError{Tier: s, Err: fmt.Errorf("%w: manifest of tier %d has no counts", ErrCorrupt, s)}
			}
			stats.Merge(*m.Stats)
		}
		if each != nil {
			each(m)
		}
		res.Positions += m.Positions
		res.Bytes += m.Bytes()
		res.Stored += m.StoredBytes()
		if progress != nil {
			progress(s+1, p.Tiers())
		}
	}
	res.Checksum = sum.Sum()
	res.P, res.Pm, res.GHist, res.GmHist = stats.P, stats.Pm, stats.GHist, stats.GmHist
	return res, nil
}

// Result reads result.json of a finished job.
func (st *Store) Result(ctx context.Context) (*Result, error) {
	var r Result
	if err := st.readJSON(ctx, resultKey, &r); err != nil {
		if notFound(err) {
			return nil, fmt.Errorf("%w: %s", errNoResult, st.URL)
		}
		return nil, err
	}
	return &r, nil
}
