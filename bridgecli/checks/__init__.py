"""Batch checks of boards: the library behind validate-auction and play."""
