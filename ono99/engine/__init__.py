"""ono99.engine."""
