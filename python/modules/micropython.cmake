# Every user C module of this folder, for MicroPython's CMake ports:
#   USER_C_MODULES=<this repository>/python/modules/micropython.cmake
include(${CMAKE_CURRENT_LIST_DIR}/pintas/micropython.cmake)
