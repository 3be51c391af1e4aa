package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"sync"
	"time"

	"github.com/schollz/progressbar/v3"
	"golang.org/x/term"
)

// The runner of long jobs. Every command hands its work the command's
// context, which main cancels on Ctrl-C (exit status 130), and a progress
// callback from progress; results go through output.write, whose writer
// stops with the context and whose files are written atomically, so an
// interrupted job leaves no partial file (and atomicfile removes the
// temporaries a killed run left).

// progress returns a callback for engine.Options.Progress that draws a bar
// on stderr once the work has run for progressAfter — or, when stderr is
// not a terminal, prints a line every a.progressEvery — and a func that
// clears it.
func (a *app) progress(what string) (report func(done, total uint64), finish func()) {
	start := time.Now()
	if f, ok := a.stderr.(*os.File); !ok || !term.IsTerminal(int(f.Fd())) {
		return a.progressLines(what, start)
	}
	var mu sync.Mutex
	var bar *progressbar.ProgressBar
	report = func(done, total uint64) {
		mu.Lock()
		defer mu.Unlock()
		if bar == nil {
			if time.Since(start) < a.progressAfter {
				return
			}
			max := int64(total)
			if total == 0 {
				max = -1 // unknown: a spinner with a count
			}
			bar = progressbar.NewOptions64(max,
				progressbar.OptionSetWriter(a.stderr),
				progressbar.OptionSetDescription(what),
				progressbar.OptionShowCount(),
				progressbar.OptionSetPredictTime(true),
				progressbar.OptionThrottle(200*time.Millisecond),
				progressbar.OptionClearOnFinish(),
			)
		}
		bar.Set64(int64(done))
	}
	finish = func() {
		mu.Lock()
		defer mu.Unlock()
		if bar != nil {
			bar.Finish()
			bar.Clear()
			fmt.Fprint(a.stderr, "\r\033[K")
		}
	}
	return report, finish
}

// ctxWriter fails writes once ctx is done, so that writing a large
// result stops on Ctrl-C.
// It reports the bytes written to progress, if set (done counts them).
type ctxWriter struct {
	ctx      context.Context
	w        io.Writer
	progress func(done, total uint64)
	done     *uint64
}

func (c ctxWriter) Write(p []byte) (int, error) {
	if err := c.ctx.Err(); err != nil {
		return 0, err
	}
	n, err := c.w.Write(p)
	if c.progress != nil {
		*c.done += uint64(n)
		c.progress(*c.done, 0)
	}
	return n, err
}

// busy runs work, which takes no context and reports no progress, with a
// spinner (or a line now and then) and returns ctx.Err() as soon as ctx
// is done; work then runs on until the process exits.
func (a *app) busy(ctx context.Context, what string, work func() error) error {
	report, finish := a.progress(what)
	defer finish()
	done := make(chan error, 1)
	go func() { done <- work() }()
	tick := time.NewTicker(200 * time.Millisecond)
	defer tick.Stop()
	for {
		select {
		case err := <-done:
			return err
		case <-ctx.Done():
			return ctx.Err()
		case <-tick.C:
			report(0, 0)
		}
	}
}

// progressLines is progress off a terminal: a line every a.progressEvery
// after a.progressAfter, with the last state reported — also when work
// reports rarely (a search whose positions have a million followers).
func (a *app) progressLines(what string, start time.Time) (report func(done, total uint64), finish func()) {
	var mu sync.Mutex
	var done, total uint64
	stop := make(chan struct{})
	stopped := make(chan struct{})
	go func() {
		defer close(stopped)
		select {
		case <-time.After(a.progressAfter):
		case <-stop:
			return
		}
		tick := time.NewTicker(a.progressEvery)
		defer tick.Stop()
		for {
			mu.Lock()
			d, t := done, total
			mu.Unlock()
			elapsed := time.Since(start).Round(time.Second)
			switch {
			case t > 0:
				fmt.Fprintf(a.stderr, "grundy: %s %d of %d (%.0f%%), %v\n", what, d, t, 100*float64(d)/float64(t), elapsed)
			case d == 0:
				fmt.Fprintf(a.stderr, "grundy: %s, %v\n", what, elapsed)
			default:
				fmt.Fprintf(a.stderr, "grundy: %s %d, %v\n", what, d, elapsed)
			}
			select {
			case <-tick.C:
			case <-stop:
				return
			}
		}
	}()
	report = func(d, t uint64) {
		mu.Lock()
		done, total = d, t
		mu.Unlock()
	}
	finish = func() {
		close(stop)
		<-stopped
	}
	return report, finish
}
