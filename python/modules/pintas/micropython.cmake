# The user C module _pintas for MicroPython's CMake ports (rp2, esp32):
#   make -C ports/rp2 USER_C_MODULES=<this repository>/python/modules/micropython.cmake
add_library(usermod_pintas INTERFACE)

get_filename_component(PINTAS_CSRC ${CMAKE_CURRENT_LIST_DIR}/../../../csrc ABSOLUTE)
file(GLOB PINTAS_CORE_SOURCES ${PINTAS_CSRC}/*.c)
set(PINTAS_SOURCES
    ${CMAKE_CURRENT_LIST_DIR}/modpintas.c
    ${PINTAS_CORE_SOURCES}
)

target_sources(usermod_pintas INTERFACE ${PINTAS_SOURCES})

target_include_directories(usermod_pintas INTERFACE
    ${CMAKE_CURRENT_LIST_DIR}
    ${PINTAS_CSRC}/include
)

# The core's arithmetic is C's: a double constant stays a double, whatever
# the port sets for its own single-precision floats.
set_source_files_properties(${PINTAS_SOURCES} PROPERTIES COMPILE_OPTIONS
    "-fno-single-precision-constant")

target_link_libraries(usermod INTERFACE usermod_pintas)
