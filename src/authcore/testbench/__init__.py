"""cocotb testbenches shipped with the package (used by the tests and by ``make demo``).

Their modules run inside the simulator: :func:`authcore.flow.sim.simulate` puts this folder on
the simulator's Python path, so they import each other by plain name."""

from pathlib import Path

HERE = Path(__file__).parent
