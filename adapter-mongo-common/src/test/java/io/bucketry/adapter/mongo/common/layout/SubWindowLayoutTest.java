package io.bucketry.adapter.mongo.common.layout;

import io.bucketry.domain.BucketPolicy;
import io.bucketry.domain.RetentionPolicy;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** The sub-window width in a layout record: written and read back, compared where both sides record it, kept by the withers. */
class SubWindowLayoutTest {

    private static final CollectionLayout ROWS = CollectionLayout.of("mongo-bucket", BucketPolicy.defaults(),
            RetentionPolicy.defaults(), Map.of());
    private static final CollectionLayout FIVE = ROWS.withSubWindow(Duration.ofMinutes(5));
    private static final CollectionLayout OFF = ROWS.withSubWindow(Duration.ZERO);

    @Test
    void aRecordedSubWindowReadsBackAndARecordWithoutItReadsAsNotRecorded() {
        assertThat(FIVE.toFields()).containsEntry("subWindowMillis", 300_000L);
        assertThat(CollectionLayout.fromFields(FIVE.toFields())).isEqualTo(FIVE);
        assertThat(CollectionLayout.fromFields(OFF.toFields()).subWindow()).isEqualTo(Duration.ZERO);
        assertThat(ROWS.toFields()).doesNotContainKey("subWindowMillis");
        assertThat(CollectionLayout.fromFields(ROWS.toFields()).subWindow()).isNull();
        assertThat(FIVE.describe()).endsWith(", sub-window 5m");
        assertThat(OFF.describe()).isEqualTo(ROWS.describe());
    }

    @Test
    void aChangedSubWindowIsRefusedNamingBothValues() {
        List<LayoutDifference> differences = LayoutRule.compare(FIVE, ROWS.withSubWindow(Duration.ofMinutes(10)), true);

        assertThat(differences).singleElement().satisfies(difference -> {
            assertThat(difference.safe()).isFalse();
            assertThat(difference.describe()).startsWith("sub-window width (subWindow): stored 5m, configured 10m (");
        });
        assertThat(LayoutRule.compare(OFF, FIVE, false)).singleElement()
                .satisfies(difference -> assertThat(difference.describe()).startsWith(
                        "sub-window width (subWindow): stored off, configured 5m (stored buckets keep sub-window summaries"));
        assertThat(LayoutRule.compare(FIVE, OFF, true)).singleElement()
                .satisfies(difference -> assertThat(difference.configured()).isEqualTo("off"));
    }

    @Test
    void aRecordMadeBeforeTheFieldTakesTheConfiguredOneAndABackendThatRecordsNoneComparesNothing() {
        assertThat(LayoutRule.compare(ROWS, FIVE, true)).singleElement().satisfies(difference -> {
            assertThat(difference.safe()).isTrue();
            assertThat(difference.stored()).isEqualTo("not recorded");
            assertThat(difference.configured()).isEqualTo("5m");
        });
        assertThat(LayoutRule.compare(FIVE, ROWS, true)).isEmpty();
        assertThat(LayoutRule.compare(FIVE, FIVE, true)).isEmpty();
    }

    @Test
    void theOtherWithersKeepTheSubWindow() {
        assertThat(FIVE.withDocuments("sealed").subWindow()).isEqualTo(Duration.ofMinutes(5));
        assertThat(FIVE.withServerOptionsOf(FIVE.withServerOptions(Map.of("a", "b"))).subWindow()).isEqualTo(Duration.ofMinutes(5));
        assertThat(FIVE.withServerOptions(Map.of("a", "b")).serverOptions()).isEqualTo(Map.of("a", "b"));
        assertThat(FIVE.withSubWindow(null).subWindow()).isNull();
    }
}
