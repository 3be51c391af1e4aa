package atomicfile

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// ErrNotRegular is wrapped by the errors about a path that holds
// something Write will not replace.
var ErrNotRegular = errors.New("not a regular file")

// A Target is what a path holds, as far as writing it is concerned.
type Target int

const (
	// Absent: nothing; Write creates the file.
	Absent Target = iota
	// Regular: a regular file, replaced atomically.
	Regular
	// Stream: a character device or a FIFO, which WriteOutput writes
	// through (Write refuses it).
	Stream
)

// Check reports what path holds, and an error wrapping ErrNotRegular for
// what no writer here may write: a symbolic link, a block device, a
// socket, a directory or anything else irregular. Commands call it before
// any work, so that a bad -o is refused before the work is done.
func Check(path string) (Target, error) {
	fi, err := os.Lstat(path)
	if errors.Is(err, fs.ErrNotExist) {
		return Absent, nil
	}
	if err != nil {
		return Absent, err
	}
	m := fi.Mode()
	switch {
	case m.IsRegular():
		return Regular, nil
	case m&fs.ModeNamedPipe != 0, m&fs.ModeCharDevice != 0:
		return Stream, nil
	}
	what := "not a regular file"
	switch {
	case m&fs.ModeSymlink != 0:
		what = "a symbolic link (give the file it points to)"
	case m.IsDir():
		what = "a directory"
	case m&fs.ModeDevice != 0:
		what = "a block device"
	case m&fs.ModeSocket != 0:
		what = "a socket"
	}
	return Absent, &os.PathError{Op: "write", Path: path, Err: fmt.Errorf("%w: %s", ErrNotRegular, what)}
}

// Write calls fill with a writer for path and publishes the file only if
// fill returns nil; on error or panic the temporary file is removed. A
// path holding anything but a regular file is refused (ErrNotRegular)
// and left as it is.
//
// The temporary file is named .NAME.tmp-PID-RANDOM; temporaries of
// path left by a process that no longer runs (killed before it could
// clean up) are removed first.
func Write(path string, fill func(io.Writer) error) error { return write(path, fill, true) }

// WriteFresh is Write for a writer that owns path's directory and removed
// its stale temporaries first (RemoveStaleIn): Write lists the directory
// for them at every call, and a table's thousands of tier files made that
// quadratic (2,001 tiers: 0.5 s of directory reads, most of the solve).
func WriteFresh(path string, fill func(io.Writer) error) error { return write(path, fill, false) }

func write(path string, fill func(io.Writer) error, clean bool) error {
	switch t, err := Check(path); {
	case err != nil:
		return err
	case t == Stream:
		return &os.PathError{Op: "write", Path: path, Err: fmt.Errorf("%w: a device or FIFO", ErrNotRegular)}
	}
	if clean {
		return replace(path, fill)
	}
	return create(path, fill)
}

// WriteOutput is Write for a command's output file: a character device or
// a FIFO at path is written through, not replaced (there is no old content
// to protect, and its reader wants the stream). Opening a FIFO waits for
// its reader; ctx ends the wait. Other non-regular files are refused as by
// Write.
func WriteOutput(ctx context.Context, path string, fill func(io.Writer) error) error {
	t, err := Check(path)
	if err != nil {
		return err
	}
	if t != Stream {
		return replace(path, fill)
	}
	f, err := openStream(ctx, path)
	if err != nil {
		return err
	}
	// Checked again on the open file: had a regular file taken the name
	// meanwhile, writing it without truncation would leave a mixture.
	if fi, err := f.Stat(); err != nil || fi.Mode()&(fs.ModeNamedPipe|fs.ModeCharDevice) == 0 {
		f.Close()
		return &os.PathError{Op: "write", Path: path, Err: fmt.Errorf("%w: changed while opened", ErrNotRegular)}
	}
	if err := fill(f); err != nil {
		f.Close()
		return err
	}
	if err := f.Close(); err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	return nil
}

// openStream opens a device or FIFO for writing. The open of a FIFO blocks
// until a reader opens it; when ctx ends first, a reader of our own
// (non-blocking) releases it and the file is closed.
func openStream(ctx context.Context, path string) (*os.File, error) {
	type opened struct {
		f   *os.File
		err error
	}
	ch := make(chan opened, 1)
	go func() {
		f, err := os.OpenFile(path, os.O_WRONLY, 0)
		ch <- opened{f, err}
	}()
	select {
	case o := <-ch:
		return o.f, o.err
	case <-ctx.Done():
		release(path)
		if o := <-ch; o.f != nil {
			o.f.Close()
		}
		return nil, ctx.Err()
	}
}

func replace(path string, fill func(io.Writer) error) error {
	RemoveStale(path)
	return create(path, fill)
}

// create writes path through a synced temporary renamed over it.
func create(path string, fill func(io.Writer) error) (err error) {
	tmp, err := os.CreateTemp(filepath.Dir(path), tmpPrefix(path)+strconv.Itoa(os.Getpid())+"-*")
	if err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	defer func() {
		if err != nil {
			tmp.Close()
			os.Remove(tmp.Name())
		}
	}()
	if err = fill(tmp); err != nil {
		return err
	}
	if err = tmp.Sync(); err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	if err = tmp.Close(); err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	if err = os.Chmod(tmp.Name(), 0o644); err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	if err = os.Rename(tmp.Name(), path); err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	return nil
}

func tmpPrefix(path string) string { return "." + filepath.Base(path) + ".tmp-" }

// RemoveStale removes the temporary files of Write for path whose writer
// is no longer running, and returns their names.
func RemoveStale(path string) []string {
	prefix := tmpPrefix(path)
	return removeStale(filepath.Dir(path), func(name string) (string, bool) { return strings.CutPrefix(name, prefix) })
}

// RemoveStaleIn removes the temporary files of Write for every file of dir
// whose writer is no longer running, and returns their names.
func RemoveStaleIn(dir string) []string {
	return removeStale(dir, func(name string) (string, bool) {
		if !strings.HasPrefix(name, ".") {
			return "", false
		}
		i := strings.LastIndex(name, ".tmp-")
		if i < 0 {
			return "", false
		}
		return name[i+len(".tmp-"):], true
	})
}

// removeStale removes the files of dir whose names tmpRest maps to the
// PID-RANDOM tail of a temporary whose writer is not running.
func removeStale(dir string, tmpRest func(name string) (string, bool)) []string {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil
	}
	var removed []string
	for _, e := range entries {
		rest, ok := tmpRest(e.Name())
		if !ok || e.IsDir() {
			continue
		}
		pidText, _, ok := strings.Cut(rest, "-")
		pid, err := strconv.Atoi(pidText)
		if !ok || err != nil || running(pid) {
			continue
		}
		name := filepath.Join(dir, e.Name())
		if os.Remove(name) == nil {
			removed = append(removed, name)
		}
	}
	return removed
}
