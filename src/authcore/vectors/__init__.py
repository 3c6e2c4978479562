"""Readers for public test vectors: NIST CAVP .rsp files, RFC test files, the GCM spec's cases."""
