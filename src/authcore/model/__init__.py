"""Bit-exact reference model. Everything that computes a cryptographic value lives here."""
