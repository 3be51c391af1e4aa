package store

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"testing"
	"time"

	"github.com/grundy/grundy"
	"github.com/grundy/grundy/games"
)

// forge gives the table in dir the header of game: the game named, and
// the checksum that game, the box and the tier digests give, so that only
// the values can tell (issue 24: a header naming another game answered
// G=3 for nim's 1,2,3,4, whose G is 4).
func forge(t *testing.T, dir, game string) {
	t.Helper()
	h, err := ReadHeader(dir)
	if err != nil {
		t.Fatal(err)
	}
	r, _ := games.Parse(game)
	kinds, _ := grundy.ParseKinds(h.Kinds)
	h.Game = game
	if h.Checksum, err = headerChecksum(h, r, kinds); err != nil {
		t.Fatal(err)
	}
	if err := writeHeader(dir, h); err != nil {
		t.Fatal(err)
	}
}

func solveInto(t *testing.T, game string, piles, max int, kinds grundy.Kinds) (string, *Header) {
	t.Helper()
	r, _ := games.Parse(game)
	dir := t.TempDir()
	h, err := Solve(context.Background(), r, piles, max, dir, SolveOptions{Kinds: kinds})
	if err != nil {
		t.Fatal(err)
	}
	return dir, h
}

// TestHeaderNamesAnotherGame: a header whose game was edited is refused
// by Open (its checksum no longer matches); one forged whole, checksum and
// all, by SpotCheck and so by Verify and a resume.
func TestHeaderNamesAnotherGame(t *testing.T) {
	// Mostly waits on the disk (each tier is synced): in parallel with
	// the others that do.
	t.Parallel()
	for _, c := range []struct {
		solved, named string
		piles, max    int
		kinds         grundy.Kinds
	}{
		{"slow-exact:k=2", "nim", 4, 5, 0},
		{"nim", "slow-exact:k=2", 4, 5, 0},
		{"wythoff", "nim", 2, 9, grundy.AllKinds},
		{"slow-moore:k=2", "slow-exact:k=2", 3, 8, grundy.KindR},
	} {
		dir, _ := solveInto(t, c.solved, c.piles, c.max, c.kinds)
		h, _ := ReadHeader(dir)
		h.Game = c.named
		writeHeader(dir, h)
		if _, err := Open(dir); !errors.Is(err, ErrCorrupt) {
			t.Errorf("Open(%s's table named %s) = %v, want ErrCorrupt", c.solved, c.named, err)
		}
		forge(t, dir, c.named)
		tab, err := Open(dir)
		if err != nil {
			t.Fatalf("Open(forged) = %v", err)
		}
		if err := tab.SpotCheck(context.Background()); !errors.Is(err, ErrCorrupt) {
			t.Errorf("SpotCheck(%s's table named %s) = %v, want ErrCorrupt", c.solved, c.named, err)
		}
		if _, err := Verify(context.Background(), dir, nil); !errors.Is(err, ErrCorrupt) {
			t.Errorf("Verify(%s's table named %s) = %v, want ErrCorrupt", c.solved, c.named, err)
		}
		r, _ := games.Parse(c.named)
		_, err = Solve(context.Background(), r, c.piles, c.max, dir, SolveOptions{Kinds: c.kinds, Resume: true, Repair: true})
		if !errors.Is(err, ErrCorrupt) {
			t.Errorf("resume of %s's table named %s = %v, want ErrCorrupt (not repaired)", c.solved, c.named, err)
		}
	}
	// The genuine tables pass.
	for _, c := range boxes {
		dir, _ := solveInto(t, c.game, c.piles, c.max, c.kinds)
		tab, err := Open(dir)
		if err != nil {
			t.Fatal(err)
		}
		if err := tab.SpotCheck(context.Background()); err != nil {
			t.Errorf("SpotCheck(%s) = %v", c.game, err)
		}
	}
}

