package main

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"os"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/spf13/cobra"
	tlog "go.temporal.io/sdk/log"
)

// logFlags choose the one format of every line grundy-worker logs, its
// own and the Temporal SDK's: text (a line headed by the time in UTC and
// the level, then the message and key=value pairs) or JSON (one object a
// line, as log shippers read), both on stderr (the twelve-factor way:
// the platform collects them).
type logFlags struct {
	format, level string
}

func (l *logFlags) add(cmd *cobra.Command) {
	f := cmd.PersistentFlags()
	f.StringVar(&l.format, "log-format", envOr("GRUNDY_LOG_FORMAT", "text"), "log lines as text or json ($GRUNDY_LOG_FORMAT)")
	f.StringVar(&l.level, "log-level", envOr("GRUNDY_LOG_LEVEL", "info"), "least level logged: debug, info, warn or error; the Temporal SDK's lines from warn on unless debug ($GRUNDY_LOG_LEVEL)")
}

// loggers are the program's and the SDK's logger (set by setup; text at
// info until then), shared by every command of the process.
var loggers atomic.Pointer[logPair]

type logPair struct {
	own  *slog.Logger
	sdk  tlog.Logger
	json bool
}

// setup makes the loggers from the flags, writing to w.
func (l *logFlags) setup(w io.Writer) error {
	var level slog.Level
	if err := level.UnmarshalText([]byte(l.level)); err != nil {
		return badInput{fmt.Errorf("--log-level %q: want debug, info, warn or error", l.level)}
	}
	// The SDK logs every poll and task at info level: its warnings and
	// errors are what an operator needs, unless debugging.
	sdkLevel := max(level, slog.LevelWarn)
	if level <= slog.LevelDebug {
		sdkLevel = level
	}
	var own, sdk slog.Handler
	switch l.format {
	case "text":
		mu := new(sync.Mutex)
		own = &lineHandler{w: w, mu: mu, level: level}
		sdk = &lineHandler{w: w, mu: mu, level: sdkLevel}
	case "json":
		utc := func(_ []string, a slog.Attr) slog.Attr {
			if a.Key == slog.TimeKey && a.Value.Kind() == slog.KindTime {
				a.Value = slog.TimeValue(a.Value.Time().UTC())
			}
			return a
		}
		own = slog.NewJSONHandler(w, &slog.HandlerOptions{Level: level, ReplaceAttr: utc})
		sdk = slog.NewJSONHandler(w, &slog.HandlerOptions{Level: sdkLevel, ReplaceAttr: utc})
	default:
		return badInput{fmt.Errorf("--log-format %q: want text or json", l.format)}
	}
	loggers.Store(&logPair{own: slog.New(own), sdk: tlog.NewStructuredLogger(slog.New(sdk).With("source", "temporal-sdk")), json: l.format == "json"})
	return nil
}

func currentLoggers() *logPair {
	if p := loggers.Load(); p != nil {
		return p
	}
	l := logFlags{format: "text", level: "info"}
	l.setup(os.Stderr)
	return loggers.Load()
}

// logger is grundy-worker's own logger.
func logger() *slog.Logger { return currentLoggers().own }

// logf logs a line at info level.
func logf(format string, args ...any) { logger().Info(fmt.Sprintf(format, args...)) }

// warnf logs a line at warn level.
func warnf(format string, args ...any) { logger().Warn(fmt.Sprintf(format, args...)) }

// A lineHandler writes a record as one line: the time in UTC to the
// millisecond, the level, the message (on one line), then key=value
// pairs, values quoted where they hold spaces, quotes or '='.
type lineHandler struct {
	w      io.Writer
	mu     *sync.Mutex
	level  slog.Level
	attrs  []byte // the pairs of WithAttrs, formatted
	prefix string // of WithGroup, "a.b."
}

func (h *lineHandler) Enabled(_ context.Context, l slog.Level) bool { return l >= h.level }

func (h *lineHandler) Handle(_ context.Context, r slog.Record) error {
	buf := make([]byte, 0, 160)
	t := r.Time
	if t.IsZero() {
		t = time.Now()
	}
	buf = t.UTC().AppendFormat(buf, "2006-01-02T15:04:05.000Z")
	buf = append(buf, ' ')
	buf = append(buf, r.Level.String()...)
	buf = append(buf, ' ')
	buf = append(buf, strings.Join(strings.Fields(r.Message), " ")...)
	buf = append(buf, h.attrs...)
	r.Attrs(func(a slog.Attr) bool {
		buf = appendAttr(buf, h.prefix, a)
		return true
	})
	buf = append(buf, '\n')
	h.mu.Lock()
	defer h.mu.Unlock()
	_, err := h.w.Write(buf)
	return err
}

func (h *lineHandler) WithAttrs(as []slog.Attr) slog.Handler {
	c := *h
	c.attrs = append([]byte(nil), h.attrs...)
	for _, a := range as {
		c.attrs = appendAttr(c.attrs, h.prefix, a)
	}
	return &c
}

func (h *lineHandler) WithGroup(name string) slog.Handler {
	if name == "" {
		return h
	}
	c := *h
	c.prefix = h.prefix + name + "."
	return &c
}

func appendAttr(buf []byte, prefix string, a slog.Attr) []byte {
	a.Value = a.Value.Resolve()
	if a.Equal(slog.Attr{}) {
		return buf
	}
	if a.Value.Kind() == slog.KindGroup {
		p := prefix
		if a.Key != "" {
			p += a.Key + "."
		}
		for _, g := range a.Value.Group() {
			buf = appendAttr(buf, p, g)
		}
		return buf
	}
	buf = append(buf, ' ')
	buf = append(buf, prefix...)
	buf = append(buf, a.Key...)
	buf = append(buf, '=')
	var v string
	switch a.Value.Kind() {
	case slog.KindTime:
		v = a.Value.Time().UTC().Format(time.RFC3339Nano)
	default:
		v = a.Value.String()
	}
	if v == "" || strings.ContainsAny(v, " \t\n\r\"=") || !strconv.CanBackquote(v) {
		return strconv.AppendQuote(buf, v)
	}
	return append(buf, v...)
}
