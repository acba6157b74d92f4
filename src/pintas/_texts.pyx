# cython: language_level=3
"""The sentences events read as and the words for seats, from the C core's
table (pintas/texts.h): the one place they are written, for every home."""

cdef extern from "pintas/texts.h" nogil:
    ctypedef struct pintas_text:
        const char *key
        const char *text
    ctypedef struct pintas_texts:
        const pintas_text *items
        unsigned short count
    const pintas_texts pintas_line_texts
    const pintas_texts pintas_caminos_texts
    const pintas_texts pintas_dice_texts
    const pintas_texts pintas_word_texts


cdef dict _as_dict(const pintas_texts *table):
    return {table.items[i].key.decode("ascii"): table.items[i].text.decode("ascii")
            for i in range(table.count)}


def texts(str name):
    """The table ``name`` ("line", "caminos", "dice" or "words") as a new dict
    of key to template."""
    if name == "line":
        return _as_dict(&pintas_line_texts)
    if name == "caminos":
        return _as_dict(&pintas_caminos_texts)
    if name == "dice":
        return _as_dict(&pintas_dice_texts)
    if name == "words":
        return _as_dict(&pintas_word_texts)
    raise ValueError(f"no table of texts named {name!r}")
