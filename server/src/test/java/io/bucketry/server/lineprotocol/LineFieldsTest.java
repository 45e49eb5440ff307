package io.bucketry.server.lineprotocol;

import io.bucketry.adapter.inmemory.InMemoryReadingStore;
import io.bucketry.application.UseCases;
import io.bucketry.application.port.in.IngestReport;
import io.bucketry.application.port.in.ReadingInput;
import io.bucketry.application.settings.ApplicationSettings;
import io.bucketry.domain.BucketPolicy;
import io.bucketry.domain.Fields;
import io.bucketry.domain.RejectionReason;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

import static org.assertj.core.api.Assertions.assertThat;

/** The fields of a line as the parser hands them on: the domain's {@link Fields}, or a map the ingest refuses. */
class LineFieldsTest {

    private static final Instant TIME = Instant.parse("2026-07-21T23:00:00Z");

    /** Every line's fields as the parser handed them, and every refusal. */
    private static final class Raw implements LineSink {
        final List<Map<String, ?>> fields = new ArrayList<>();
        final List<String> refused = new ArrayList<>();

        @Override
        public void reading(long line, SeriesKey series, Instant time, Map<String, ?> fields) {
            this.fields.add(fields);
        }

        @Override
        public void rejected(long line, String series, String time, RejectionReason reason, String message) {
            refused.add(line + " " + reason + " " + message);
        }
    }

    private static Raw parse(String body) throws IOException {
        Raw sink = new Raw();
        new LineParser(SeriesIdRule.VALUES, Precision.MILLISECONDS, null, sink)
                .parse(new ByteArrayInputStream(body.getBytes(StandardCharsets.UTF_8)));
        return sink;
    }

    @Test
    void validFieldsArriveAsTheDomainsFieldsAndLinesOfTheSameNamesShareOneSchema() throws IOException {
        // when
        Raw raw = parse("m a=1.5,b=2i,s=\"x\" 1\nm c=true 2\nm a=3,b=4i,s=\"y\" 3\n");

        // then
        assertThat(raw.refused).isEmpty();
        assertThat(raw.fields).allSatisfy(fields -> assertThat(fields).isInstanceOf(Fields.class));
        Fields first = (Fields) raw.fields.get(0);
        Fields third = (Fields) raw.fields.get(2);
        assertThat(first).isEqualTo(Fields.of(Map.of("a", 1.5, "b", 2.0, "s", "x")));
        assertThat(((Fields) raw.fields.get(1)).number("c")).isEqualTo(1.0);
        assertThat(third.schema()).isSameAs(first.schema());
        assertThat(third.schema().names()).containsExactly("a", "b", "s");
    }

