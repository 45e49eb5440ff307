package io.bucketry.adapter.mongo.common.layout;

import io.bucketry.domain.BucketPolicy;
import io.bucketry.domain.RetentionPolicy;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

/** A layout record read back is the layout written, its description names every setting, and a vanished record is said. */
class LayoutRecordTest {

    private static final RetentionPolicy RETENTION = RetentionPolicy.defaults();

    @Test
    void aRecordWithServerOptionsReadsBackAsTheLayoutWritten() {
        CollectionLayout written = CollectionLayout.of("mongo-bucket", BucketPolicy.windowed(Duration.ofMinutes(5), 10), RETENTION,
                Map.of("expireAfterSeconds", "3600"));

        assertThat(CollectionLayout.fromFields(written.toFields())).isEqualTo(written);
    }

    @Test
    void aSealedRecordReadsBackSealedAndARecordWithoutTheFieldReadsAsRows() {
        CollectionLayout rows = CollectionLayout.of("mongo-bucket", BucketPolicy.defaults(), RetentionPolicy.defaults(), Map.of());
        CollectionLayout sealed = rows.withDocuments("sealed");

        assertThat(CollectionLayout.fromFields(sealed.toFields())).isEqualTo(sealed);
        assertThat(CollectionLayout.fromFields(rows.toFields()).documents()).isEqualTo(CollectionLayout.ROWS);
        assertThat(rows.toFields()).doesNotContainKey("documents");
        assertThat(sealed.describe()).endsWith(", layout sealed");
    }

    @Test
    void aPagedRecordReadsBackAsPagedWithoutAWidth() {
        CollectionLayout written = CollectionLayout.of("mongo-bucket", BucketPolicy.paged(10), RETENTION, Map.of());

        CollectionLayout read = CollectionLayout.fromFields(written.toFields());

        assertThat(read).isEqualTo(written);
        assertThat(read.width()).isNull();
    }

    @Test
    void aBackendThatIsNoTextIsNamedAsUnreadable() {
        Map<String, Object> fields = new HashMap<>(CollectionLayout.of("mongo-bucket", BucketPolicy.defaults(),
                RETENTION, Map.of()).toFields());
        fields.put("backend", 7);

        assertThatIllegalStateException().isThrownBy(() -> CollectionLayout.fromFields(fields))
                .withMessageStartingWith("the layout record's field 'backend' is not a text");
    }

    @Test
    void theDescriptionNamesServerOptionsOnlyWhenThereAreSome() {
        CollectionLayout plain = CollectionLayout.of("mongo-bucket", BucketPolicy.defaults(), RETENTION, Map.of());
        CollectionLayout withOptions = CollectionLayout.of("mongo-bucket", BucketPolicy.defaults(), RETENTION, Map.of("k", "v"));

        assertThat(plain.describe()).isEqualTo("mongo-bucket, windowed 1h, max count 1000, max bytes "
                + BucketPolicy.defaults().maxBytes() + ", retention 90d, grace 1h");
        assertThat(withOptions.describe()).isEqualTo(plain.describe() + ", {k=v}");
    }

    @Test
    void aDurationIsWrittenInItsLargestExactUnitAndZeroInMilliseconds() {
        assertThat(LayoutText.duration(Duration.ofDays(90))).isEqualTo("90d");
        assertThat(LayoutText.duration(Duration.ofMinutes(90))).isEqualTo("90m");
        assertThat(LayoutText.duration(Duration.ofSeconds(1))).isEqualTo("1s");
        assertThat(LayoutText.duration(Duration.ofMillis(1500))).isEqualTo("1500ms");
        assertThat(LayoutText.duration(Duration.ZERO)).isEqualTo("0ms");
    }

    @Test
    void aRecordThatVanishesWhileStartingIsSaidInOneSentence() {
        // given: records that never find one, yet refuse the insert as if another start had recorded it
        LayoutRecords vanishing = new LayoutRecords() {
            @Override
            public Optional<CollectionLayout> find() {
                return Optional.empty();
            }

            @Override
            public boolean insert(CollectionLayout layout) {
                return false;
            }

            @Override
            public void replace(CollectionLayout layout) {
            }
        };
        CollectionLayout configured = CollectionLayout.of("mongo-bucket", BucketPolicy.defaults(), RETENTION, Map.of());

        assertThatIllegalStateException().isThrownBy(() -> LayoutGuard.start(vanishing, configured, true, "c",
                LayoutGuard.Unrecorded::empty)).withMessage("c: the layout record vanished while starting; start again");
    }
}
