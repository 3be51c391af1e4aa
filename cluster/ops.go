package cluster

import (
	"context"
	"crypto/tls"
	"errors"
	"fmt"
	"io"
	"net"
	"net/url"
	"strconv"
	"strings"
	"time"

	"gocloud.dev/blob"
)

// ErrNoTier is wrapped by the error for a tier the job does not have.
var ErrNoTier = errors.New("no such tier")

// A TierError is a tier whose manifest or objects are missing or do not
// match; Err names the object.
type TierError struct {
	Tier int
	Err  error
}

func (e *TierError) Error() string { return e.Err.Error() }
func (e *TierError) Unwrap() error { return e.Err }

// A Verification is what Verify found: every sealed tier read back and
// matching its manifest, and, when all are sealed, the checksum and
// counts they give.
type Verification struct {
	Tiers  int
	Sealed int // tiers sealed, from tier 0 on, all read and checked
	// Result is computed from the tiers when all are sealed, else nil;
	// Finished is whether result.json exists (and then matches it).
	Result   *Result
	Finished bool
}

// Verify reads back every object of every sealed tier of the store's
// job, checking each object's size and SHA-256 and each tier's digest
// against the manifests, and, when every tier is sealed, the checksum and
// counts they give against result.json. The first object that does not
// match is reported as a *TierError wrapping ErrCorrupt. progress, if
// set, is called after each tier.
func (st *Store) Verify(ctx context.Context, progress func(done, total int)) (*Verification, error) {
	j, err := st.Job(ctx)
	if err != nil {
		return nil, err
	}
	p, err := NewPlan(j)
	if errors.Is(err, ErrVersion) {
		return nil, fmt.Errorf("job.json: %w", err)
	}
	if err != nil {
		return nil, fmt.Errorf("%w: job.json: %v", ErrCorrupt, err)
	}
	v := &Verification{Tiers: p.Tiers()}
	for v.Sealed < p.Tiers() {
		ok, err := st.bucket.Exists(ctx, manifestKey(v.Sealed))
		if err != nil {
			return nil, err
		}
		if !ok {
			break
		}
		v.Sealed++
	}
	if v.Sealed < p.Tiers() {
		for s := range v.Sealed {
			if _, err := st.ReadTier(ctx, s, io.Discard); err != nil {
				return nil, &TierError{Tier: s, Err: err}
			}
			if progress != nil {
				progress(s+1, v.Sealed)
			}
		}
		return v, nil
	}
	res, err := st.tally(ctx, p, p.Tiers(), progress, nil)
	if err != nil {
		return nil, err
	}
	v.Result = res
	old, err := st.Result(ctx)
	if errors.Is(err, errNoResult) {
		return v, nil
	}
	if err != nil {
		return nil, err
	}
	v.Finished = true
	if old.Checksum != res.Checksum || old.Positions != res.Positions || old.P != res.P || old.Pm != res.Pm {
		return nil, fmt.Errorf("%w: %s: checksum %s, %d positions, P %d, Pm %d; the tiers give %s, %d, %d, %d",
			ErrCorrupt, resultKey, old.Checksum, old.Positions, old.P, old.Pm, res.Checksum, res.Positions, res.P, res.Pm)
	}
	return v, nil
}

// Repair drops the manifests of tier from and every later tier, and
// result.json, so that solving the job again recomputes those tiers (a
// later tier's digest depends on the values of the tiers below it). The
// objects stay until the recomputed tier's sealing deletes them. It
// returns how many manifests it deleted.
func (st *Store) Repair(ctx context.Context, from int) (int, error) {
	j, err := st.Job(ctx)
	if err != nil {
		return 0, err
	}
	p, err := NewPlan(j)
	if err != nil {
		return 0, err
	}
	if from < 0 || from >= p.Tiers() {
		return 0, fmt.Errorf("%w: %d; the job has tiers 0 to %d", ErrNoTier, from, p.Tiers()-1)
	}
	// result.json first: a store is never left finished with a tier missing.
	if err := st.bucket.Delete(ctx, resultKey); err != nil && !notFound(err) {
		return 0, err
	}
	n := 0
	// From the top down, so that an interrupted repair leaves the sealed
	// tiers a prefix, as Init counts them.
	for s := p.Tiers() - 1; s >= from; s-- {
		err := st.bucket.Delete(ctx, manifestKey(s))
		switch {
		case err == nil:
			n++
		case !notFound(err):
			return n, err
		}
	}
	return n, nil
}

// A Status is how far a store's job has got, read from the store alone.
type Status struct {
	Job                  Job
	Tiers, Sealed        int    // Sealed: from tier 0 on
	Positions, SealedPos uint64 // of the box, of the sealed tiers
	// Shards is the shard count of the first unsealed tier, Written how
	// many of them have an object (not yet committed: an attempt may be
	// retried).
	Shards, Written int
	Finished        bool
	Checksum        string // of result.json, when Finished
	// Started is when job.json was written, LastSealed when the latest
	// sealed tier's manifest was; zero when the store does not say.
	Started, LastSealed time.Time
}

// Rate is the sealed positions per second from Started to LastSealed,
// or 0 when the store's times do not allow it. Tiers grow with their
// index, so it is an average over the job so far, and a pause (no
// workers) lowers it.
func (s *Status) Rate() float64 {
	if s.Started.IsZero() || s.LastSealed.IsZero() || s.SealedPos == 0 {
		return 0
	}
	d := s.LastSealed.Sub(s.Started).Seconds()
	if d <= 0 {
		return 0
	}
	return float64(s.SealedPos) / d
}

