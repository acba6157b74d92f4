"""The installed C library driven from Python by cffi in ABI mode."""
