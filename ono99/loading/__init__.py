"""ono99.loading."""