// TestResumeFinishedDamaged: resuming a finished table re-reads its tiers;
// a damaged one fails (it used to exit 0 with the header's checksum), and
// with Repair is solved again, giving the table's checksum.
func TestResumeFinishedDamaged(t *testing.T) {
	for _, game := range []string{"slow-exact:k=2", "nim"} {
		r, _ := games.Parse(game)
		dir, want := solveInto(t, game, 4, 6, 0)
		path := filepath.Join(dir, TierFile(9))
		b, _ := os.ReadFile(path)
		b[3] ^= 0x10
		os.WriteFile(path, b, 0o644)
		_, err := Solve(context.Background(), r, 4, 6, dir, SolveOptions{Resume: true})
		var damaged *DamagedTierError
		if !errors.As(err, &damaged) || damaged.Tier != 9 || !errors.Is(err, ErrCorrupt) {
			t.Fatalf("resume of %s with tier 9 damaged: %v, want a DamagedTierError for tier 9", game, err)
		}
		h, err := Solve(context.Background(), r, 4, 6, dir, SolveOptions{Resume: true, Repair: true})
		if err != nil {
			t.Fatalf("repair of %s: %v", game, err)
		}
		if h.Checksum != want.Checksum {
			t.Errorf("repaired %s: checksum %s, want %s", game, h.Checksum, want.Checksum)
		}
		if _, err := Verify(context.Background(), dir, nil); err != nil {
			t.Errorf("Verify after repair of %s: %v", game, err)
		}
	}
}

// TestLock: a second writer is refused while the first holds the
// directory; a lock file left by a writer that is gone is no lock.
func TestLock(t *testing.T) {
	r, _ := games.Parse("nim")
	dir := t.TempDir()
	unlock, err := Lock(dir)
	if err != nil {
		t.Fatal(err)
	}
	_, err = Solve(context.Background(), r, 3, 4, dir, SolveOptions{})
	var locked *LockedError
	if !errors.Is(err, ErrLocked) || !errors.As(err, &locked) || locked.PID != os.Getpid() {
		t.Fatalf("Solve into a locked directory = %v, want ErrLocked naming process %d", err, os.Getpid())
	}
	if _, err := ReadHeader(dir); !errors.Is(err, ErrNoTable) {
		t.Errorf("the refused writer wrote a header: %v", err)
	}
	unlock()
	// What a killed writer leaves: the file, with its process id.
	if err := os.WriteFile(filepath.Join(dir, LockFile), []byte("999999999\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := Solve(context.Background(), r, 3, 4, dir, SolveOptions{}); err != nil {
		t.Errorf("Solve after a writer's exit: %v", err)
	}
}

// TestLockAfterForkedCopy: a lock this process released, still held for a
// moment through another open file (as by a child between fork and exec,
// whose copy of the descriptor keeps the flock), is taken once that copy
// goes; a lock naming another process is refused at once.
func TestLockAfterForkedCopy(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("flock")
	}
	dir := t.TempDir()
	unlock, err := Lock(dir)
	if err != nil {
		t.Fatal(err)
	}
	unlock() // the lock file is left empty
	copyOf, err := os.OpenFile(filepath.Join(dir, LockFile), os.O_RDWR, 0)
	if err != nil {
		t.Fatal(err)
	}
	if held, err := tryLock(copyOf); held || err != nil {
		t.Fatalf("taking the lock through a second open file: held %v, %v", held, err)
	}
	go func() {
		time.Sleep(20 * time.Millisecond)
		copyOf.Close()
	}()
	unlock, err = Lock(dir)
	if err != nil {
		t.Fatalf("Lock while a released lock lingers for 20 ms: %v", err)
	}
	unlock()

	other, err := os.OpenFile(filepath.Join(dir, LockFile), os.O_RDWR, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer other.Close()
	if held, err := tryLock(other); held || err != nil {
		t.Fatalf("taking the lock through a second open file: held %v, %v", held, err)
	}
	other.WriteAt([]byte("999999999\n"), 0)
	began := time.Now()
	_, err = Lock(dir)
	var locked *LockedError
	if !errors.As(err, &locked) || locked.PID != 999999999 || time.Since(began) > lockGrace/2 {
		t.Errorf("Lock of a lock naming process 999999999 = %v after %v, want LockedError at once", err, time.Since(began))
	}
}
