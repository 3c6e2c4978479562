"""CLI commands of the implementation flow (filled in by the flow issue)."""
