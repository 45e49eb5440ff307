package io.bucketry.tools.codec;

import com.github.luben.zstd.Zstd;
import io.bucketry.codec.DoubleColumnCodec;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.List;

/**
 * Bits per value of one data set cut into blocks of one size, by each codec on the same blocks: Bucketry
 * (checked to decode bit for bit), ALP ({@link AlpModel}), zstd at level 19 on the raw little-endian doubles
 * and Gorilla (checked too).
 */
record CodecSizes(double bucketry, double alp, double zstd, double gorilla) {

    static final int ZSTD_LEVEL = 19;

    static CodecSizes of(CodecSamples samples, int blockSize) {
        List<double[]> blocks = samples.blocks(blockSize);
        long values = (long) blocks.size() * blockSize;
        long bucketry = 0;
        long alp = 0;
        long zstd = 0;
        long gorilla = 0;
        for (double[] block : blocks) {
            byte[] encoded = DoubleColumnCodec.encode(block);
            requireBitExact(block, DoubleColumnCodec.decode(encoded, block.length), samples.name() + ", Bucketry");
            bucketry += DoubleColumnCodec.bits(block);
            alp += AlpModel.bits(block);
            zstd += 8L * Zstd.compress(littleEndian(block), ZSTD_LEVEL).length;
            GorillaXor.Encoded xor = GorillaXor.encode(block);
            requireBitExact(block, GorillaXor.decode(xor, block.length), samples.name() + ", Gorilla");
            gorilla += xor.bits();
        }
        return new CodecSizes(bucketry / (double) values, alp / (double) values, zstd / (double) values,
                gorilla / (double) values);
    }

    /** The better of zstd and Gorilla. */
    double bestPeer() {
        return Math.min(zstd, gorilla);
    }

    static byte[] littleEndian(double[] block) {
        ByteBuffer bytes = ByteBuffer.allocate(8 * block.length).order(ByteOrder.LITTLE_ENDIAN);
        for (double value : block) {
            bytes.putDouble(value);
        }
        return bytes.array();
    }

    static void requireBitExact(double[] expected, double[] actual, String what) {
        for (int i = 0; i < expected.length; i++) {
            if (Double.doubleToRawLongBits(expected[i]) != Double.doubleToRawLongBits(actual[i])) {
                throw new IllegalStateException(what + ": value " + i + " " + expected[i] + " came back as " + actual[i]);
            }
        }
    }
}
