package io.bucketry.bootstrap.config;

import io.bucketry.bootstrap.MongoSettings;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class MaskedUriTest {

    @Test
    void credentialsAreHidden() {
        assertThat(MaskedUri.mask("mongodb://alice:s3cret@db.example:27017/x?tls=true"))
                .isEqualTo("mongodb://***@db.example:27017/x?tls=true");
        assertThat(MaskedUri.mask("mongodb+srv://bob:p@ss/w@cluster0.example")).isEqualTo("mongodb+srv://***@cluster0.example");
    }

    @Test
    void aUriWithoutCredentialsIsShownAsItIs() {
        assertThat(MaskedUri.mask("mongodb://localhost:27017")).isEqualTo("mongodb://localhost:27017");
    }

    @Test
    void mongoSettingsNeverPrintThePassword() {
        MongoSettings settings = new MongoSettings("mongodb://alice:s3cret@h", "db", "c", false, false);
        assertThat(settings.toString()).doesNotContain("s3cret").doesNotContain("alice").contains("***@h");
    }
}
