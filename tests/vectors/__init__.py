"""Golden transcripts (JSON) and the scripts that write them: make_vectors.py for
the line games, make_dice_vectors.py and make_caminos_vectors.py for the others."""
