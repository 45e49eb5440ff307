package io.bucketry.app.cli;

import io.bucketry.application.port.out.StoreUnavailableException;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** A store's refusal names the settings to change; each command says them as the options it accepts. */
class SettingWordsTest {

    private static final String REFUSAL = "mongo-bucket cannot start: the MongoDB server at mongodb://h failed to"
            + " answer: Timed out. Check the mongoUri setting and that the server is running";

    @Test
    void theCommandsWithEveryKeyAsAFlagSayTheFlagAndItsEnvironmentVariable() {
        SettingWords words = SettingWords.ofFlags();

        assertThat(words.of(REFUSAL)).endsWith("Check --mongo-uri (env MONGODB_URI) and that the server is running");
        assertThat(words.of("upgrade the server, or set timeseriesFallback to store one plain document per reading"))
                .isEqualTo("upgrade the server, or give --timeseries-fallback (env BUCKETRY_TIMESERIES_FALLBACK) to"
                        + " store one plain document per reading");
    }

    @Test
    void migrateSaysTheFlagOfTheSideThatFailedAndNothingItLacks() {
        assertThat(SettingWords.ofMigrateSide("from").of(REFUSAL)).contains("Check --from-mongo-uri and")
                .doesNotContain("MONGODB_URI").doesNotContain("embedded");
        assertThat(SettingWords.ofMigrateSide("to").of("or set timeseriesFallback to store"))
                .isEqualTo("or give --to-timeseries-fallback to store");
    }

    @Test
    void wordsItHasNoOptionForAndOtherTextStayAsTheyAre() {
        String layout = "bucket width (bucketWidth): stored 1h, configured 30m; set nothing else";

        assertThat(SettingWords.ofMigrateSide("to").of(layout)).isEqualTo(layout);
    }

    @Test
    void aRewordedRefusalKeepsItsTypeAndItsCause() {
        StoreUnavailableException refusal = new StoreUnavailableException(REFUSAL);

        assertThatThrownBy(() -> SettingWords.ofFlags().starting(() -> {
            throw refusal;
        })).isInstanceOf(StoreUnavailableException.class).hasCause(refusal).hasMessageContaining("--mongo-uri");
    }
}
