/* ghash_axil: GHASH (H by register, or built in) behind AXI4-Lite
 * Generated from src/authcore/regs/maps.py by `python -m authcore.regs --write`;
 * do not edit. Offsets are bytes from the wrapper's base address; 32-bit accesses only. */
#ifndef AUTHCORE_GHASH_AXIL_H
#define AUTHCORE_GHASH_AXIL_H

#define GHASH_AXIL_ID_VALUE 0x47480100u

/* ID (RO): identifies the wrapper: 'GH', version 1.0 */
#define GHASH_AXIL_ID 0x00u

/* CONFIG (RO): the core's parameters */
#define GHASH_AXIL_CONFIG 0x04u
#define GHASH_AXIL_CONFIG_MULT_SHIFT 0u
#define GHASH_AXIL_CONFIG_MULT_MASK 0x00000007u
#define GHASH_AXIL_CONFIG_H_BUILTIN_SHIFT 3u
#define GHASH_AXIL_CONFIG_H_BUILTIN_MASK 0x00000008u

/* CTRL (RW): control */
#define GHASH_AXIL_CTRL 0x08u
#define GHASH_AXIL_CTRL_KEY_CLEAR_SHIFT 0u
#define GHASH_AXIL_CTRL_KEY_CLEAR_MASK 0x00000001u
#define GHASH_AXIL_CTRL_OUT_POP_SHIFT 1u
#define GHASH_AXIL_CTRL_OUT_POP_MASK 0x00000002u
#define GHASH_AXIL_CTRL_H_LOAD_SHIFT 2u
#define GHASH_AXIL_CTRL_H_LOAD_MASK 0x00000004u
#define GHASH_AXIL_CTRL_DMA_SHIFT 4u
#define GHASH_AXIL_CTRL_DMA_MASK 0x00000010u

/* STATUS (RO): status */
#define GHASH_AXIL_STATUS 0x0Cu
#define GHASH_AXIL_STATUS_H_OK_SHIFT 0u
#define GHASH_AXIL_STATUS_H_OK_MASK 0x00000001u
#define GHASH_AXIL_STATUS_IN_FULL_SHIFT 3u
#define GHASH_AXIL_STATUS_IN_FULL_MASK 0x00000008u
#define GHASH_AXIL_STATUS_OUT_VALID_SHIFT 4u
#define GHASH_AXIL_STATUS_OUT_VALID_MASK 0x00000010u
#define GHASH_AXIL_STATUS_IDLE_SHIFT 6u
#define GHASH_AXIL_STATUS_IDLE_MASK 0x00000040u
#define GHASH_AXIL_STATUS_MSG_SHIFT 7u
#define GHASH_AXIL_STATUS_MSG_MASK 0x00000080u

/* IRQ_STATUS (W1C): interrupt causes (irq = any enabled cause) */
#define GHASH_AXIL_IRQ_STATUS 0x10u
#define GHASH_AXIL_IRQ_STATUS_OUT_SHIFT 0u
#define GHASH_AXIL_IRQ_STATUS_OUT_MASK 0x00000001u
#define GHASH_AXIL_IRQ_STATUS_ERROR_SHIFT 1u
#define GHASH_AXIL_IRQ_STATUS_ERROR_MASK 0x00000002u

/* IRQ_ENABLE (RW): interrupt enables */
#define GHASH_AXIL_IRQ_ENABLE 0x14u
#define GHASH_AXIL_IRQ_ENABLE_OUT_SHIFT 0u
#define GHASH_AXIL_IRQ_ENABLE_OUT_MASK 0x00000001u
#define GHASH_AXIL_IRQ_ENABLE_ERROR_SHIFT 1u
#define GHASH_AXIL_IRQ_ENABLE_ERROR_MASK 0x00000002u

/* ERRORS (W1C): sticky error causes */
#define GHASH_AXIL_ERRORS 0x18u
#define GHASH_AXIL_ERRORS_CORE_SHIFT 0u
#define GHASH_AXIL_ERRORS_CORE_MASK 0x00000001u
#define GHASH_AXIL_ERRORS_SEQ_SHIFT 1u
#define GHASH_AXIL_ERRORS_SEQ_MASK 0x00000002u
#define GHASH_AXIL_ERRORS_BUS_SHIFT 2u
#define GHASH_AXIL_ERRORS_BUS_MASK 0x00000004u

/* H (WO): H, word i at 0x20 + 4i: byte 4i+j of H (block order) in bits [8j+7:8j]; never readable, zeroed as it loads */
#define GHASH_AXIL_H 0x20u
#define GHASH_AXIL_H_COUNT 4u

/* IN (WO): the next block, word i at 0x50 + 4i: byte 4i+j in bits [8j+7:8j] */
#define GHASH_AXIL_IN 0x50u
#define GHASH_AXIL_IN_COUNT 4u

/* IN_CTRL (WO): send the block in IN0.. */
#define GHASH_AXIL_IN_CTRL 0x60u
#define GHASH_AXIL_IN_CTRL_LAST_SHIFT 0u
#define GHASH_AXIL_IN_CTRL_LAST_MASK 0x00000001u

/* OUT (RO): the hash, word i at 0x70 + 4i; SLVERR when there is none */
#define GHASH_AXIL_OUT 0x70u
#define GHASH_AXIL_OUT_COUNT 4u

#endif /* AUTHCORE_GHASH_AXIL_H */
