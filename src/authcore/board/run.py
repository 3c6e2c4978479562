"""`authcore board run`: the host's checks of a board, over the UART bridge. The same functions
run in simulation against the whole board top (tests/rtl/board, the UART driven bit by bit), so
on a real board only the cable is new. Each check raises on a wrong answer and returns report
lines; nothing here prints or logs a key (the keys are the public test vectors')."""

from __future__ import annotations

import time

from authcore.errors import AuthcoreError
from authcore.model import gcm as gcm_model
from authcore.model import hmac as hmac_model
from authcore.regs.driver import GcmAxil, HmacAxil


class BoardCheckFailed(AuthcoreError):
    """The board answered a test vector wrongly."""


async def check_gcm(drv: GcmAxil, cases: list | None = None, throughput_bytes: int = 0) -> list[str]:
    """The GCM spec's test cases (all, or ``cases``): encrypt and decrypt; then a throughput run
    of ``throughput_bytes`` of text, checked against the model."""
    from authcore.vectors import spec

    cfg = await drv.identify()
    lines = [f"gcm_axil: SBOX {cfg['SBOX']}, GHASH {cfg['GHASH']}, AES {cfg['DATA_BYTES']} bytes a cycle"]
    for case in cases or spec.load():
        await drv.load_key(case["K"])
        c, t = await drv.encrypt(case["IV"], case["A"], case["P"])
        if (c, t) != (case["C"], case["T"]):
            raise BoardCheckFailed(f"GCM spec test case {case.number}: wrong ciphertext or tag")
        if await drv.decrypt(case["IV"], case["A"], case["C"], case["T"]) != case["P"]:
            raise BoardCheckFailed(f"GCM spec test case {case.number}: wrong plaintext")
        lines.append(f"spec test case {case.number}: encrypt and decrypt OK")
    if throughput_bytes:
        key, iv, text = bytes(range(16)), bytes(12), bytes(i & 0xFF for i in range(throughput_bytes))
        await drv.load_key(key)
        t0 = time.monotonic()
        c, t = await drv.encrypt(iv, b"", text)
        seconds = time.monotonic() - t0
        if (c, t) != gcm_model.encrypt(key, iv, text, b"", 16):
            raise BoardCheckFailed("GCM throughput run: wrong ciphertext or tag")
        lines.append(f"throughput: {throughput_bytes} bytes in {seconds:.2f} s, {throughput_bytes / seconds:.0f} B/s "
                     "(bound by the serial line and the register path, not the core)")
    await drv.key_clear()
    return lines


async def check_hmac(drv: HmacAxil, count: int | None = None, throughput_bytes: int = 0) -> list[str]:
    """RFC 2202 (HMAC-SHA1 and HMAC-MD5: the board's core serves both), then a throughput run."""
    from authcore.vectors import cavp
    from authcore.vectors.run import package_vectors

    cfg = await drv.identify()
    lines = [f"hmac_axil: HASH {cfg['HASH']}"]
    algs = {0: [("sha1", 0)], 1: [("md5", 1)], 2: [("sha1", 0), ("md5", 1)]}.get(cfg["HASH"], [])
    for alg, bit in algs:
        vectors = cavp.read_hmac(package_vectors() / "HMAC" / f"rfc-2202-{alg}.txt")[:count]
        for v in vectors:
            await drv.load_key(v.key, bit)
            if (await drv.mac(v.msg, bit))[: len(v.mac)] != v.mac:
                raise BoardCheckFailed(f"RFC 2202 HMAC-{alg} line {v.line}: wrong MAC")
        lines.append(f"RFC 2202 HMAC-{alg}: {len(vectors)} vectors OK")
    if throughput_bytes and algs:
        alg, bit = algs[0]
        key, msg = b"k" * 20, bytes(i & 0xFF for i in range(throughput_bytes))
        await drv.load_key(key, bit)
        t0 = time.monotonic()
        mac = await drv.mac(msg, bit)
        seconds = time.monotonic() - t0
        if mac != hmac_model.hmac(alg, key, msg):
            raise BoardCheckFailed("HMAC throughput run: wrong MAC")
        lines.append(f"throughput: {throughput_bytes} bytes in {seconds:.2f} s, {throughput_bytes / seconds:.0f} B/s "
                     "(bound by the serial line, not the core)")
    await drv.key_clear()
    return lines


class SerialTransport:
    """The board's serial port (pyserial), as the bridge's transport."""

    def __init__(self, port: str, baud: int = 115200, timeout: float = 2.0) -> None:
        try:
            import serial
        except ImportError:
            raise AuthcoreError("authcore board run needs pyserial: pip install pyserial") from None
        try:
            self.ser = serial.Serial(port, baud, timeout=timeout)
        except (OSError, ValueError) as e:
            raise AuthcoreError(f"cannot open {port}: {e}") from None

    async def send(self, data: bytes) -> None:
        self.ser.write(data)

    async def recv(self, n: int) -> bytes:
        return self.ser.read(n)
