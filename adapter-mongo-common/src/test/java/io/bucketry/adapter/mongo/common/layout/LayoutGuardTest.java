package io.bucketry.adapter.mongo.common.layout;

import io.bucketry.domain.BucketPolicy;
import io.bucketry.domain.RetentionPolicy;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

/** The start-up flow around the rule: first record, refusal in one line, safe changes recorded only on confirm. */
class LayoutGuardTest {

    private static final String WHERE = "mongo-bucket collection db.c";
    private static final RetentionPolicy RETENTION = RetentionPolicy.defaults();

    /** Records kept as the persisted field maps, so that every start also round-trips toFields / fromFields. */
    private static final class MapRecords implements LayoutRecords {
        final Map<String, Object> fields = new HashMap<>();
        int replaced;

        @Override
        public Optional<CollectionLayout> find() {
            return fields.isEmpty() ? Optional.empty() : Optional.of(CollectionLayout.fromFields(fields));
        }

        @Override
        public boolean insert(CollectionLayout layout) {
            if (!fields.isEmpty()) {
                return false;
            }
            fields.putAll(layout.toFields());
            return true;
        }

        @Override
        public void replace(CollectionLayout layout) {
            fields.clear();
            fields.putAll(layout.toFields());
            replaced++;
        }
    }

    @Test
    void firstStartRecordsTheConfiguredLayout() {
        MapRecords records = new MapRecords();
        CollectionLayout configured = layout(BucketPolicy.windowed(Duration.ofMinutes(5), 10), RETENTION);

        LayoutStart start = LayoutGuard.start(records, configured, true, WHERE, LayoutGuard.Unrecorded::empty);

        assertThat(start.previous()).isEmpty();
        assertThat(records.find()).as("a new collection keeps tags").contains(configured.withTags(true));
        assertThat(start.confirm()).singleElement().asString().contains(WHERE, "layout recorded", "windowed 5m");
    }

    @Test
    void refusedChangeIsOneLineNamingEachSettingBothValuesAndWhatToDo() {
        MapRecords records = new MapRecords();
        records.insert(layout(BucketPolicy.defaults(), RETENTION));

        assertThatIllegalStateException().isThrownBy(() -> LayoutGuard.start(records,
                        layout(BucketPolicy.windowed(Duration.ofMinutes(30), 2000), RETENTION), true, WHERE, LayoutGuardTest::holdsData))
                .withMessageStartingWith(WHERE + " was made with another layout")
                .withMessageContaining("bucket width (bucketWidth): stored 1h, configured 30m")
                .withMessageContaining("bucket max count (bucketMaxCount): stored 1000, configured 2000")
                .withMessageContaining("Start with the stored value, use a new collection (--mongo-collection), or migrate")
                .withMessageNotContaining("\n");
    }

    @Test
    void aCollectionWithoutReadingsTakesAnyLayoutAndRecordsIt() {
        // given: a record left by a collection that was dropped or emptied since
        MapRecords records = new MapRecords();
        records.insert(layout(BucketPolicy.defaults(), RETENTION));
        CollectionLayout paged = layout(BucketPolicy.paged(10), RETENTION);

        // when
        LayoutStart start = LayoutGuard.start(records, paged, true, WHERE, LayoutGuard.Unrecorded::empty);

        // then
        assertThat(records.find().orElseThrow().isPaged()).as("not before confirm").isFalse();
        assertThat(start.confirm()).singleElement().asString().contains("holds no readings, so its layout may change");
        assertThat(records.find()).contains(paged.withTags(true));
    }

    @Test
    void tagsFollowTheRecordUnlessConfiguredAndEnablingThemOnACollectionWithoutIsRefusedNamingMigrate() {
        // given: a record made before tags (no field) of a collection holding readings
        MapRecords records = new MapRecords();
        records.insert(layout(BucketPolicy.defaults(), RETENTION));
        records.fields.remove("tags");

        // when / then: unset follows the record (no tags); asking for tags is refused with the way out
        LayoutStart unset = LayoutGuard.start(records, layout(BucketPolicy.defaults(), RETENTION), true, WHERE,
                LayoutGuardTest::holdsData);
        assertThat(unset.layout().keepsTags()).isFalse();
        assertThat(unset.confirm()).isEmpty();
        assertThatIllegalStateException().isThrownBy(() -> LayoutGuard.start(records,
                        layout(BucketPolicy.defaults(), RETENTION).withTags(true), true, WHERE, LayoutGuardTest::holdsData))
                .withMessageContaining("tags (mongoTags): stored off, configured on")
                .withMessageContaining("made before tags")
                .withMessageContaining("bucketry migrate --from-config old.yaml --to-config new.yaml");
        // a record with tags refuses turning them off, and unset keeps them
        MapRecords tagged = new MapRecords();
        tagged.insert(layout(BucketPolicy.defaults(), RETENTION).withTags(true));
        assertThat(LayoutGuard.start(tagged, layout(BucketPolicy.defaults(), RETENTION), true, WHERE,
                LayoutGuardTest::holdsData).layout().keepsTags()).isTrue();
        assertThatIllegalStateException().isThrownBy(() -> LayoutGuard.start(tagged,
                        layout(BucketPolicy.defaults(), RETENTION).withTags(false), true, WHERE, LayoutGuardTest::holdsData))
                .withMessageContaining("tags (mongoTags): stored on, configured off");
    }