// ETA is the time the unsealed positions take at Rate, measured from
// LastSealed; ok is false when the rate is unknown.
func (s *Status) ETA() (eta time.Duration, ok bool) {
	r := s.Rate()
	if r == 0 {
		return 0, false
	}
	return time.Duration(float64(s.Positions-s.SealedPos) / r * float64(time.Second)), true
}

// Status reads the store's progress.
func (st *Store) Status(ctx context.Context) (*Status, error) {
	j, err := st.Job(ctx)
	if err != nil {
		return nil, err
	}
	p, err := NewPlan(j)
	if errors.Is(err, ErrVersion) {
		return nil, fmt.Errorf("job.json: %w", err)
	}
	if err != nil {
		return nil, fmt.Errorf("%w: job.json: %v", ErrCorrupt, err)
	}
	s := &Status{Job: p.Job, Tiers: p.Tiers(), Positions: p.Solver.Index.Size()}
	if a, err := st.bucket.Attributes(ctx, jobKey); err == nil {
		s.Started = a.ModTime
	}
	for s.Sealed < s.Tiers {
		a, err := st.bucket.Attributes(ctx, manifestKey(s.Sealed))
		if notFound(err) {
			break
		}
		if err != nil {
			return nil, err
		}
		if a.ModTime.After(s.LastSealed) {
			s.LastSealed = a.ModTime
		}
		s.SealedPos += p.Solver.Index.TierSize(s.Sealed)
		s.Sealed++
	}
	if s.Sealed < s.Tiers {
		s.Shards = len(p.Shards(s.Sealed))
		written := map[int]bool{}
		it := st.bucket.List(&blob.ListOptions{Prefix: tierPrefix(s.Sealed) + "shard-"})
		for {
			obj, err := it.Next(ctx)
			if err == io.EOF {
				break
			}
			if err != nil {
				return nil, err
			}
			name := strings.TrimPrefix(obj.Key, tierPrefix(s.Sealed)+"shard-")
			if i, err := strconv.Atoi(name[:strings.IndexByte(name+".", '.')]); err == nil {
				written[i] = true
			}
		}
		s.Written = len(written)
		return s, nil
	}
	res, err := st.Result(ctx)
	switch {
	case err == nil:
		s.Finished, s.Checksum = true, res.Checksum
	case !errors.Is(err, errNoResult):
		return nil, err
	}
	return s, nil
}

// ProbeTimeout bounds Probe when the caller's context has no deadline.
const ProbeTimeout = 20 * time.Second

// Probe checks that the store answers (its bucket exists and can be
// listed) within ProbeTimeout, so that a coordinator reports an
// unreachable or missing store at once instead of leaving its workers to
// retry it for minutes.
func (st *Store) Probe(ctx context.Context) error {
	if _, ok := ctx.Deadline(); !ok {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, ProbeTimeout)
		defer cancel()
	}
	// A TLS port asked in plain HTTP closes the connection, which the
	// S3 client retries as an outage for seconds: whether the endpoint
	// speaks TLS is asked beside the request, and ends the probe when
	// it does.
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	tlsc := make(chan bool, 1)
	go func() { tlsc <- st.speaksTLS() }()
	done := make(chan error, 1)
	go func() { done <- st.probe(ctx) }()
	var err error
	select {
	case err = <-done:
	case speaks := <-tlsc:
		if speaks {
			cancel()
			<-done
			return &StoreError{Fault: FaultTLS, URL: st.URL, Err: fmt.Errorf("store %s: the endpoint speaks TLS: write https:// in endpoint=", st.URL)}
		}
		err = <-done
	}
	return err
}

// probe is Probe's request.
func (st *Store) probe(ctx context.Context) error {
	ok, err := st.bucket.IsAccessible(ctx)
	if err == nil && !ok {
		return &StoreError{Fault: FaultNoBucket, URL: st.URL, Err: fmt.Errorf("store %s: the bucket does not exist", st.URL)}
	}
	if err == nil {
		_, err = st.bucket.List(&blob.ListOptions{Prefix: jobKey}).Next(ctx)
		if err == io.EOF {
			err = nil
		}
	}
	if err != nil {
		if ctx.Err() != nil {
			err = fmt.Errorf("no answer within %v: %w", ProbeTimeout, err)
		}
		return st.Explain(fmt.Errorf("store %s: %w", st.URL, err))
	}
	return nil
}

// speaksTLS reports whether the store's endpoint, given as http://,
// completes a TLS handshake: a plain request to a TLS port is answered
// with a closed connection, which reads as an outage.
func (st *Store) speaksTLS() bool {
	u, err := url.Parse(st.URL)
	if err != nil {
		return false
	}
	ep, err := url.Parse(u.Query().Get("endpoint"))
	if err != nil || ep.Scheme != "http" {
		return false
	}
	host := ep.Host
	if ep.Port() == "" {
		host = net.JoinHostPort(ep.Hostname(), "80")
	}
	d := &net.Dialer{Timeout: 3 * time.Second}
	// Only whether it speaks TLS is asked, not whom it is.
	c, err := tls.DialWithDialer(d, "tcp", host, &tls.Config{InsecureSkipVerify: true})
	if err != nil {
		return false
	}
	c.Close()
	return true
}

// oneLine is err's text on one line.
func oneLine(err error) string {
	return strings.Join(strings.Fields(err.Error()), " ")
}
