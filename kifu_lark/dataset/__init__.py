"""Archives at scale: records to tables and engine training data."""
