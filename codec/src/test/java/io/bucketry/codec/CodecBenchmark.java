package io.bucketry.codec;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.infra.Blackhole;

/**
 * JMH: encode and decode rates of the sealed codec, one thread (one core). Each
 * invocation handles {@value #VALUES} values in buckets of {@code rows}, so JMH's ops/s are values/s.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OperationsPerInvocation(CodecBenchmark.VALUES)
public class CodecBenchmark {

    static final int VALUES = 60_000;

    @Param({"temperature", "pressure", "random"})
    public String data;

    @Param({"60", "1000"})
    public int rows;

    private double[][] numbers;
    private byte[][] sealed;

    @Setup
    public void encodeOnce() {
        GeneratorShapedData shaped = new GeneratorShapedData(VALUES / rows, rows);
        numbers = shaped.numbers(data);
        sealed = encodeAll(numbers, DecimalCodec::encode);
    }

    @Benchmark
    public void sealedEncode(Blackhole sink) {
        for (double[] column : numbers) {
            BitWriter out = new BitWriter();
            DecimalCodec.encode(out, column);
            sink.consume(out.toByteArray());
        }
    }

    @Benchmark
    public void sealedDecode(Blackhole sink) {
        for (byte[] bytes : sealed) {
            sink.consume(DecimalCodec.decode(new BitReader(bytes), rows));
        }
    }

    static <T> byte[][] encodeAll(T[] columns, java.util.function.BiConsumer<BitWriter, T> encoder) {
        byte[][] encoded = new byte[columns.length][];
        for (int i = 0; i < columns.length; i++) {
            BitWriter out = new BitWriter();
            encoder.accept(out, columns[i]);
            encoded[i] = out.toByteArray();
        }
        return encoded;
    }
}
