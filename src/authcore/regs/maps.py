"""The register maps (one per AXI4-Lite wrapper). The RTL's localparams, the C header, the docs'
tables and the driver follow these; ``tests/regs`` holds them to it."""

from __future__ import annotations

from authcore.regs import Field as F
from authcore.regs import Register as R
from authcore.regs import RegMap

HMAC_AXIL = RegMap(
    name="hmac_axil",
    title="hmac_axil: HMAC-SHA1/MD5/SHA-256 behind AXI4-Lite",
    doc="hmac_core behind a 32-bit AXI4-Lite slave: keys by register, messages by register (CPU) or "
        "by the core's own AXI4-Stream ports (DMA), the MAC read back by register or streamed out.",
    consts={"ID": 0x484D0100},
    registers=(
        R("ID", 0x00, "RO", "identifies the wrapper: 'HM', version 1.0",
          (F("ID", 0, 32, "0x484D0100", reset=0x484D0100),)),
        R("CONFIG", 0x04, "RO", "the core's parameters",
          (F("HASH", 0, 2, "0 SHA-1, 1 MD5, 2 both, 3 SHA-256/224"),
           F("PIPELINE4", 2, 1, "1: the four-context pipelined engine"),
           F("PRECOMPUTE", 3, 1, "the compression's pre-computation stage"),
           F("TID_W", 4, 4, "the width of the message tid"))),
        R("CTRL", 0x08, "RW", "control",
          (F("KEY_CLEAR", 0, 1, "erase the keys, the wrapper's word register and MAC buffer, and "
                                "abort every key load and message (the core's key_clear)", pulse=True),
           F("MAC_ACK", 1, 1, "release the MAC buffer (after reading MAC0..)", pulse=True),
           F("DMA", 4, 1, "messages from the s_axis port and MACs to the m_axis port instead of "
                          "MSG_DATA and MAC0..; changes only when idle (else SLVERR)"))),
        R("STATUS", 0x0C, "RO", "status",
          (F("KEY_VALID", 0, 2, "bit a: a key for algorithm a is loaded (the core's key_valid)"),
           F("KEY_BUSY", 2, 1, "a key load is under way (words to write or the core computing)"),
           F("MSG_BUSY", 3, 1, "a message written by register still has words to come"),
           F("MAC_VALID", 4, 1, "the MAC buffer holds a MAC (MAC0..; CTRL.MAC_ACK releases it)"),
           F("MAC_ERR", 5, 1, "that MAC's message broke a rule (the core's tuser): do not use it"),
           F("IDLE", 6, 1, "no key or message in the core or the wrapper, MAC buffer empty", reset=1),
           F("MAC_TID", 8, 8, "the tid of the message the MAC belongs to"),
           F("MAC_WORDS", 16, 4, "the MAC's length in words (5 SHA-1, 4 MD5, 8 SHA-256, 7 SHA-224)"))),
        R("IRQ_STATUS", 0x10, "W1C", "interrupt causes (irq = any enabled cause)",
          (F("MAC", 0, 1, "a MAC arrived in the buffer"),
           F("KEY", 1, 1, "a key load finished (see STATUS.KEY_VALID)"),
           F("ERROR", 2, 1, "an ERRORS bit was set"))),
        R("IRQ_ENABLE", 0x14, "RW", "interrupt enables",
          (F("MAC", 0, 1, "enable IRQ_STATUS.MAC"),
           F("KEY", 1, 1, "enable IRQ_STATUS.KEY"),
           F("ERROR", 2, 1, "enable IRQ_STATUS.ERROR"))),
        R("ERRORS", 0x18, "W1C", "sticky error causes",
          (F("CORE", 0, 1, "the core flagged a key or message (tkeep rules, a message with no key "
                           "for its algorithm): its MAC is marked (MAC_ERR)"),
           F("NO_KEY", 1, 1, "MSG_CTRL for an algorithm whose key is not loaded: refused"),
           F("SEQ", 2, 1, "an access out of sequence (data with no length pending, a start while "
                          "busy or while the MAC buffer is full, a key for an algorithm the core does "
                          "not serve, MSG_* in DMA mode, CTRL.DMA changed while busy, a MAC read with "
                          "the buffer empty): refused"),
           F("BUS", 3, 1, "an access answered SLVERR (unmapped or unaligned address, a read of a "
                          "write-only register, a write to a read-only one, a partial write)"))),
        R("KEY_CTRL", 0x20, "WO", "start a key load: its length, then KEY_DATA words",
          (F("LEN", 0, 16, "key length in bytes (0 to 65535)"),
           F("ALG", 16, 1, "0: the SHA-1 (SHA-256) key, 1: the MD5 (SHA-224) key"))),
        R("KEY_DATA", 0x24, "WO", "the next four key bytes (first byte in [7:0]); never readable",
          (F("DATA", 0, 32, "key bytes"),)),
        R("MSG_CTRL", 0x28, "WO", "start a message: its length, then MSG_DATA words",
          (F("LEN", 0, 16, "message length in bytes (0 to 65535)"),
           F("ALG", 16, 1, "0: HMAC-SHA1 (SHA-256), 1: HMAC-MD5 (SHA-224)"),
           F("TID", 24, 8, "the message's tid (its low TID_W bits; the context with PIPELINE 4)"))),
        R("MSG_DATA", 0x2C, "WO", "the next four message bytes (first byte in [7:0])",
          (F("DATA", 0, 32, "message bytes"),)),
        R("MAC", 0x40, "RO", "the MAC, word i at 0x40 + 4i (first byte in [7:0]); SLVERR when "
                             "the buffer is empty", (F("DATA", 0, 32, "MAC bytes"),), count=8),
    ),
)

