"""The board: a wrapper behind a UART-to-AXI4-Lite bridge (rtl/board), driven from the host."""
