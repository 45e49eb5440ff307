package io.bucketry.server.json;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import io.bucketry.application.port.in.LastpointPage;
import io.bucketry.application.port.out.ReadingSink;
import io.bucketry.domain.FieldAggregate;
import io.bucketry.domain.FieldSchema;
import io.bucketry.domain.Fields;
import io.bucketry.domain.Reading;
import io.bucketry.domain.SeriesId;
import io.bucketry.domain.SeriesMeta;
import io.bucketry.domain.Tags;
import io.bucketry.domain.WindowAggregate;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;

/**
 * A plain benchmark (not a test) of the answers in columns as bench-peer's Q1, Q3 and Q4 write them, on one
 * thread, the store's and the HTTP server's work left out: Q1 one series' 1,440 readings (temperature,
 * pressure, status), Q3 the avg of both numbers in 3 windows of each of 1,000 series, Q4 the latest reading
 * of each of 1,000 series with its measurement and tag. Per answer is the thread's CPU time (the machine may
 * be shared), the median of the rounds. Run with the command in docs/benchmarks.md, "Answers in columns".
 */
public final class ColumnWritersBenchmark {

    private static final ThreadMXBean CPU = ManagementFactory.getThreadMXBean();
    private static final JsonFactory GENERATORS = new JsonFactory();
    private static final long START = Instant.parse("2026-07-21T00:00:00Z").toEpochMilli();

    private ColumnWritersBenchmark() {
    }

    /** What writes one answer. */
    private interface Answer {
        void write(JsonGenerator out) throws IOException;
    }

    public static void main(String[] args) throws IOException {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 15;
        int asks = args.length > 1 ? Integer.parseInt(args[1]) : 200;
        Random random = new Random(34);
        SeriesId one = SeriesId.of("sensor-0001");
        SeriesMeta meta = new SeriesMeta("sensor", Tags.of("id", "sensor-0001"));
        FieldSchema schema = FieldSchema.of("pressure", "status", "temperature");
        List<Reading> day = new ArrayList<>();
        for (int minute = 0; minute < 1440; minute++) {
            day.add(reading(one, START + minute * 60_000L, schema, meta, random));
        }
        List<WindowAggregate> windows = new ArrayList<>();
        List<Reading> latest = new ArrayList<>();
        for (int i = 0; i < 1000; i++) {
            SeriesId id = SeriesId.of(String.format("sensor-%04d", i));
            for (int w = 0; w < 3; w++) {
                long start = START + w * 300_000L;
                windows.add(new WindowAggregate(id, Instant.ofEpochMilli(start), Instant.ofEpochMilli(start + 300_000),
                        5, Map.of("temperature", aggregate(20, random), "pressure", aggregate(1000, random))));
            }
            latest.add(reading(id, START, schema, new SeriesMeta("sensor", Tags.of("id", id.value())), random));
        }
        Set<Statistic> avg = EnumSet.of(Statistic.AVG);
        LastpointPage page = new LastpointPage(latest, null);
        Map<String, Answer> answers = Map.of(
                "Q1", out -> blocks(day).write(out),
                "Q3", out -> WindowColumns.writeTable(out, windows, avg),
                "Q4", out -> LastpointColumns.write(out, page));
        for (String query : List.of("Q1", "Q3", "Q4")) {
            Answer answer = answers.get(query);
            long[] bytes = new long[1];
            ByteArrayOutputStream out = new ByteArrayOutputStream(1 << 20);
            long[] perAnswer = new long[rounds];
            for (int round = -3; round < rounds; round++) {   // three rounds of warm-up
                long cpu = CPU.getCurrentThreadCpuTime();
                for (int ask = 0; ask < asks; ask++) {
                    bytes[0] = write(answer, out);
                }
                if (round >= 0) {
                    perAnswer[round] = (CPU.getCurrentThreadCpuTime() - cpu) / asks;
                }
            }
            Arrays.sort(perAnswer);
            System.out.printf("%s in columns: %,d bytes, CPU per answer median %.1f us (min %.1f, max %.1f) over %d rounds of %d%n",
                    query, bytes[0], perAnswer[rounds / 2] / 1e3, perAnswer[0] / 1e3, perAnswer[rounds - 1] / 1e3, rounds, asks);
        }
    }

    private static Reading reading(SeriesId id, long time, FieldSchema schema, SeriesMeta meta, Random random) {
        Fields fields = Fields.builder(schema)
                .number(0, Math.round(100_000 + random.nextGaussian() * 500) / 100.0)
                .text(1, "OK")
                .number(2, Math.round(2_000 + random.nextGaussian() * 300) / 100.0)
                .build();
        return new Reading(id, Instant.ofEpochMilli(time), fields, meta);
    }

    private static FieldAggregate aggregate(double around, Random random) {
        double[] values = new double[5];
        double sum = 0;
        for (int i = 0; i < values.length; i++) {
            values[i] = Math.round(around * 100 + random.nextGaussian() * 300) / 100.0;
            sum += values[i];
        }
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        return new FieldAggregate(values.length, sorted[0], sorted[values.length - 1], sum, values[0], values[values.length - 1]);
    }

    private static ColumnBlock.Collected blocks(List<Reading> readings) {
        ColumnBlock.Collected blocks = new ColumnBlock.Collected();
        ReadingBlocks sink = new ReadingBlocks(100_000, blocks::add);
        ReadingSink.feed(readings, sink);
        sink.finish();
        return blocks;
    }

    private static long write(Answer answer, ByteArrayOutputStream out) throws IOException {
        out.reset();
        try (JsonGenerator generator = GENERATORS.createGenerator(out)) {
            answer.write(generator);
        }
        return out.size();
    }
}
