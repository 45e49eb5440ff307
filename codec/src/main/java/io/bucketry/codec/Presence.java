package io.bucketry.codec;

import java.util.BitSet;

/** Absent values of a column: one bit saying "all present", else one bit per row. */
final class Presence {

    private Presence() {
    }

    static void encode(BitWriter out, BitSet absent, int count) {
        out.writeBit(!absent.isEmpty());
        if (absent.isEmpty()) {
            return;
        }
        for (int row = 0; row < count; row++) {
            out.writeBit(absent.get(row));
        }
    }

    static BitSet decode(BitReader in, int count) {
        BitSet absent = new BitSet();
        if (!in.readBit()) {
            return absent;
        }
        in.require(count);
        for (int row = 0; row < count; row++) {
            if (in.readBit()) {
                absent.set(row);
            }
        }
        if (absent.isEmpty()) {
            throw BitReader.malformed("a bitmap of absent values where no value is absent");
        }
        return absent;
    }
}
