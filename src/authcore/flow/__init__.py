"""Everything that runs an external tool: simulation (cocotb + Icarus), synthesis (Yosys),
place and route (nextpnr), sweeps and reports. Nothing outside this package calls a subprocess."""
