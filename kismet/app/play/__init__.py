"""The game at the table: which game is seated (``Tables``), choosing one (``Lobby``), the
moves on it (``Moves``), the turn's marks, the computers' steps and the game over."""
