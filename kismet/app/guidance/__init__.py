"""What helps the player: the coach and the hint, the first game's guide, the win
chances, daily games and challenges, luck against skill, and the progress priced."""
