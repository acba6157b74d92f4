# The user C module _pintas for MicroPython's Make ports:
#   make -C ports/<port> USER_C_MODULES=<this repository>/python/modules
# It compiles the pintas C core (csrc/) into the firmware with the binding.
PINTAS_MOD_DIR := $(USERMOD_DIR)
PINTAS_CSRC := $(abspath $(PINTAS_MOD_DIR)/../../../csrc)
PINTAS_LIB_C := $(wildcard $(PINTAS_CSRC)/*.c)

SRC_USERMOD_C += $(PINTAS_MOD_DIR)/modpintas.c
SRC_USERMOD_LIB_C += $(PINTAS_LIB_C)

CFLAGS_USERMOD += -I$(PINTAS_MOD_DIR) -I$(PINTAS_CSRC)/include

# The core's arithmetic is C's: a double constant stays a double (ports with
# single-precision floats compile everything else with
# -fsingle-precision-constant, which would change the dice solver's figures).
PINTAS_OBJ := $(addprefix $(BUILD)/, $(patsubst %.c,%.o, $(patsubst $(USER_C_MODULES)/%,%, \
	$(PINTAS_MOD_DIR)/modpintas.c $(PINTAS_LIB_C))))
$(PINTAS_OBJ): CFLAGS += -fno-single-precision-constant