GCM_AXIL = RegMap(
    name="gcm_axil",
    title="gcm_axil: AES-GCM/GMAC/CTR behind AXI4-Lite",
    doc="gcm_core behind a 32-bit AXI4-Lite slave: the key by write-only registers, packets a beat at "
        "a time by register (CPU) or on the core's own AXI4-Stream ports (DMA), output beats read back "
        "by register or streamed out.",
    consts={"ID": 0x47430100},
    registers=(
        R("ID", 0x00, "RO", "identifies the wrapper: 'GC', version 1.0",
          (F("ID", 0, 32, "0x47430100", reset=0x47430100),)),
        R("CONFIG", 0x04, "RO", "the core's parameters",
          (F("SBOX", 0, 2, "0 LUT, 1 composite field, 2 block RAM"),
           F("GHASH", 2, 3, "the GHASH multiplier (gcm_core's GHASH)"),
           F("DATA_BYTES", 8, 8, "the AES datapath's width in bytes (16: a block a cycle)"),
           F("LEN_W", 16, 6, "the width of the AAD and text byte counters"))),
        R("CTRL", 0x08, "RW", "control",
          (F("KEY_CLEAR", 0, 1, "erase the key (bank, core, round keys, H), the IN and OUT registers "
                                "and every packet in flight (the core's key_clear)", pulse=True),
           F("OUT_POP", 1, 1, "release the output beat (after reading OUT0..)", pulse=True),
           F("DMA", 4, 1, "packets from the s_axis port and output to the m_axis port instead of "
                          "IN*/OUT*; changes only when idle (else SLVERR)"))),
        R("STATUS", 0x0C, "RO", "status",
          (F("KEY_LOADED", 0, 1, "a key is loaded and H derived (the core's key_loaded)"),
           F("KEY_BUSY", 1, 1, "a key written by KEY_CTRL is not loaded yet"),
           F("IN_FULL", 3, 1, "the input beat (IN*) waits for the core; IN* and IN_CTRL are refused"),
           F("OUT_VALID", 4, 1, "an output beat is in OUT0..; CTRL.OUT_POP releases it"),
           F("OUT_LAST", 5, 1, "it is the packet's final beat (the tag, or the status byte)"),
           F("IDLE", 6, 1, "no key load, no beat or packet in the wrapper or the core", reset=1),
           F("OUT_USER", 8, 3, "the beat's tuser: [0] final, [1] tag mismatch, [2] protocol error"),
           F("OUT_BYTES", 16, 5, "the beat's byte count (its tkeep)"))),
        R("IRQ_STATUS", 0x10, "W1C", "interrupt causes (irq = any enabled cause)",
          (F("OUT", 0, 1, "an output beat arrived in OUT0.."),
           F("KEY", 1, 1, "a key load finished"),
           F("ERROR", 2, 1, "an ERRORS bit was set"))),
        R("IRQ_ENABLE", 0x14, "RW", "interrupt enables",
          (F("OUT", 0, 1, "enable IRQ_STATUS.OUT"),
           F("KEY", 1, 1, "enable IRQ_STATUS.KEY"),
           F("ERROR", 2, 1, "enable IRQ_STATUS.ERROR"))),
        R("ERRORS", 0x18, "W1C", "sticky error causes",
          (F("CORE", 0, 1, "the core refused a packet (its rules, or no key): its final beat has "
                           "OUT_USER[2]"),
           F("SEQ", 1, 1, "an access out of sequence (KEY* while a key is being taken, key length 3, "
                          "IN* while IN_FULL or in DMA mode, more than 16 bytes, an OUT read with no "
                          "beat, CTRL.DMA changed while busy): refused"),
           F("BUS", 2, 1, "an access answered SLVERR (unmapped or unaligned address, a read of a "
                          "write-only register, a write to a read-only one, a partial write)"))),
        R("KEY", 0x20, "WO", "the key, word i at 0x20 + 4i: key byte 4i+j in bits [8j+7:8j]; never "
                             "readable, zeroed when the core takes it", (F("DATA", 0, 32, "key bytes"),), count=8),
        R("KEY_CTRL", 0x40, "WO", "load the key in KEY0..: its length",
          (F("LEN", 0, 2, "0 AES-128, 1 AES-192, 2 AES-256"),)),
        R("IN", 0x50, "WO", "the next input beat, word i at 0x50 + 4i: beat byte 4i+j in bits [8j+7:8j]",
          (F("DATA", 0, 32, "beat bytes"),), count=4),
        R("IN_CTRL", 0x60, "WO", "send the beat in IN0..: gcm_core's framing (docs/gcm.md)",
          (F("BYTES", 0, 5, "the beat's byte count, 0 to 16 (a partial beat ends its phase)"),
           F("PHASE", 8, 3, "0 header, 1 IV, 2 AAD, 3 text, 4 expected tag"),
           F("LAST", 12, 1, "the packet's last beat"))),
        R("OUT", 0x70, "RO", "the output beat, word i at 0x70 + 4i; SLVERR when there is none",
          (F("DATA", 0, 32, "beat bytes"),), count=4),
    ),
)

