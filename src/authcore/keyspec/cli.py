"""CLI commands of the key-specialized generator (filled in by the keyspec issue)."""