    @Test
    void fieldsTheDomainRefusesAreRefusedByTheIngestInTheWordsItGivesTheSameFieldsSentAsAMap() throws IOException {
        // given: lines whose fields break a domain rule, between valid lines
        String longText = "x".repeat(257);
        String manyFields = IntStream.range(0, 65).mapToObj(i -> "f" + i + "=1").collect(Collectors.joining(","));
        long ms = TIME.toEpochMilli() - 10_000;
        String body = "m a=1 " + ms + "\nm t=4 " + (ms + 1) + "\nm 1x=1,a=2 " + (ms + 2) + "\nm s=\"" + longText + "\" "
                + (ms + 3) + "\nm " + manyFields + " " + (ms + 4) + "\nm a=6 " + (ms + 5) + "\n";
        Map<String, Object> sixtyFive = new LinkedHashMap<>();
        IntStream.range(0, 65).forEach(i -> sixtyFive.put("f" + i, 1.0));
        List<Map<String, ?>> asMaps = List.of(Map.of("t", 4.0), linked("1x", 1.0, "a", 2.0), Map.of("s", longText),
                sixtyFive);

        // when: the body through the batch and the ingest, and the same fields as maps through the ingest
        LineBatch batch = new LineBatch(100);
        new LineParser(SeriesIdRule.VALUES, Precision.MILLISECONDS, null, batch)
                .parse(new ByteArrayInputStream(body.getBytes(StandardCharsets.UTF_8)));
        List<ReadingInput> maps = new ArrayList<>();
        for (int i = 0; i < asMaps.size(); i++) {
            maps.add(new ReadingInput("m", Instant.ofEpochMilli(ms + 1 + i), asMaps.get(i), Map.of(), "m"));
        }
        try (InMemoryReadingStore store = new InMemoryReadingStore(BucketPolicy.defaults())) {
            UseCases use = UseCases.over(store, ApplicationSettings.defaults(), Clock.fixed(TIME, ZoneOffset.UTC));
            LineBatch.LineReport lines = batch.report(use.ingest().ingest(batch.inputs()));
            IngestReport sentAsMaps = use.ingest().ingest(maps);

            // then: lines 2-5 refused at their line numbers with the map's reasons and words; lines 1 and 6 stored
            assertThat(lines.accepted()).isEqualTo(2);
            assertThat(lines.rejected()).extracting(LineBatch.LineRejection::line).containsExactly(2L, 3L, 4L, 5L);
            assertThat(lines.rejected()).extracting(LineBatch.LineRejection::reason).containsExactly(
                    RejectionReason.INVALID_FIELD_NAME, RejectionReason.INVALID_FIELD_NAME,
                    RejectionReason.INVALID_FIELD_VALUE, RejectionReason.TOO_MANY_FIELDS);
            assertThat(lines.rejected()).extracting(LineBatch.LineRejection::message)
                    .containsExactlyElementsOf(sentAsMaps.rejected().stream().map(IngestReport.Rejection::message).toList());
            assertThat(sentAsMaps.accepted()).isZero();
        }
    }

    @Test
    void aFieldGivenTwiceRefusesItsLineInShortAndInLongFieldSets() throws IOException {
        // given: a name repeated among 3 fields, and among 20 (past the linear search)
        String many = IntStream.range(0, 19).mapToObj(i -> "f" + i + "=1").collect(Collectors.joining(","));

        // when
        Raw raw = parse("m a=1,b=2,a=3 1\nm " + many + ",f7=2 2\nm " + many + ",g=2 3\nm a=1 4\n");

        // then
        assertThat(raw.refused).containsExactly("1 INVALID_FIELD_NAME field a appears twice in the line",
                "2 INVALID_FIELD_NAME field f7 appears twice in the line");
        assertThat(raw.fields).hasSize(2);
        assertThat(raw.fields.get(0)).hasSize(20).containsKey("g");
        assertThat(raw.fields.get(1)).containsOnlyKeys("a");
    }

    @Test
    void refusedLinesFarIntoALongBodyAreReportedAtTheirLineNumbers() throws IOException {
        // given: 300 lines, three of them bad
        StringBuilder body = new StringBuilder();
        long ms = TIME.toEpochMilli() - 10_000;
        for (int i = 1; i <= 300; i++) {
            body.append(i == 70 || i == 199 || i == 300 ? "m v=oops " : "m v=" + i + " ").append(ms + i).append('\n');
        }
        LineBatch batch = new LineBatch(1000);
        new LineParser(SeriesIdRule.VALUES, Precision.MILLISECONDS, null, batch)
                .parse(new ByteArrayInputStream(body.toString().getBytes(StandardCharsets.UTF_8)));

        // when
        try (InMemoryReadingStore store = new InMemoryReadingStore(BucketPolicy.defaults())) {
            UseCases use = UseCases.over(store, ApplicationSettings.defaults(), Clock.fixed(TIME, ZoneOffset.UTC));
            LineBatch.LineReport lines = batch.report(use.ingest().ingest(batch.inputs()));

            // then
            assertThat(lines.rejected()).extracting(LineBatch.LineRejection::line).containsExactly(70L, 199L, 300L);
            assertThat(lines.accepted()).isEqualTo(297);
        }
    }

    private static Map<String, Object> linked(String k1, Object v1, String k2, Object v2) {
        Map<String, Object> map = new LinkedHashMap<>();
        map.put(k1, v1);
        map.put(k2, v2);
        return map;
    }
}
