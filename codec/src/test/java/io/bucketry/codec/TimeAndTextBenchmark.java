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

/** JMH: decode rates of the time column (60 s cadence) and the status text column, one thread, ops/s = values/s. */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OperationsPerInvocation(CodecBenchmark.VALUES)
public class TimeAndTextBenchmark {

    @Param({"60", "1000"})
    public int rows;

    private byte[][] times;
    private byte[][] status;

    @Setup
    public void encodeOnce() {
        GeneratorShapedData shaped = new GeneratorShapedData(CodecBenchmark.VALUES / rows, rows);
        times = CodecBenchmark.encodeAll(shaped.times, TimeCodec::encode);
        status = CodecBenchmark.encodeAll(shaped.status, TextCodec::encode);
    }

    @Benchmark
    public void timesDecode(Blackhole sink) {
        for (byte[] bytes : times) {
            sink.consume(TimeCodec.decode(new BitReader(bytes), rows));
        }
    }

    @Benchmark
    public void statusDecode(Blackhole sink) {
        for (byte[] bytes : status) {
            sink.consume(TextCodec.decode(new BitReader(bytes), rows));
        }
    }
}
