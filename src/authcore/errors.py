"""Exceptions raised by authcore's Python API.

The CLI turns every :class:`AuthcoreError` into one line on stderr and exit status 2
(``AuthenticationError`` exits 1: the input was well formed, the tag was wrong).
"""


class AuthcoreError(Exception):
    """Base class of every error authcore raises on purpose."""


class InvalidParameter(AuthcoreError, ValueError):
    """A key, IV, tag length, message length or option outside what the algorithm allows."""


class AuthenticationError(AuthcoreError):
    """A GCM tag or HMAC did not match: the data must not be used."""


class VectorFormatError(AuthcoreError):
    """A test-vector file could not be parsed in any of the layouts authcore reads."""


class ToolError(AuthcoreError):
    """An external tool (Yosys, nextpnr, Icarus, Verilator) failed; the message names its full log."""

    def __init__(self, message: str, log_path: str | None = None) -> None:
        super().__init__(message if log_path is None else f"{message} (full log: {log_path})")
        self.message = message
        self.log_path = log_path


class ProofError(AuthcoreError):
    """A generated key-specialized multiplier is not the map x -> x*H it claims to be."""
