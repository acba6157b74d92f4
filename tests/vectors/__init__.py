"""Golden transcripts of the line games (see make_vectors.py)."""
