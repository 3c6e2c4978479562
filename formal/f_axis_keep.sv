// axis_keep against its definition, for every tkeep of BYTES bits (combinational: one step covers
// every input): count is the number of ones, contiguous that no one sits above a zero, full that
// all are ones, mask byte i all ones exactly when keep[i].
module f_axis_keep #(parameter BYTES = 16) (input wire [BYTES-1:0] keep);
    wire [$clog2(BYTES+1)-1:0] count;
    wire contiguous, full;
    wire [8*BYTES-1:0] mask;
    axis_keep #(.BYTES(BYTES)) dut (.keep(keep), .count(count), .contiguous(contiguous), .full(full), .mask(mask));
    integer i;
    reg [$clog2(BYTES+1)-1:0] ones;
    reg shape;
    always @* begin
        ones = 0;
        shape = 1'b1;
        for (i = 0; i < BYTES; i = i + 1) begin
            ones = ones + keep[i];
            if (i > 0 && keep[i] && !keep[i-1]) shape = 1'b0;
        end
        assert (count == ones);
        assert (contiguous == shape);
        assert (full == &keep);
        for (i = 0; i < BYTES; i = i + 1) assert (mask[8*i +: 8] == {8{keep[i]}});
        cover (contiguous && (BYTES == 1 || !full) && keep != 0);   // a partial beat (BYTES > 1)
    end
endmodule
