package store

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/grundy/grundy/internal/readfile"
)

// LockFile is the name of the writer's lock in a table directory.
const LockFile = "lock"

// ErrLocked is wrapped by the error for a table directory another writer
// holds.
var ErrLocked = errors.New("table directory in use by another writer")

// A LockedError says which process holds a table directory's lock.
type LockedError struct {
	Dir string
	PID int // 0 when it did not say
}

func (e *LockedError) Error() string {
	if e.PID > 0 {
		return fmt.Sprintf("%s: %v (process %d)", e.Dir, ErrLocked, e.PID)
	}
	return fmt.Sprintf("%s: %v", e.Dir, ErrLocked)
}

func (e *LockedError) Unwrap() error { return ErrLocked }

// Lock takes the writer's lock of the table in dir, or fails with a
// *LockedError when another process (or another Lock in this one, after
// lockGrace) holds it. The lock is an advisory lock (flock) on the file
// LockFile, which holds the holder's process id for that message. The
// kernel releases it when its holder exits, however it exits, so a lock
// file a killed writer left behind is not a lock: there is no stale lock
// to break. unlock releases it and leaves the file.
func Lock(dir string) (unlock func(), err error) {
	f, err := os.OpenFile(filepath.Join(dir, LockFile), os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return nil, err
	}
	// The lock file is grundy's own: a FIFO or a device put in its
	// place would take the process id written for the message.
	if fi, err := f.Stat(); err != nil || !fi.Mode().IsRegular() {
		f.Close()
		if err == nil {
			err = &os.PathError{Op: "lock", Path: filepath.Join(dir, LockFile), Err: readfile.ErrNotRegular}
		}
		return nil, err
	}
	deadline := time.Now().Add(lockGrace)
	for {
		held, err := tryLock(f)
		if err != nil {
			f.Close()
			return nil, fmt.Errorf("lock %s: %w", dir, err)
		}
		if !held {
			break
		}
		b := make([]byte, 20)
		n, _ := f.ReadAt(b, 0)
		pid, _ := strconv.Atoi(strings.TrimSpace(string(b[:n])))
		if pid != 0 && pid != os.Getpid() || time.Now().After(deadline) {
			f.Close()
			return nil, &LockedError{Dir: dir, PID: pid}
		}
		time.Sleep(time.Millisecond)
	}
	if err := f.Truncate(0); err == nil {
		f.WriteAt([]byte(strconv.Itoa(os.Getpid())+"\n"), 0)
	}
	return func() {
		f.Truncate(0)
		f.Close() // releases the lock
	}, nil
}

// lockGrace is how long Lock tries again a lock that names this process
// or no process. One this process has just released may still be held
// for a moment: a child process another goroutine is starting holds a
// copy of every descriptor from fork to exec, and a flock belongs to the
// open file, not to the descriptor (a resume right after a cancelled
// solve failed so in a test that started children alongside).
const lockGrace = 100 * time.Millisecond
