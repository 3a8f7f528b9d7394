"""Phones that follow one phone live: the host's screen and the follower's."""
