package store

import (
	"context"
	"encoding/json"
	"errors"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/grundy/grundy"
	"github.com/grundy/grundy/games"
	"github.com/grundy/grundy/solve"
)

var boxes = []struct {
	game       string
	piles, max int
	kinds      grundy.Kinds
}{
	{"slow-exact:k=2", 5, 6, 0},
	{"slow-moore:k=2", 4, 5, grundy.AllKinds},
	{"nim", 3, 6, grundy.KindG | grundy.KindR},
	{"exco-nim", 3, 4, grundy.AllKinds},
	{"wythoff-oa:s=2,t=1", 2, 15, grundy.KindGm | grundy.KindRm},
}

// TestStoredMatchesInMemory writes tables and reads them back every way.
func TestStoredMatchesInMemory(t *testing.T) {
	// Mostly waits on the disk (each tier is synced): in parallel with
	// the others that do.
	t.Parallel()
	for _, c := range boxes {
		r, _ := games.Parse(c.game)
		dir := t.TempDir()
		h, err := Solve(context.Background(), r, c.piles, c.max, dir, SolveOptions{Kinds: c.kinds})
		if err != nil {
			t.Fatalf("Solve(%s): %v", c.game, err)
		}
		kinds := c.kinds
		if kinds == 0 {
			kinds = grundy.KindG | grundy.KindGm
		}
		mem, err := solve.SolveBox(context.Background(), r, solve.BoxSpec{Piles: c.piles, Max: c.max, Kinds: kinds})
		if err != nil {
			t.Fatal(err)
		}
		if got, want := h.Checksum, mem.Checksum(); got != want {
			t.Errorf("%s: stored checksum %s, in memory %s", c.game, got, want)
		}
		if _, err := os.Stat(filepath.Join(dir, JournalFile)); !errors.Is(err, os.ErrNotExist) {
			t.Errorf("%s: journal left beside a complete table (%v)", c.game, err)
		}
		st, err := Open(dir)
		if err != nil {
			t.Fatal(err)
		}
		loaded, err := st.Load(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		mem.Each(func(p grundy.Position, want grundy.Values) bool {
			if got, _ := loaded.Lookup(p); got != want {
				t.Errorf("%s: loaded %v = %+v, want %+v", c.game, p, got, want)
				return false
			}
			if got, ok, err := st.Lookup(p); err != nil || !ok || got != want {
				t.Errorf("%s: Lookup(%v) = %+v, %v, %v, want %+v", c.game, p, got, ok, err, want)
				return false
			}
			return true
		})
		rep, err := Verify(context.Background(), dir, nil)
		if err != nil || !rep.OK || rep.Checksum != h.Checksum {
			t.Errorf("%s: Verify = %+v, %v", c.game, rep, err)
		}
		// Solving again into the same directory is refused without
		// --resume, and resuming a complete table changes nothing.
		if _, err := Solve(context.Background(), r, c.piles, c.max, dir, SolveOptions{Kinds: c.kinds}); !errors.Is(err, ErrExists) {
			t.Errorf("%s: second Solve error %v, want ErrExists", c.game, err)
		}
		if h2, err := Solve(context.Background(), r, c.piles, c.max, dir, SolveOptions{Kinds: c.kinds, Resume: true}); err != nil || h2.Checksum != h.Checksum {
			t.Errorf("%s: resume of a complete table: %v, %v", c.game, h2, err)
		}
		if _, err := Solve(context.Background(), r, c.piles, c.max+1, dir, SolveOptions{Kinds: c.kinds, Resume: true}); err == nil {
			t.Errorf("%s: resume with another box accepted", c.game)
		}
	}
}

// TestResumeAfterCancel stops solves at random tiers and resumes them.
func TestResumeAfterCancel(t *testing.T) {
	// Mostly waits on the disk (each tier is synced): in parallel with
	// the others that do.
	t.Parallel()
	rng := rand.New(rand.NewPCG(1, 2))
	for _, c := range boxes {
		r, _ := games.Parse(c.game)
		want, err := Solve(context.Background(), r, c.piles, c.max, t.TempDir(), SolveOptions{Kinds: c.kinds})
		if err != nil {
			t.Fatal(err)
		}
		dir := t.TempDir()
		for stops := 0; ; stops++ {
			ctx, cancel := context.WithCancel(context.Background())
			stopAt := rng.IntN(c.piles*c.max + 1)
			h, err := Solve(ctx, r, c.piles, c.max, dir, SolveOptions{Kinds: c.kinds, Resume: true, Tier: func(tier *solve.Tier) error {
				if tier.Sum >= stopAt {
					cancel()
				}
				return nil
			}})
			cancel()
			if err == nil {
				if h.Checksum != want.Checksum {
					t.Errorf("%s: checksum after %d resumes %s, want %s", c.game, stops, h.Checksum, want.Checksum)
				}
				break
			}
			if !errors.Is(err, context.Canceled) {
				t.Fatalf("%s: %v", c.game, err)
			}
			if stops > 100 {
				t.Fatalf("%s: no progress", c.game)
			}
		}
	}
}

// TestCorruptionDetected damages stored tables in several ways.
func TestCorruptionDetected(t *testing.T) {
	// Mostly waits on the disk (each tier is synced): in parallel with
	// the others that do.
	t.Parallel()
	r, _ := games.Parse("slow-exact:k=2")
	const piles, max = 5, 6
	fresh := func() string {
		dir := t.TempDir()
		if _, err := Solve(context.Background(), r, piles, max, dir, SolveOptions{}); err != nil {
			t.Fatal(err)
		}
		return dir
	}
	damage := []struct {
		name string
		do   func(dir string) error
	}{
		{"flipped bit", func(dir string) error {
			path := filepath.Join(dir, TierFile(12))
			b, err := os.ReadFile(path)
			if err != nil {
				return err
			}
			b[len(b)/2] ^= 4
			return os.WriteFile(path, b, 0o644)
		}},
		{"truncated tier", func(dir string) error {
			path := filepath.Join(dir, TierFile(20))
			fi, err := os.Stat(path)
			if err != nil {
				return err
			}
			return os.Truncate(path, fi.Size()-2)
		}},
		{"missing tier", func(dir string) error { return os.Remove(filepath.Join(dir, TierFile(3))) }},
		{"edited header", func(dir string) error {
			h, err := ReadHeader(dir)
			if err != nil {
				return err
			}
			h.Tiers[7].SHA256 = h.Tiers[8].SHA256
			return writeHeader(dir, h)
		}},
		{"wrong checksum", func(dir string) error {
			h, err := ReadHeader(dir)
			if err != nil {
				return err
			}
			h.Checksum = "00" + h.Checksum[2:]
			return writeHeader(dir, h)
		}},
	}
	for _, d := range damage {
		dir := fresh()
		if err := d.do(dir); err != nil {
			t.Fatal(err)
		}
		if _, err := Verify(context.Background(), dir, nil); !errors.Is(err, ErrCorrupt) {
			t.Errorf("%s: Verify error %v, want ErrCorrupt", d.name, err)
		}
	}
	// Make the table incomplete as a kill would leave it: the header
	// without tiers, the journal listing 15 of them and the start of a
	// 16th cut short. Resuming reloads tiers 13 and 14 and finishes.
	incomplete := func() string {
		dir := fresh()
		h, err := ReadHeader(dir)
		if err != nil {
			t.Fatal(err)
		}
		want := h.Checksum
		var journal []byte
		for _, info := range h.Tiers[:16] {
			line, _ := json.Marshal(info)
			journal = append(append(journal, line...), '\n')
		}
		h.Tiers, h.Checksum = []TierInfo{}, ""
		if err := writeHeader(dir, h); err != nil {
			t.Fatal(err)
		}
		cut := len(journal) - 20
		if err := os.WriteFile(filepath.Join(dir, JournalFile), journal[:cut], 0o644); err != nil {
			t.Fatal(err)
		}
		if h, err := ReadHeader(dir); err != nil || len(h.Tiers) != 15 {
			t.Fatalf("incomplete table: %v tiers, %v", h, err)
		}
		if _, err := Verify(context.Background(), dir, nil); err != nil {
			t.Errorf("Verify of an incomplete table: %v", err)
		}
		os.WriteFile(filepath.Join(dir, "want"), []byte(want), 0o644)
		return dir
	}
	// Stopped after the last tier's journal line, before the header: the
	// table is unfinished until a resume writes the header.
	dir := fresh()
	h, _ := ReadHeader(dir)
	want := h.Checksum
	var journal []byte
	for _, info := range h.Tiers {
		line, _ := json.Marshal(info)
		journal = append(append(journal, line...), '\n')
	}
	h.Tiers, h.Checksum = []TierInfo{}, ""
	writeHeader(dir, h)
	os.WriteFile(filepath.Join(dir, JournalFile), journal, 0o644)
	if rep, err := Verify(context.Background(), dir, nil); err != nil || rep.Complete {
		t.Errorf("Verify of an unfinished table: %+v, %v", rep, err)
	}
	if h, err := Solve(context.Background(), r, piles, max, dir, SolveOptions{Resume: true}); err != nil || h.Checksum != want || !h.Finished() {
		t.Errorf("resume of an unfinished table: %+v, %v, want checksum %s", h, err, want)
	}
	dir = incomplete()
	h, err := Solve(context.Background(), r, piles, max, dir, SolveOptions{Resume: true})
	if want, _ := os.ReadFile(filepath.Join(dir, "want")); err != nil || h.Checksum != string(want) {
		t.Errorf("resume after a cut journal: %v, %v, want checksum %s", h, err, want)
	}
	// A resume that needs a damaged tier refuses to go on.
	dir = incomplete()
	path := filepath.Join(dir, TierFile(14))
	b, _ := os.ReadFile(path)
	b[0] ^= 1
	os.WriteFile(path, b, 0o644)
	if _, err := Solve(context.Background(), r, piles, max, dir, SolveOptions{Resume: true}); !errors.Is(err, ErrCorrupt) {
		t.Errorf("resume over a damaged tier: error %v, want ErrCorrupt", err)
	}
	// A damaged journal line is an error, not a shorter table.
	dir = incomplete()
	path = filepath.Join(dir, JournalFile)
	b, _ = os.ReadFile(path)
	b[3] = '#'
	os.WriteFile(path, b, 0o644)
	if _, err := ReadHeader(dir); !errors.Is(err, ErrCorrupt) {
		t.Errorf("damaged journal: error %v, want ErrCorrupt", err)
	}
}

// TestResumeAfterKill runs a solve in a child process, kills it with
// SIGKILL at a random moment, resumes it and compares the checksum with
// an uninterrupted solve.
func TestResumeAfterKill(t *testing.T) {
	if dir := os.Getenv("GRUNDY_STORE_CHILD"); dir != "" {
		r, _ := games.Parse("slow-exact:k=2")
		Solve(context.Background(), r, 6, 24, dir, SolveOptions{Resume: true, Workers: 1})
		os.Exit(0)
	}
	if testing.Short() {
		t.Skip("starts a child process")
	}
	t.Parallel() // as the others that mostly wait on the disk
	r, _ := games.Parse("slow-exact:k=2")
	want, err := Solve(context.Background(), r, 6, 24, t.TempDir(), SolveOptions{})
	if err != nil {
		t.Fatal(err)
	}
	seed := time.Now().UnixNano()
	rng := rand.New(rand.NewPCG(uint64(seed), 0))
	dir := t.TempDir()
	killed := 0
	var progress []int
	for range 3 {
		cmd := exec.Command(os.Args[0], "-test.run=^TestResumeAfterKill$")
		cmd.Env = append(os.Environ(), "GRUNDY_STORE_CHILD="+dir)
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		time.Sleep(time.Duration(20+rng.IntN(400)) * time.Millisecond)
		if cmd.Process.Signal(syscall.SIGKILL) == nil {
			killed++
		}
		cmd.Wait()
		if h, err := ReadHeader(dir); err == nil {
			progress = append(progress, len(h.Tiers))
		}
	}
	h, err := Solve(context.Background(), r, 6, 24, dir, SolveOptions{Resume: true})
	if err != nil {
		t.Fatalf("resume after %d kills (seed %d): %v", killed, seed, err)
	}
	if h.Checksum != want.Checksum {
		t.Errorf("checksum after %d kills (seed %d) %s, want %s", killed, seed, h.Checksum, want.Checksum)
	}
	if _, err := Verify(context.Background(), dir, nil); err != nil {
		t.Errorf("Verify after kills: %v", err)
	}
	t.Logf("seed %d: killed %d times, complete tiers after each: %v of %d", seed, killed, progress, h.TierCount)
}

// TestResumeMappedChecksTiers damages a lower tier of an incomplete nim
// table, whose resume reads every lower tier memory-mapped.
func TestResumeMappedChecksTiers(t *testing.T) {
	r, _ := games.Parse("nim")
	dir := t.TempDir()
	ctx, cancel := context.WithCancel(context.Background())
	_, err := Solve(ctx, r, 3, 6, dir, SolveOptions{Tier: func(tier *solve.Tier) error {
		if tier.Sum == 9 {
			cancel()
		}
		return nil
	}})
	cancel()
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("Solve stopped at tier 9: %v", err)
	}
	path := filepath.Join(dir, TierFile(2))
	b, _ := os.ReadFile(path)
	b[1] ^= 1
	os.WriteFile(path, b, 0o644)
	if _, err := Solve(context.Background(), r, 3, 6, dir, SolveOptions{Resume: true}); !errors.Is(err, ErrCorrupt) {
		t.Errorf("resume over a damaged tier: error %v, want ErrCorrupt", err)
	}
	b[1] ^= 1
	os.WriteFile(path, b, 0o644)
	h, err := Solve(context.Background(), r, 3, 6, dir, SolveOptions{Resume: true})
	if err != nil {
		t.Fatal(err)
	}
	mem, _ := solve.SolveBox(context.Background(), r, solve.BoxSpec{Piles: 3, Max: 6, Kinds: grundy.KindG | grundy.KindGm})
	if h.Checksum != mem.Checksum() {
		t.Errorf("resumed checksum %s, in memory %s", h.Checksum, mem.Checksum())
	}
}
