# cython: language_level=3
"""The sentences events read as and the words for seats, from the C core's
table (pintas/texts.h): the one place they are written, for every home."""

cdef extern from "pintas/texts.h" nogil:
    ctypedef struct pintas_text:
        const char *key
        const char *text
        unsigned short length
    ctypedef struct pintas_texts:
        const pintas_text *items
        unsigned short count
    const pintas_texts pintas_line_texts
    const pintas_texts pintas_caminos_texts
    const pintas_texts pintas_dice_texts
    const pintas_texts pintas_word_texts
    const pintas_text *pintas_text_find(const pintas_texts *texts, const char *key, size_t len)
    const pintas_text *pintas_event_template(const pintas_texts *texts, const char *kind,
                                             size_t kind_len, const char *reason,
                                             size_t reason_len, unsigned variants)


cdef const pintas_texts *_table(name) except NULL:
    if name == "line":
        return &pintas_line_texts
    if name == "caminos":
        return &pintas_caminos_texts
    if name == "dice":
        return &pintas_dice_texts
    if name == "words":
        return &pintas_word_texts
    raise ValueError(f"no table of texts named {name!r}")


cdef object _text_of(const pintas_text *found):
    return None if found == NULL else found.text[:found.length].decode("ascii")


def texts(str name):
    """The table ``name`` ("line", "caminos", "dice" or "words") as a new dict
    of key to template."""
    cdef const pintas_texts *table = _table(name)
    return {table.items[i].key.decode("ascii"): table.items[i].text.decode("ascii")
            for i in range(table.count)}


def text(name, str key):
    """The template of ``key`` in the table ``name``, or None."""
    cdef bytes k = key.encode("ascii", "replace")
    return _text_of(pintas_text_find(_table(name), k, len(k)))


def template(name, str kind, reason, unsigned variants):
    """The template an event of ``kind`` with ``reason`` (or None) reads as in
    the table ``name``, trying first the variants whose bits (PINTAS_TEXT_*:
    1 hidden, 2 team, 4 alone) are set in ``variants``; None when the table has
    none (pintas_event_template)."""
    cdef bytes k = kind.encode("ascii", "replace")
    cdef bytes r = b"" if reason is None else (<str?>reason).encode("ascii", "replace")
    return _text_of(pintas_event_template(_table(name), k, len(k),
                                          NULL if reason is None else <const char *>r,
                                          len(r), variants))
