package flow

import (
	"errors"

	"go.temporal.io/sdk/temporal"
)

// Cause is the message an activity failed with, without the layers
// Temporal's errors wrap around it (activity type, event IDs, retry
// state), each of which repeats its cause's text: a corrupt object's
// error otherwise reads four times on one line. An error that carries no
// application message is returned as it is.
func Cause(err error) string {
	msg := ""
	for e := err; e != nil; e = errors.Unwrap(e) {
		if a, ok := e.(*temporal.ApplicationError); ok {
			msg = a.Message()
		}
	}
	if msg == "" && err != nil {
		return err.Error()
	}
	return msg
}

// failed is the workflow's error for an activity's failure: where it
// happened and the activity's own message, once, keeping the error type
// (Corrupt, BadJob) a caller can test.
func failed(where string, err error) error {
	if temporal.IsCanceledError(err) {
		return err
	}
	typ := ""
	var app *temporal.ApplicationError
	if errors.As(err, &app) {
		typ = app.Type()
	}
	return temporal.NewNonRetryableApplicationError(where+": "+Cause(err), typ, nil)
}
