package io.bucketry.adapter.mongo.bucket;

import io.bucketry.domain.BucketPolicy;
import io.bucketry.domain.Reading;
import io.bucketry.domain.SeriesId;
import org.bson.BsonDocument;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static io.bucketry.adapter.mongo.bucket.TestData.at;
import static org.assertj.core.api.Assertions.assertThat;

/** The update statement a placement becomes with sub-windows on: classic operators only, paths that never conflict. */
class SubWindowStatementTest {

    private static final SeriesId SERIES = new SeriesId("s");
    // two readings in sub-window 0 (given late first), one in sub-window 3, one without a numeric field
    private static final List<Reading> READINGS = List.of(
            TestData.value(SERIES, at(Duration.ofSeconds(10)), 4),
            TestData.value(SERIES, at(Duration.ofSeconds(70)), 6),
            TestData.value(SERIES, at(Duration.ofMinutes(16)), -2),
            Reading.of("s", at(Duration.ofMinutes(17)), Map.of("status", "OK")));

    @Test
    void eachSubWindowGetsItsCountsSumsMinMaxAndTimedFirstAndLast() {
        BsonDocument update = update(SubWindowDocs.HOURLY_5M);

        assertThat(update.getDocument("$inc")).containsEntry("subs.n300000", bson("4"))
                .containsEntry("subs.0.n", bson("2")).containsEntry("subs.3.n", bson("2"))
                .containsEntry("subs.0.f.value.c", bson("2")).containsEntry("subs.0.f.value.s", bson("10.0"))
                .containsEntry("subs.3.f.value.c", bson("1")).containsEntry("subs.3.f.value.s", bson("-2.0"));
        assertThat(update.getDocument("$min")).containsEntry("subs.0.f.value.mn", bson("4.0"))
                .containsEntry("subs.0.f.value.f", BsonDocument.parse("{t: 10000, v: 4.0}"))
                .containsEntry("subs.3.f.value.f", BsonDocument.parse("{t: 60000, v: -2.0}"));
        assertThat(update.getDocument("$max")).containsEntry("subs.0.f.value.mx", bson("6.0"))
                .containsEntry("subs.0.f.value.l", BsonDocument.parse("{t: 70000, v: 6.0}"));
        assertThat(update.keySet()).as("no pipeline update").allMatch(operator -> operator.startsWith("$"));
    }

    @Test
    void noPathOfTheStatementIsAPrefixOfAnother() {
        // a real server refuses such a statement: "Updating the path 'x' would create a conflict at 'x'"
        List<String> paths = new ArrayList<>();
        update(SubWindowDocs.HOURLY_5M).forEach((operator, fields) -> paths.addAll(fields.asDocument().keySet()));
        for (String path : paths) {
            assertThat(paths).as(path).noneMatch(other -> !other.equals(path) && other.startsWith(path + "."));
        }
        assertThat(paths).doesNotHaveDuplicates();
    }

    @Test
    void withoutSubWindowsTheStatementHasNone() {
        BsonDocument update = update(BucketPolicy.defaults());

        update.forEach((operator, fields) -> assertThat(fields.asDocument().keySet()).noneMatch(path -> path.startsWith("subs")));
    }

    private static BsonDocument update(BucketPolicy policy) {
        List<Reading> sorted = READINGS.stream().sorted((a, b) -> Long.compare(a.epochMilli(), b.epochMilli())).toList();
        Placement placement = new Placement(SERIES, TestData.BASE.toEpochMilli(), 0, sorted, false, false);
        return BucketUpdate.update(placement, policy, placement.bytes(policy));
    }

    private static org.bson.BsonValue bson(String value) {
        return BsonDocument.parse("{v: " + value + "}").get("v");
    }
}
