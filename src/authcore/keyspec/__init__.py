"""Key specialization: the GF(2) matrix of x*H, XOR-network optimizers, the Verilog emitter,
the proof that a generated multiplier is exactly x*H, and the density study."""
