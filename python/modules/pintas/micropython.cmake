# The user C module _pintas for MicroPython's CMake ports (rp2, esp32):
#   make -C ports/rp2 USER_C_MODULES=<this repository>/python/modules/micropython.cmake
add_library(usermod_pintas INTERFACE)

get_filename_component(PINTAS_CSRC ${CMAKE_CURRENT_LIST_DIR}/../../../csrc ABSOLUTE)
file(GLOB PINTAS_CORE_SOURCES ${PINTAS_CSRC}/*.c)

target_sources(usermod_pintas INTERFACE
    ${CMAKE_CURRENT_LIST_DIR}/modpintas.c
    ${CMAKE_CURRENT_LIST_DIR}/pintas_hash.c
    ${PINTAS_CORE_SOURCES}
)

target_include_directories(usermod_pintas INTERFACE
    ${CMAKE_CURRENT_LIST_DIR}
    ${PINTAS_CSRC}/include
)

target_link_libraries(usermod INTERFACE usermod_pintas)
