package io.bucketry.app.cli;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** The summaries' counts read as English: no "1 readings". */
class CountedTest {

    @Test
    void oneIsSingularAndEveryOtherCountPluralWithThousandsSeparators() {
        assertThat(Counted.of(1, "reading")).isEqualTo("1 reading");
        assertThat(Counted.of(0, "reading")).isEqualTo("0 readings");
        assertThat(Counted.of(2_000, "line")).isEqualTo("2,000 lines");
        assertThat(Counted.of(2, "series")).isEqualTo("2 series");
    }
}
