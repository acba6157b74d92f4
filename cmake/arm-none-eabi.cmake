# cmake/arm-none-eabi.cmake - cross-compile pintas for a Cortex-M microcontroller
# with the GNU Arm Embedded toolchain (Debian: gcc-arm-none-eabi and
# libnewlib-arm-none-eabi).
#
#   cmake -S . -B build-m0plus -DCMAKE_TOOLCHAIN_FILE=cmake/arm-none-eabi.cmake \
#         -DPINTAS_ARM_CPU=cortex-m0plus
#   cmake --build build-m0plus        # libpintas_core.a, tests off
#
# PINTAS_ARM_CPU picks the core: cortex-m0, cortex-m0plus, cortex-m3, cortex-m4
# (soft float ABI, so that its objects link with code built for any M4 board),
# cortex-m4f (hard float, fpv4-sp-d16) or cortex-m7. Code is Thumb, -Os, in one
# section per function and per object so that the linker drops what a firmware
# does not call. Executables link against newlib-nano and libnosys (no
# semihosting, no system calls); a firmware brings its own startup code and
# linker script (boards/ shows one for two QEMU boards).

set(CMAKE_SYSTEM_NAME Generic)
set(CMAKE_SYSTEM_PROCESSOR arm)

set(PINTAS_ARM_CPU "cortex-m0plus" CACHE STRING
    "Cortex-M core: cortex-m0, cortex-m0plus, cortex-m3, cortex-m4, cortex-m4f, cortex-m7")
set_property(CACHE PINTAS_ARM_CPU PROPERTY STRINGS
             cortex-m0 cortex-m0plus cortex-m3 cortex-m4 cortex-m4f cortex-m7)
set(PINTAS_ARM_PREFIX "arm-none-eabi-" CACHE STRING "Prefix of the cross tools' names")

# Passed on to the projects CMake builds to test the compiler.
list(APPEND CMAKE_TRY_COMPILE_PLATFORM_VARIABLES PINTAS_ARM_CPU PINTAS_ARM_PREFIX)

if(PINTAS_ARM_CPU STREQUAL "cortex-m4f")
  set(pintas_arm_flags "-mcpu=cortex-m4 -mfloat-abi=hard -mfpu=fpv4-sp-d16")
elseif(PINTAS_ARM_CPU MATCHES "^cortex-m(0|0plus|3|4|7)$")
  set(pintas_arm_flags "-mcpu=${PINTAS_ARM_CPU} -mfloat-abi=soft")
else()
  message(FATAL_ERROR "PINTAS_ARM_CPU=${PINTAS_ARM_CPU}: not a Cortex-M core this file knows")
endif()

set(CMAKE_C_COMPILER ${PINTAS_ARM_PREFIX}gcc)
set(CMAKE_ASM_COMPILER ${PINTAS_ARM_PREFIX}gcc)
set(CMAKE_AR ${PINTAS_ARM_PREFIX}ar CACHE FILEPATH "")
set(CMAKE_RANLIB ${PINTAS_ARM_PREFIX}ranlib CACHE FILEPATH "")
set(CMAKE_OBJCOPY ${PINTAS_ARM_PREFIX}objcopy CACHE FILEPATH "")
set(CMAKE_SIZE ${PINTAS_ARM_PREFIX}size CACHE FILEPATH "")

set(CMAKE_C_FLAGS_INIT "${pintas_arm_flags} -mthumb -ffunction-sections -fdata-sections")
set(CMAKE_ASM_FLAGS_INIT "${pintas_arm_flags} -mthumb")
set(CMAKE_EXE_LINKER_FLAGS_INIT "--specs=nano.specs --specs=nosys.specs -Wl,--gc-sections")
# Every build type optimises for size; Debug and RelWithDebInfo add the debug
# information. (Cache entries: CMake's own defaults for GCC, -O3 and -O0, are
# appended to the *_INIT variables and would win.)
set(CMAKE_C_FLAGS_RELEASE "-Os -DNDEBUG" CACHE STRING "")
set(CMAKE_C_FLAGS_MINSIZEREL "-Os -DNDEBUG" CACHE STRING "")
set(CMAKE_C_FLAGS_RELWITHDEBINFO "-Os -g -DNDEBUG" CACHE STRING "")
set(CMAKE_C_FLAGS_DEBUG "-Os -g" CACHE STRING "")

# The compiler cannot link a program without a board's startup code: test it
# by building a static library.
set(CMAKE_TRY_COMPILE_TARGET_TYPE STATIC_LIBRARY)

# Headers and libraries come from the toolchain, programs from the host.
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)
