"""The parser's own training data: invented records rendered through many citation styles."""
