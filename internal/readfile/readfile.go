package readfile

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
)

// ErrNotRegular is wrapped by the error of Regular and Open for a path
// that holds something other than a regular file.
var ErrNotRegular = errors.New("not a regular file")

// A TooLargeError is a file longer than the most its reader takes.
type TooLargeError struct {
	Path string
	What string // what the file is to its reader: "claim file", "table header"
	Max  int64  // bytes
}

func (e *TooLargeError) Error() string {
	return fmt.Sprintf("%s %s: larger than %s, the most grundy reads of a %s", e.What, e.Path, Bytes(e.Max), e.What)
}

// Read reads the file at path, what names it in errors ("claim file");
// a file of more than max bytes is refused with a *TooLargeError before
// more than max+1 bytes are read. A FIFO or a character device is read
// as a stream (a FIFO with no writer reads as empty rather than waiting);
// a directory is refused by the read.
func Read(path, what string, max int64) ([]byte, error) {
	f, err := open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return read(f, path, what, max)
}

// Regular is Read for a file that must be a regular file, such as the
// files of a table directory: anything else (a FIFO, a device, a
// directory) is refused without being read, with an error wrapping
// ErrNotRegular.
func Regular(path, what string, max int64) ([]byte, error) {
	f, err := Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return read(f, path, what, max)
}

// Open opens path for reading if it is a regular file (after symbolic
// links), without waiting on a FIFO; anything else is refused with an
// error wrapping ErrNotRegular, checked on the opened file so that the
// path cannot change between the check and the read.
func Open(path string) (*os.File, error) {
	f, err := open(path)
	if err != nil {
		return nil, err
	}
	fi, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, err
	}
	if !fi.Mode().IsRegular() {
		f.Close()
		return nil, &os.PathError{Op: "read", Path: path, Err: fmt.Errorf("%w: %s", ErrNotRegular, kind(fi.Mode()))}
	}
	return f, nil
}

func read(f *os.File, path, what string, max int64) ([]byte, error) {
	size := int64(512)
	if fi, err := f.Stat(); err == nil && fi.Mode().IsRegular() {
		if fi.Size() > max {
			return nil, &TooLargeError{Path: path, What: what, Max: max}
		}
		size = fi.Size() + 1 // one more, to see the end at once
	}
	b := make([]byte, 0, min(size, max+1))
	for {
		if len(b) == cap(b) {
			b = append(b, 0)[:len(b)]
		}
		n, err := f.Read(b[len(b):min(int64(cap(b)), max+1)])
		b = b[:len(b)+n]
		if int64(len(b)) > max {
			return nil, &TooLargeError{Path: path, What: what, Max: max}
		}
		if err == io.EOF {
			return b, nil
		}
		if err != nil {
			return nil, err
		}
	}
}

func kind(m fs.FileMode) string {
	switch {
	case m&fs.ModeNamedPipe != 0:
		return "a FIFO"
	case m&fs.ModeCharDevice != 0:
		return "a character device"
	case m&fs.ModeDevice != 0:
		return "a block device"
	case m&fs.ModeSocket != 0:
		return "a socket"
	case m.IsDir():
		return "a directory"
	}
	return "of an unknown kind"
}

// Bytes writes a cap for people: "4 MiB", "64 KiB", "100 bytes".
func Bytes(n int64) string {
	for _, u := range []struct {
		shift uint
		name  string
	}{{30, "GiB"}, {20, "MiB"}, {10, "KiB"}} {
		if n >= 1<<u.shift && n%(1<<u.shift) == 0 {
			return fmt.Sprintf("%d %s", n>>u.shift, u.name)
		}
	}
	return fmt.Sprintf("%d bytes", n)
}
