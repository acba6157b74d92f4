# Freeze pintas' Python layer into a port's firmware, beside the port's own
# frozen modules (docs/micropython.md, "A real board"):
#   make BOARD=... USER_C_MODULES=<repo>/python/modules/micropython.cmake \
#        FROZEN_MANIFEST=<repo>/python/manifest.py
include("$(PORT_DIR)/boards/manifest.py")
module("pintas.py")
