package io.bucketry.adapter.mongo.common.layout;

import io.bucketry.domain.BucketPolicy;
import io.bucketry.domain.RetentionPolicy;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.params.provider.Arguments.arguments;

/** Every setting of a layout, changed alone: refused or safe, for stores that size buckets by the policy and for those whose server does. */
class LayoutRuleTest {

    private static final RetentionPolicy RETENTION = RetentionPolicy.defaults();
    private static final CollectionLayout WINDOWED = layout("mongo-bucket", BucketPolicy.windowed(Duration.ofHours(1), 1000),
            RETENTION);
    private static final CollectionLayout PAGED = layout("mongo-bucket", BucketPolicy.paged(100), RETENTION);

    static Stream<Arguments> changes() {
        RetentionPolicy longer = RetentionPolicy.of(Duration.ofDays(365));
        RetentionPolicy grace = new RetentionPolicy(RETENTION.retention(), Duration.ofMinutes(90), RETENTION.futureTolerance());
        return Stream.of(
                // stored, configured, setting, stored text, configured text, safe where the policy sizes buckets, safe where the server does
                arguments(WINDOWED, layout("mongo-timeseries", BucketPolicy.defaults(), RETENTION), "backend", "mongo-bucket",
                        "mongo-timeseries", false, false),
                arguments(WINDOWED, layout("mongo-bucket", BucketPolicy.paged(1000), RETENTION), "bucket policy", "windowed",
                        "paged", false, false),
                arguments(WINDOWED, withWidth(Duration.ofMinutes(30)), "bucket width", "1h", "30m", false, false),
                arguments(WINDOWED, WINDOWED.withDocuments("sealed"), "document layout", "rows", "sealed", false, false),
                arguments(WINDOWED.withDocuments("sealed"), WINDOWED, "document layout", "sealed", "rows", false, false),
                arguments(WINDOWED, withWidth(Duration.ofHours(2)), "bucket width", "1h", "2h", false, false),
                arguments(WINDOWED, withCount(WINDOWED, 500), "bucket max count", "1000", "500", true, true),
                arguments(WINDOWED, withCount(WINDOWED, 2000), "bucket max count", "1000", "2000", false, true),
                arguments(WINDOWED, withBytes(WINDOWED, BucketPolicy.MIN_BYTES), "bucket byte ceiling", "2097152", "65536", true, true),
                arguments(WINDOWED, withBytes(WINDOWED, BucketPolicy.MAX_BYTES_LIMIT), "bucket byte ceiling", "2097152", "8388608",
                        false, true),
                arguments(WINDOWED, layout("mongo-bucket", BucketPolicy.defaults(), longer), "retention", "90d", "365d", true, true),
                arguments(WINDOWED, layout("mongo-bucket", BucketPolicy.defaults(), grace), "grace", "1h", "90m", true, true),
                arguments(PAGED, withCount(PAGED, 50), "page size", "100", "50", false, false),
                arguments(PAGED, withCount(PAGED, 200), "page size", "100", "200", false, false),
                arguments(PAGED, withBytes(PAGED, BucketPolicy.MIN_BYTES), "bucket byte ceiling", "2097152", "65536", true, true),
                arguments(PAGED, withBytes(PAGED, BucketPolicy.MAX_BYTES_LIMIT), "bucket byte ceiling", "2097152", "8388608",
                        false, true),
                arguments(WINDOWED, new CollectionLayout("mongo-bucket", WINDOWED.width(), 1000, WINDOWED.maxBytes(),
                        RETENTION.retention(), RETENTION.grace(), Map.of(), 2), "layout version", "1", "2", false, false));
    }

    @ParameterizedTest(name = "{2}: {3} -> {4}")
    @MethodSource("changes")
    void eachSettingChangedAloneIsSafeOrRefusedWhereThePolicyOrTheServerSizesBuckets(CollectionLayout stored,
            CollectionLayout configured, String setting, String from, String to, boolean safe, boolean safeOnServerBuckets) {
        assertOneDifference(LayoutRule.compare(stored, configured, true), setting, from, to, safe);
        assertOneDifference(LayoutRule.compare(stored, configured, false), setting, from, to, safeOnServerBuckets);
    }

    @Test
    void theSameLayoutHasNoDifference() {
        assertThat(LayoutRule.compare(WINDOWED, layout("mongo-bucket", BucketPolicy.windowed(Duration.ofMinutes(60), 1000),
                RETENTION), true)).isEmpty();
        assertThat(LayoutRule.compare(PAGED, layout("mongo-bucket", BucketPolicy.paged(100), RETENTION), true)).isEmpty();
    }

    @Test
    void theIssuesScenarioRefusesTheWidthAndAcceptsTheGrace() {
        // given: width 1h -> 30m and grace 1h -> 90m
        RetentionPolicy grace = new RetentionPolicy(RETENTION.retention(), Duration.ofMinutes(90), RETENTION.futureTolerance());
        CollectionLayout configured = layout("mongo-bucket", BucketPolicy.windowed(Duration.ofMinutes(30), 1000), grace);

        // when
        List<LayoutDifference> differences = LayoutRule.compare(WINDOWED, configured, true);

        // then
        assertThat(differences).extracting(LayoutDifference::setting, LayoutDifference::safe)
                .containsExactly(org.assertj.core.groups.Tuple.tuple("bucket width (bucketWidth)", false),
                        org.assertj.core.groups.Tuple.tuple("grace (grace)", true));
    }

    @Test
    void serverOptionsFixedAtCreationAreNotComparedSoAServerUpgradeChangesNothing() {
        CollectionLayout created = layout("mongo-timeseries", BucketPolicy.defaults(), RETENTION)
                .withServerOptionsOf(new CollectionLayout("x", null, 1, 1, Duration.ofDays(1), Duration.ZERO,
                        Map.of("granularity", "seconds"), 1));
        CollectionLayout configured = new CollectionLayout("mongo-timeseries", Duration.ofHours(1), 1000,
                BucketPolicy.DEFAULT_MAX_BYTES, RETENTION.retention(), RETENTION.grace(), Map.of("bucketMaxSpanSeconds", "3600"), 1);
        assertThat(LayoutRule.compare(created, configured, false)).isEmpty();
    }

    private static void assertOneDifference(List<LayoutDifference> differences, String setting, String from, String to,
                                            boolean safe) {
        assertThat(differences).singleElement().satisfies(difference -> {
            assertThat(difference.setting()).startsWith(setting);
            assertThat(difference.stored()).isEqualTo(from);
            assertThat(difference.configured()).isEqualTo(to);
            assertThat(difference.safe()).as("safe").isEqualTo(safe);
            assertThat(difference.why()).isNotBlank();
        });
    }

    private static CollectionLayout layout(String backend, BucketPolicy policy, RetentionPolicy retention) {
        return CollectionLayout.of(backend, policy, retention, Map.of());
    }

    private static CollectionLayout withWidth(Duration width) {
        return layout("mongo-bucket", BucketPolicy.windowed(width, 1000), RETENTION);
    }

    private static CollectionLayout withCount(CollectionLayout base, int maxCount) {
        return new CollectionLayout(base.backend(), base.width(), maxCount, base.maxBytes(), base.retention(), base.grace(),
                base.serverOptions(), base.version());
    }

    private static CollectionLayout withBytes(CollectionLayout base, int maxBytes) {
        return new CollectionLayout(base.backend(), base.width(), base.maxCount(), maxBytes, base.retention(), base.grace(),
                base.serverOptions(), base.version());
    }
}
