package io.bucketry.server.json;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.bucketry.application.port.out.ReadingSink;
import io.bucketry.domain.Reading;
import io.bucketry.domain.SeriesMeta;
import io.bucketry.domain.Tags;
import org.junit.jupiter.api.Test;

import java.io.StringWriter;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** Blocks of columns from a sink: one per series and meta, cut at their most rows, each written once complete. */
class ReadingBlocksTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Instant T = Instant.parse("2030-07-21T10:00:00Z");

    private static JsonNode json(ColumnBlock block) throws Exception {
        StringWriter text = new StringWriter();
        try (JsonGenerator out = JSON.getFactory().createGenerator(text)) {
            block.write(out);
        }
        return JSON.readTree(text.toString());
    }

    @Test
    void aLongSeriesIsCutIntoBlocksOfAtMostTheirRowsWithItsTagsInEach() throws Exception {
        // given: 25 readings of one series, a field from the 12th on
        List<Reading> readings = new ArrayList<>();
        for (int i = 0; i < 25; i++) {
            Map<String, Object> fields = i < 12 ? Map.of("v", i) : Map.of("v", i, "w", "x" + i);
            readings.add(Reading.of("s", T.plusSeconds(i), fields).withMeta(SeriesMeta.of(Tags.of("room", "a"))));
        }
        List<ColumnBlock> blocks = new ArrayList<>();

        // when
        ReadingBlocks sink = new ReadingBlocks(10, blocks::add);
        ReadingSink.feed(readings, sink);
        assertThat(blocks).hasSize(2);   // the third is still open
        sink.finish();

        // then
        assertThat(blocks).extracting(ColumnBlock::rows).containsExactly(10, 10, 5);
        JsonNode second = json(blocks.get(1));
        assertThat(second.get("tags").get("room").asText()).isEqualTo("a");
        assertThat(second.get("time").get(0).asLong()).isEqualTo(T.plusSeconds(10).toEpochMilli());
        assertThat(second.get("fields").get("w").get(1).isNull()).isTrue();
        assertThat(second.get("fields").get("w").get(2).asText()).isEqualTo("x12");
        assertThat(json(blocks.get(0)).get("fields").has("w")).isFalse();
    }

    @Test
    void aBlockGrowsPastItsFirstRoomKeepingEveryColumnAligned() throws Exception {
        List<Reading> readings = new ArrayList<>();
        for (int i = 0; i < 40; i++) {
            readings.add(Reading.of("s", T.plusSeconds(i), i % 3 == 0 ? Map.of("v", i, "state", "OK") : Map.of("v", i)));
        }
        List<ColumnBlock> blocks = new ArrayList<>();
        ReadingBlocks sink = new ReadingBlocks(1000, blocks::add);

        ReadingSink.feed(readings, sink);
        sink.finish();

        JsonNode block = json(blocks.get(0));
        assertThat(block.get("time").size()).isEqualTo(40);
        for (int i = 0; i < 40; i++) {
            assertThat(block.get("fields").get("v").get(i).asInt()).isEqualTo(i);
            assertThat(block.get("fields").get("state").get(i).isNull()).isEqualTo(i % 3 != 0);
        }
        assertThat(block.has("tags")).isFalse();
    }

    @Test
    void nothingFedIsNoBlock() {
        List<ColumnBlock> blocks = new ArrayList<>();
        ReadingBlocks sink = new ReadingBlocks(10, blocks::add);

        sink.finish();

        assertThat(blocks).isEmpty();
    }
}
