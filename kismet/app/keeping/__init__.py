"""What is kept, and how: the keys and their bounds, the ``Store`` and its commits, the
finished games' ledger and statistics, the games put aside, the backup file."""
