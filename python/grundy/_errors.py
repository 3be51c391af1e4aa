"""grundy's errors as Python exceptions: the CLI's message, a stable kind
and the exit status the CLI would give (docs/python.md)."""


class GrundyError(Exception):
    """An error of grundy: message is the CLI's line ("grundy: …"), kind
    one of bad-input, unknown-game, budget, failure, cancelled, protocol or
    server (the pipe process died), status the CLI's exit status."""

    kind = "failure"

    def __init__(self, message, kind=None, status=1):
        super().__init__(message)
        self.message = message
        if kind is not None:
            self.kind = kind
        self.status = status

    def __str__(self):
        return self.message


class BadInput(GrundyError, ValueError):
    kind = "bad-input"


class UnknownGame(BadInput):
    kind = "unknown-game"


class BudgetExceeded(BadInput):
    kind = "budget"


class Cancelled(GrundyError):
    kind = "cancelled"


class ProtocolError(GrundyError):
    kind = "protocol"


class ServerDied(GrundyError):
    kind = "server"


_KINDS = {c.kind: c for c in (BadInput, UnknownGame, BudgetExceeded, Cancelled, ProtocolError, ServerDied)}


def from_response(r):
    """The exception of an error response."""
    cls = _KINDS.get(r.get("kind"), GrundyError)
    return cls(r.get("error", "grundy: error"), r.get("kind"), r.get("status", 1))
