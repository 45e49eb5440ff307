package io.bucketry.server.lineprotocol;

import io.bucketry.application.port.in.IngestReadingsUseCase;
import io.bucketry.application.port.out.StoreResult;
import io.bucketry.application.service.IngestReadingsService;
import io.bucketry.application.settings.ApplicationSettings;
import io.bucketry.domain.RejectionReason;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Map;

/**
 * A plain benchmark (not a test) of the line-protocol parser on one thread: the case-study stream
 * ({@code sensor,id=sensor-N temperature=…,pressure=…,status="OK" <ns>}, 1,000 sensors) parsed into
 * readings, into the {@link LineBatch} that the write endpoints hand to the ingest use case, and through that use
 * case (validation, the readings built) with the store's own work left out.
 * Per core is lines per CPU-second of the parsing thread (the machine may be shared); wall clock is shown beside it.
 * Run with the command in docs/benchmarks.md, "Line protocol parser"; args: lines per body (default 100000), rounds.
 */
public final class LineProtocolBenchmark {

    private static final ThreadMXBean CPU = ManagementFactory.getThreadMXBean();
    /** The stream's last minute: every reading is within retention and none is in the future. */
    private static final Instant NOW = Instant.parse("2026-07-21T00:00:00Z").plusSeconds(24 * 3600);

    private LineProtocolBenchmark() {
    }

    public static void main(String[] args) throws IOException {
        int lines = args.length > 0 ? Integer.parseInt(args[0]) : 100_000;
        int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 30;
        byte[] body = body(lines);
        System.out.printf("body: %,d lines, %,d bytes (%.1f bytes/line)%n", lines, body.length, (double) body.length / lines);
        for (String phase : new String[] {"warm-up", "measured"}) {
            long[] counted = new long[1];
            double[] parsed = measure(body, rounds, () -> new LineSink() {
                @Override
                public void reading(long line, SeriesKey series, Instant time, Map<String, ?> fields) {
                    counted[0] += fields.size();
                }

                @Override
                public void rejected(long line, String series, String time, RejectionReason reason, String message) {
                    throw new IllegalStateException("line " + line + ": " + message);
                }
            });
            double[] batched = measure(body, rounds, () -> new LineBatch(Integer.MAX_VALUE));
            long[] handed = new long[1];
            // what the write route does but the store's work: the store counts what it is handed and keeps nothing
            IngestReadingsUseCase ingest = new IngestReadingsService(readings -> {
                handed[0] += readings.size();
                return new StoreResult(readings.size(), 0);
            }, ApplicationSettings.defaults(), Clock.fixed(NOW, ZoneOffset.UTC));
            double[] ingested = measure(body, rounds, () -> new LineBatch(Integer.MAX_VALUE), ingest);
            System.out.printf("%s: parse %,.0f lines per CPU-second of the thread (%,.0f lines/s wall clock); into a LineBatch"
                    + " of ReadingInputs %,.0f per CPU-second (%,.0f/s wall clock); through the ingest use case, the store"
                    + " left out, %,.0f per CPU-second (%,.0f/s wall clock); fields seen %,d, readings handed to the store %,d%n",
                    phase, parsed[1], parsed[0], batched[1], batched[0], ingested[1], ingested[0], counted[0], handed[0]);
        }
    }

    private interface Sinks {
        LineSink next();
    }

    private static double[] measure(byte[] body, int rounds, Sinks sinks) throws IOException {
        return measure(body, rounds, sinks, null);
    }

    /** Lines per wall-clock second and per CPU-second; each batch then through {@code ingest} unless null. */
    private static double[] measure(byte[] body, int rounds, Sinks sinks, IngestReadingsUseCase ingest) throws IOException {
        long lines = 0;
        long start = System.nanoTime();
        long cpuStart = CPU.getCurrentThreadCpuTime();
        for (int r = 0; r < rounds; r++) {
            LineSink sink = sinks.next();
            new LineParser(SeriesIdRule.VALUES, Precision.NANOSECONDS, NOW, sink).parse(new ByteArrayInputStream(body));
            if (ingest != null) {
                LineBatch batch = (LineBatch) sink;
                if (!batch.report(ingest.ingest(batch.inputs())).rejected().isEmpty()) {
                    throw new IllegalStateException("the ingest refused a line of the case-study stream");
                }
            }
            lines += body.length == 0 ? 0 : countLines(body);
        }
        return new double[] {lines / ((System.nanoTime() - start) / 1e9),
                lines / ((CPU.getCurrentThreadCpuTime() - cpuStart) / 1e9)};
    }

    private static long countLines(byte[] body) {
        long n = 0;
        for (byte b : body) {
            if (b == '\n') {
                n++;
            }
        }
        return n;
    }

    private static byte[] body(int lines) {
        StringBuilder text = new StringBuilder(lines * 90);
        long t = Instant.parse("2026-07-21T00:00:00Z").toEpochMilli() * 1_000_000L;
        java.util.Random random = new java.util.Random(1);
        for (int i = 0; i < lines; i++) {
            text.append("sensor,id=sensor-").append(i % 1000).append(" temperature=")
                    .append(Math.round((15 + random.nextDouble() * 15) * 100) / 100.0)
                    .append(",pressure=").append(Math.round((990 + random.nextDouble() * 40) * 10) / 10.0)
                    .append(",status=\"OK\" ").append(t + (i / 1000) * 60_000_000_000L).append('\n');
        }
        return text.toString().getBytes(StandardCharsets.UTF_8);
    }
}
