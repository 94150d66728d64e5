"""The plain records every part shares: a ``Table`` and its seats, the settings, the
real-dice entry, the daily seed, the keyboard and what prints."""