    @Test
    void aCollectionMadeBeforeLayoutRecordsIsRecordedWithoutTags() {
        MapRecords records = new MapRecords();

        LayoutStart start = LayoutGuard.start(records, layout(BucketPolicy.defaults(), RETENTION), true, WHERE,
                LayoutGuardTest::holdsData);

        assertThat(start.layout().keepsTags()).as("its documents were written without tags").isFalse();
        assertThat(records.fields).containsEntry("tags", false);
    }

    @Test
    void safeChangeIsRecordedOnlyOnConfirmAndAnnounced() {
        MapRecords records = new MapRecords();
        records.insert(layout(BucketPolicy.defaults(), RETENTION));
        RetentionPolicy year = RetentionPolicy.of(Duration.ofDays(365));

        LayoutStart start = LayoutGuard.start(records, layout(BucketPolicy.defaults(), year), true, WHERE,
                LayoutGuard.Unrecorded::empty);

        assertThat(records.replaced).as("not before the start succeeded").isZero();
        assertThat(start.expiryChange()).contains("retention (retention) changed from 90d to 365d");
        List<String> notes = start.confirm();
        assertThat(notes).singleElement().asString()
                .isEqualTo(WHERE + ": retention (retention) changed from 90d to 365d, which is safe (it decides what is kept,"
                        + " not where readings are); the layout record is updated");
        assertThat(records.find().orElseThrow().retention()).isEqualTo(Duration.ofDays(365));
    }

    @Test
    void unrecordedDataThatDoesNotFitIsRefusedAndNothingIsRecorded() {
        MapRecords records = new MapRecords();

        assertThatIllegalStateException().isThrownBy(() -> LayoutGuard.start(records, layout(BucketPolicy.defaults(), RETENTION),
                        true, WHERE, () -> new LayoutGuard.Unrecorded(true, "bucket X is not aligned", null)))
                .withMessageContaining("no layout record").withMessageContaining("bucket X is not aligned");
        assertThat(records.find()).isEmpty();
    }

    @Test
    void unrecordedDataThatFitsIsAdoptedWithAWarningSayingWhatWasChecked() {
        MapRecords records = new MapRecords();

        LayoutStart start = LayoutGuard.start(records, layout(BucketPolicy.defaults(), RETENTION), true, WHERE,
                () -> new LayoutGuard.Unrecorded(true, null, "12 of its buckets"));

        assertThat(start.confirm()).singleElement().asString().contains("had no layout record", "after checking 12 of its buckets");
        assertThat(records.find()).isPresent();
    }

    @Test
    void aStartThatLosesTheRaceToRecordComparesWithTheWinnersRecord() {
        // given: a store whose insert fails because another start recorded a paged layout in between
        MapRecords winner = new MapRecords();
        winner.insert(layout(BucketPolicy.paged(10), RETENTION));
        LayoutRecords racing = new LayoutRecords() {
            private boolean looked;

            @Override
            public Optional<CollectionLayout> find() {
                boolean first = !looked;
                looked = true;
                return first ? Optional.empty() : winner.find();
            }

            @Override
            public boolean insert(CollectionLayout layout) {
                return winner.insert(layout);
            }

            @Override
            public void replace(CollectionLayout layout) {
                winner.replace(layout);
            }
        };

        assertThatIllegalStateException().isThrownBy(() -> LayoutGuard.start(racing, layout(BucketPolicy.defaults(), RETENTION),
                true, WHERE, LayoutGuardTest::holdsData)).withMessageContaining("bucket policy (bucketPolicy): stored paged, configured windowed");
    }

    @Test
    void aRecordOfANewerLayoutVersionIsRefusedWithoutReadingItsOtherFields() {
        MapRecords records = new MapRecords();
        records.fields.putAll(Map.of("layoutVersion", 2, "backend", "mongo-bucket", "somethingNew", "x"));

        assertThatIllegalStateException().isThrownBy(() -> LayoutGuard.start(records, layout(BucketPolicy.defaults(), RETENTION),
                true, WHERE, LayoutGuardTest::holdsData)).withMessageContaining("layout version: stored 2, configured 1")
                .withMessageContaining("newer Bucketry");
    }

    @Test
    void anUnreadableRecordNamesTheField() {
        MapRecords records = new MapRecords();
        records.insert(layout(BucketPolicy.defaults(), RETENTION));
        records.fields.remove("maxCount");

        assertThatIllegalStateException().isThrownBy(records::find).withMessageContaining("'maxCount' is missing");
    }

    /** A collection with readings that fit. */
    private static LayoutGuard.Unrecorded holdsData() {
        return new LayoutGuard.Unrecorded(true, null, "its buckets");
    }

    private static CollectionLayout layout(BucketPolicy policy, RetentionPolicy retention) {
        return CollectionLayout.of("mongo-bucket", policy, retention, Map.of());
    }
}