GHASH_AXIL = RegMap(
    name="ghash_axil",
    title="ghash_axil: GHASH (H by register, or built in) behind AXI4-Lite",
    doc="ghash_core behind a 32-bit AXI4-Lite slave: H by write-only registers (or built into a "
        "generated key-specialized multiplier, MULT 3), blocks by register (CPU) or on the core's "
        "own AXI4-Stream ports (DMA), the hash read back by register or streamed out.",
    consts={"ID": 0x47480100},
    registers=(
        R("ID", 0x00, "RO", "identifies the wrapper: 'GH', version 1.0",
          (F("ID", 0, 32, "0x47480100", reset=0x47480100),)),
        R("CONFIG", 0x04, "RO", "the core's parameters",
          (F("MULT", 0, 3, "ghash_core's multiplier: 0 bit-parallel, 1 Karatsuba, 2 digit-serial, "
                           "3 key-specialized (H built in), 4 hybrid, 5 bit-parallel pipelined"),
           F("H_BUILTIN", 3, 1, "H is built into the multiplier: no H registers"))),
        R("CTRL", 0x08, "RW", "control",
          (F("KEY_CLEAR", 0, 1, "erase H (registers and core), the running value, the IN and OUT "
                                "registers (the core's key_clear)", pulse=True),
           F("OUT_POP", 1, 1, "release the hash (after reading OUT0..)", pulse=True),
           F("H_LOAD", 2, 1, "load H from H0..H3 (refused with H built in or during a message); the "
                             "H registers are zeroed as it loads", pulse=True),
           F("DMA", 4, 1, "blocks from the s_axis port and hashes to the m_axis port instead of "
                          "IN*/OUT*; changes only when idle (else SLVERR)"))),
        R("STATUS", 0x0C, "RO", "status",
          (F("H_OK", 0, 1, "H is loaded (always, with H built in)"),
           F("IN_FULL", 3, 1, "the block in IN* waits for the core; IN* and IN_CTRL are refused"),
           F("OUT_VALID", 4, 1, "a hash is in OUT0..; CTRL.OUT_POP releases it"),
           F("IDLE", 6, 1, "no message in the wrapper or the core, no hash waiting", reset=1),
           F("MSG", 7, 1, "a message is under way (H_LOAD is refused)"))),
        R("IRQ_STATUS", 0x10, "W1C", "interrupt causes (irq = any enabled cause)",
          (F("OUT", 0, 1, "a hash arrived in OUT0.."),
           F("ERROR", 1, 1, "an ERRORS bit was set"))),
        R("IRQ_ENABLE", 0x14, "RW", "interrupt enables",
          (F("OUT", 0, 1, "enable IRQ_STATUS.OUT"),
           F("ERROR", 1, 1, "enable IRQ_STATUS.ERROR"))),
        R("ERRORS", 0x18, "W1C", "sticky error causes",
          (F("CORE", 0, 1, "the core flagged an H load during a message"),
           F("SEQ", 1, 1, "an access out of sequence (a block with no H, IN* while IN_FULL or in DMA "
                          "mode, H* or H_LOAD with H built in, H_LOAD during a message, an OUT read "
                          "with no hash, CTRL.DMA changed while busy): refused"),
           F("BUS", 2, 1, "an access answered SLVERR (unmapped or unaligned address, a read of a "
                          "write-only register, a write to a read-only one, a partial write)"))),
        R("H", 0x20, "WO", "H, word i at 0x20 + 4i: byte 4i+j of H (block order) in bits [8j+7:8j]; "
                           "never readable, zeroed as it loads", (F("DATA", 0, 32, "H bytes"),), count=4),
        R("IN", 0x50, "WO", "the next block, word i at 0x50 + 4i: byte 4i+j in bits [8j+7:8j]",
          (F("DATA", 0, 32, "block bytes"),), count=4),
        R("IN_CTRL", 0x60, "WO", "send the block in IN0..",
          (F("LAST", 0, 1, "the message's last block: its hash follows"),)),
        R("OUT", 0x70, "RO", "the hash, word i at 0x70 + 4i; SLVERR when there is none",
          (F("DATA", 0, 32, "hash bytes"),), count=4),
    ),
)

MAPS = {m.name: m for m in (HMAC_AXIL, GCM_AXIL, GHASH_AXIL)}
