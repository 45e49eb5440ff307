package io.bucketry.adapter.mongo.common.layout;

import io.bucketry.domain.BucketPolicy;
import io.bucketry.domain.RetentionPolicy;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;

/** What a start answers about its layout, and when confirming it writes the record. */
class LayoutStartTest {

    private static final String WHERE = "mongo-bucket collection db.c";
    private static final CollectionLayout PLAIN = layout(Map.of());
    private static final LayoutDifference GRACE = new LayoutDifference("grace (grace)", "1h", "2h", true, "it only delays removal");

    /** Records that keep every replacement. */
    private static final class Replacements implements LayoutRecords {
        final List<CollectionLayout> replaced = new ArrayList<>();

        @Override
        public Optional<CollectionLayout> find() {
            return Optional.empty();
        }

        @Override
        public boolean insert(CollectionLayout layout) {
            return true;
        }

        @Override
        public void replace(CollectionLayout layout) {
            replaced.add(layout);
        }
    }

    @Test
    void aStartAnswersItsPreviousLayoutItsLayoutAndItsChanges() {
        LayoutStart start = new LayoutStart(new Replacements(), WHERE, PLAIN, PLAIN, List.of(GRACE), null, false);

        assertThat(start.previous()).contains(PLAIN);
        assertThat(start.layout()).isEqualTo(PLAIN);
        assertThat(start.changes()).containsExactly(GRACE);
    }

    @Test
    void aGraceChangeIsAnExpiryChangeAndItsCause() {
        LayoutStart start = new LayoutStart(new Replacements(), WHERE, PLAIN, PLAIN, List.of(GRACE), null, false);

        assertThat(start.expiryChange()).contains("grace (grace) changed from 1h to 2h");
        assertThat(start.expiryCause()).isEqualTo("grace (grace) changed from 1h to 2h since the layout was recorded");
    }

    @Test
    void withoutAnExpiryChangeTheCauseSaysWhetherARecordExisted() {
        LayoutStart first = new LayoutStart(new Replacements(), WHERE, null, PLAIN, List.of(), null, false);
        LayoutStart later = new LayoutStart(new Replacements(), WHERE, PLAIN, PLAIN, List.of(), null, false);

        assertThat(first.expiryChange()).isEmpty();
        assertThat(first.expiryCause()).startsWith("the collection had no layout record");
        assertThat(later.expiryCause()).startsWith("the recorded retention and grace are the configured ones");
    }

    @Test
    void confirmingAStartWithoutChangesWritesNothing() {
        Replacements records = new Replacements();
        LayoutStart start = new LayoutStart(records, WHERE, PLAIN, PLAIN, List.of(), null, false);

        assertThat(start.confirm()).isEmpty();
        assertThat(records.replaced).isEmpty();
    }

    @Test
    void confirmingARewriteWritesTheLayoutEvenWithoutChanges() {
        Replacements records = new Replacements();
        LayoutStart start = new LayoutStart(records, WHERE, PLAIN, PLAIN, List.of(), "note", true);

        assertThat(start.confirm()).containsExactly("note");
        assertThat(records.replaced).containsExactly(PLAIN);
    }

    @Test
    void theServerOptionsOfACreatedCollectionAreRecordedWhereTheRecordHasNone() {
        // given
        Replacements records = new Replacements();
        LayoutStart start = new LayoutStart(records, WHERE, null, PLAIN, List.of(), null, false);

        // when
        List<String> notes = start.confirm(Map.of("expireAfterSeconds", "3600"));

        // then
        CollectionLayout withOptions = layout(Map.of("expireAfterSeconds", "3600"));
        assertThat(notes).isEmpty();
        assertThat(records.replaced).containsExactly(withOptions);
        assertThat(start.layout()).isEqualTo(withOptions);
    }

    @Test
    void recordingTheServerOptionsOfACreatedCollectionKeepsTheSubWindow() {
        Replacements records = new Replacements();
        CollectionLayout five = PLAIN.withSubWindow(Duration.ofMinutes(5));
        LayoutStart start = new LayoutStart(records, WHERE, null, five, List.of(), null, false);

        start.confirm(Map.of("expireAfterSeconds", "3600"));

        assertThat(records.replaced).containsExactly(five.withServerOptions(Map.of("expireAfterSeconds", "3600")));
    }

    @Test
    void recordedServerOptionsAreKeptWhenACollectionIsCreatedAgain() {
        // given: a record that has server options already
        Replacements records = new Replacements();
        CollectionLayout recorded = layout(Map.of("expireAfterSeconds", "60"));
        LayoutStart start = new LayoutStart(records, WHERE, recorded, recorded, List.of(), null, false);

        // when
        start.confirm(Map.of("expireAfterSeconds", "3600"));

        // then
        assertThat(records.replaced).isEmpty();
        assertThat(start.layout()).isEqualTo(recorded);
    }

    private static CollectionLayout layout(Map<String, String> serverOptions) {
        return CollectionLayout.of("mongo-bucket", BucketPolicy.windowed(Duration.ofHours(1), 1000), RetentionPolicy.defaults(),
                serverOptions);
    }
}
