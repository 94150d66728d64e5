"""Advice: the optimal strategy, the computer players, and the review of a finished game.

``state`` and ``level`` are light and load with the app; ``strategy``, ``players`` and
``review`` load only when a feature needs the strategy table.
"""
