"""The engine protocol: JSON requests in, JSON responses out (docs/protocol.md)."""
