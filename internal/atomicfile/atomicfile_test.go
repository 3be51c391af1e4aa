package atomicfile

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"testing"
	"time"
)

func TestWrite(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "out.txt")
	if err := Write(path, func(w io.Writer) error { _, err := io.WriteString(w, "first"); return err }); err != nil {
		t.Fatal(err)
	}
	// A failing fill leaves the old file whole and no temporary behind.
	boom := errors.New("boom")
	err := Write(path, func(w io.Writer) error { io.WriteString(w, "partial"); return boom })
	if !errors.Is(err, boom) {
		t.Fatalf("Write = %v, want boom", err)
	}
	got, _ := os.ReadFile(path)
	if string(got) != "first" {
		t.Errorf("file holds %q after a failed write, want %q", got, "first")
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 1 {
		t.Errorf("directory holds %d entries, want only out.txt", len(entries))
	}
}

// TestRemoveStale: a temporary left by a killed writer (a process id that
// does not run) goes on the next write; one of a running writer, and
// other files, stay.
func TestRemoveStale(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "out.csv")
	dead := filepath.Join(dir, ".out.csv.tmp-999999999-123")
	live := filepath.Join(dir, fmt.Sprintf(".out.csv.tmp-%d-456", os.Getpid()))
	other := filepath.Join(dir, ".other.csv.tmp-999999999-1")
	for _, f := range []string{dead, live, other} {
		if err := os.WriteFile(f, []byte("partial"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := Write(path, func(w io.Writer) error { _, err := io.WriteString(w, "x"); return err }); err != nil {
		t.Fatal(err)
	}
	for f, want := range map[string]bool{dead: false, live: true, other: true, path: true} {
		if _, err := os.Stat(f); (err == nil) != want {
			t.Errorf("%s exists = %v, want %v", filepath.Base(f), err == nil, want)
		}
	}
}

// TestRemoveStaleIn: every dead writer's temporary in the directory goes,
// whatever file it was for; a live writer's and other files stay. Then
// WriteFresh writes without looking for them.
func TestRemoveStaleIn(t *testing.T) {
	dir := t.TempDir()
	deadA := filepath.Join(dir, ".tier-000001.bin.tmp-999999999-1")
	deadB := filepath.Join(dir, ".header.json.tmp-999999999-2")
	live := filepath.Join(dir, fmt.Sprintf(".tier-000002.bin.tmp-%d-3", os.Getpid()))
	hidden := filepath.Join(dir, ".tmp-notes") // no writer's name before .tmp-
	plain := filepath.Join(dir, "tier-000001.bin")
	for _, f := range []string{deadA, deadB, live, hidden, plain} {
		if err := os.WriteFile(f, []byte("partial"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	removed := RemoveStaleIn(dir)
	if len(removed) != 2 {
		t.Errorf("RemoveStaleIn removed %q, want the two dead writers' files", removed)
	}
	for f, want := range map[string]bool{deadA: false, deadB: false, live: true, hidden: true, plain: true} {
		if _, err := os.Stat(f); (err == nil) != want {
			t.Errorf("%s exists = %v, want %v", filepath.Base(f), err == nil, want)
		}
	}
	if err := WriteFresh(plain, func(w io.Writer) error { _, err := io.WriteString(w, "done"); return err }); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(plain); string(b) != "done" {
		t.Errorf("WriteFresh wrote %q, want done", b)
	}
}

// TestNonRegular: a symbolic link, a directory, a FIFO and a character
// device at the path are never replaced. Write refuses them all;
// WriteOutput writes through the FIFO and the device and refuses the rest.
func TestNonRegular(t *testing.T) {
	dir := t.TempDir()
	target := filepath.Join(dir, "target")
	if err := os.WriteFile(target, []byte("keep"), 0o644); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, "link")
	if err := os.Symlink(target, link); err != nil {
		t.Fatal(err)
	}
	sub := filepath.Join(dir, "sub")
	if err := os.Mkdir(sub, 0o755); err != nil {
		t.Fatal(err)
	}
	fill := func(w io.Writer) error { _, err := io.WriteString(w, "new"); return err }
	for _, path := range []string{link, sub} {
		before, _ := os.Lstat(path)
		for name, write := range map[string]func() error{
			"Write":       func() error { return Write(path, fill) },
			"WriteOutput": func() error { return WriteOutput(context.Background(), path, fill) },
		} {
			if err := write(); !errors.Is(err, ErrNotRegular) {
				t.Errorf("%s(%s) = %v, want ErrNotRegular", name, filepath.Base(path), err)
			}
			after, err := os.Lstat(path)
			if err != nil || after.Mode() != before.Mode() {
				t.Errorf("%s(%s) changed it: mode %v, was %v", name, filepath.Base(path), after.Mode(), before.Mode())
			}
		}
	}
	if got, _ := os.ReadFile(target); string(got) != "keep" {
		t.Errorf("the link's target holds %q, want %q", got, "keep")
	}
}

func TestFIFO(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo")
	if err := mkfifo(fifo); err != nil {
		t.Skipf("no FIFO here: %v", err)
	}
	fill := func(w io.Writer) error { _, err := io.WriteString(w, "streamed"); return err }
	if err := Write(fifo, fill); !errors.Is(err, ErrNotRegular) {
		t.Errorf("Write(fifo) = %v, want ErrNotRegular", err)
	}
	got := make(chan string)
	go func() {
		f, err := os.Open(fifo)
		if err != nil {
			got <- err.Error()
			return
		}
		b, _ := io.ReadAll(f)
		f.Close()
		got <- string(b)
	}()
	if err := WriteOutput(context.Background(), fifo, fill); err != nil {
		t.Fatalf("WriteOutput(fifo) = %v", err)
	}
	if s := <-got; s != "streamed" {
		t.Errorf("the FIFO's reader got %q, want %q", s, "streamed")
	}
	if fi, err := os.Lstat(fifo); err != nil || fi.Mode()&os.ModeNamedPipe == 0 {
		t.Errorf("fifo is no longer a FIFO: %v, %v", fi.Mode(), err)
	}
	// No reader: the open waits, and the context ends the wait.
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	if err := WriteOutput(ctx, fifo, fill); !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("WriteOutput(fifo without reader) = %v, want the context's error", err)
	}
}

// TestDevice makes a device like /dev/null in a temporary directory (the
// real one is never touched); it needs the right to make devices.
func TestDevice(t *testing.T) {
	dev := filepath.Join(t.TempDir(), "null")
	if err := mknull(dev); err != nil {
		t.Skipf("cannot make a device here: %v", err)
	}
	fill := func(w io.Writer) error { _, err := io.WriteString(w, "discarded"); return err }
	if err := Write(dev, fill); !errors.Is(err, ErrNotRegular) {
		t.Errorf("Write(device) = %v, want ErrNotRegular", err)
	}
	if err := WriteOutput(context.Background(), dev, fill); err != nil {
		t.Errorf("WriteOutput(device) = %v", err)
	}
	if fi, err := os.Lstat(dev); err != nil || fi.Mode()&os.ModeCharDevice == 0 {
		t.Errorf("the device was replaced: mode %v, %v", fi.Mode(), err)
	}
}
