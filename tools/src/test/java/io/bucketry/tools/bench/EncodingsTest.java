package io.bucketry.tools.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.bucketry.application.port.in.ReadingInput;
import io.bucketry.domain.Fields;
import io.bucketry.server.lineprotocol.LineBatch;
import io.bucketry.server.lineprotocol.LineParser;
import io.bucketry.server.lineprotocol.Precision;
import io.bucketry.server.lineprotocol.SeriesIdRule;
import io.bucketry.tools.simulate.ReadingGenerator;
import io.bucketry.tools.simulate.Scenario;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

class EncodingsTest {

    private static final Instant END = Instant.parse("2026-12-01T12:00:00Z");

    private static List<ReadingInput> caseStudyBatch() {
        Scenario scenario = new Scenario(7, Duration.ofMinutes(1), Duration.ofMinutes(30), 0.1, 0.1, 100);
        return new ReadingGenerator(scenario, ReadingGenerator.sensorIds(7), END).nextBatch();
    }

    private static List<ReadingInput> parsedLines(Batch batch) throws IOException {
        LineBatch sink = new LineBatch(100_000);
        new LineParser(SeriesIdRule.VALUES, Precision.MILLISECONDS, END, sink).parse(new ByteArrayInputStream(batch.body()));
        return sink.inputs();
    }

    @Test
    void lineProtocolOfABatchParsesBackToTheSameReadingsUnderTheJsonSeriesId() throws IOException {
        List<ReadingInput> readings = caseStudyBatch();

        List<ReadingInput> parsed = parsedLines(Encodings.lines(readings));

        assertThat(parsed).hasSize(readings.size());
        for (int i = 0; i < readings.size(); i++) {
            ReadingInput sent = readings.get(i);
            assertThat(parsed.get(i).series()).isEqualTo(Encodings.seriesOf(sent.series()));
            assertThat(parsed.get(i).time()).isEqualTo(sent.time());
            assertThat(parsed.get(i).fields()).isEqualTo(Fields.of(sent.fields()));   // the parser hands on Fields
        }
    }

    @Test
    void aTextWithQuotesAndBackslashesSurvivesTheLineProtocol() throws IOException {
        ReadingInput reading = ReadingInput.of("sensor-1", END, Map.of("status", "say \"hi\" \\ bye", "level", 2.5));

        List<ReadingInput> parsed = parsedLines(Encodings.lines(List.of(reading)));

        assertThat(parsed).singleElement().satisfies(r -> assertThat(r.fields()).isEqualTo(Fields.of(reading.fields())));
    }

    @Test
    void jsonOfABatchIsTheReadingFormWithTheSameSeriesTimeAndFields() throws IOException {
        List<ReadingInput> readings = caseStudyBatch();

        Batch batch = Encodings.json(readings);

        JsonNode array = new ObjectMapper().readTree(batch.body());
        assertThat(batch.readings()).isEqualTo(readings.size());
        assertThat(array).hasSize(readings.size());
        for (int i = 0; i < readings.size(); i++) {
            JsonNode node = array.get(i);
            ReadingInput sent = readings.get(i);
            assertThat(node.get("series").asText()).isEqualTo(Encodings.seriesOf(sent.series()));
            assertThat(node.get("time").asLong()).isEqualTo(((Instant) sent.time()).toEpochMilli());
            assertThat(node.get("fields").get("temperature").asDouble()).isEqualTo(sent.fields().get("temperature"));
            assertThat(node.get("fields").get("status").asText()).isEqualTo(sent.fields().get("status"));
        }
    }

    @Test
    void aStreamCountsEveryReadingOfItsBatchesAndTheirBytes() {
        Scenario scenario = new Scenario(3, Duration.ofMinutes(1), Duration.ofMinutes(10), 0, 0, 7);

        PeerStream stream = PeerStream.of(scenario, END, Encodings::lines);

        assertThat(stream.readings()).isEqualTo(scenario.readings());
        assertThat(stream.batches()).hasSize(5).allMatch(b -> b.readings() <= 7);
        assertThat(stream.bytes()).isEqualTo(stream.batches().stream().mapToLong(b -> b.body().length).sum());
    }
}
