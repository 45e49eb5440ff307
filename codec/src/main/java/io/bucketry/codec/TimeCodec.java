package io.bucketry.codec;

/**
 * Times by delta-of-delta with run lengths: the first time and the first delta as numbers, then each
 * change of the delta; a run of unchanged deltas (a regular cadence) costs one token for the whole run.
 * Arithmetic wraps, so every sequence of longs round-trips; ascending ones are the cheap case.
 */
final class TimeCodec {

    private static final int WIDTH_BITS = 6;

    private TimeCodec() {
    }

    static void encode(BitWriter out, long[] times) {
        int count = times.length;
        if (count == 0) {
            return;
        }
        out.writeZigZag(times[0]);
        if (count == 1) {
            return;
        }
        long delta = times[1] - times[0];
        out.writeZigZag(delta);
        int i = 2;
        while (i < count) {
            long next = times[i] - times[i - 1];
            if (next == delta) {
                int run = 1;
                while (i + run < count && times[i + run] - times[i + run - 1] == delta) {
                    run++;
                }
                out.writeBit(false);
                out.writeVarLong(run - 1L);
                i += run;
            } else {
                long zigZag = ((next - delta) << 1) ^ ((next - delta) >> 63);
                int width = BitWriter.width(zigZag);
                out.writeBit(true);
                out.write(width - 1, WIDTH_BITS);
                out.write(zigZag, width - 1);
                delta = next;
                i++;
            }
        }
    }

    static long[] decode(BitReader in, int count) {
        long[] times = new long[count];
        decode(in, times, count);
        return times;
    }

    /** Decodes {@code count} times into {@code times[0, count)}. */
    static void decode(BitReader in, long[] times, int count) {
        if (count == 0) {
            return;
        }
        times[0] = in.readZigZag();
        if (count == 1) {
            return;
        }
        long delta = in.readZigZag();
        times[1] = times[0] + delta;
        int i = 2;
        while (i < count) {
            if (!in.readBit()) {
                int run = in.readCount("run of equal time steps", count - i - 1L) + 1;
                long previous = times[i - 1];
                for (int step = 0; step < run; step++) {
                    times[i + step] = previous + (step + 1) * delta;   // no chain from one time to the next: vectorizes
                }
                i += run;
            } else {
                int width = (int) in.read(WIDTH_BITS) + 1;
                long zigZag = (1L << (width - 1)) | in.read(width - 1);
                delta += (zigZag >>> 1) ^ -(zigZag & 1);
                times[i] = times[i - 1] + delta;
                i++;
            }
        }
    }
}
