# The user C module _pintas for MicroPython's Make ports:
#   make -C ports/<port> USER_C_MODULES=<this repository>/python/modules
# It compiles the pintas C core (csrc/) into the firmware with the binding.
PINTAS_MOD_DIR := $(USERMOD_DIR)
PINTAS_CSRC := $(abspath $(PINTAS_MOD_DIR)/../../../csrc)

SRC_USERMOD_C += $(PINTAS_MOD_DIR)/modpintas.c
SRC_USERMOD_LIB_C += $(PINTAS_MOD_DIR)/pintas_hash.c
SRC_USERMOD_LIB_C += $(wildcard $(PINTAS_CSRC)/*.c)

CFLAGS_USERMOD += -I$(PINTAS_MOD_DIR) -I$(PINTAS_CSRC)/include
