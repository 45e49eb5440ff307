package io.bucketry.bootstrap.config;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class MongoSettingsTest {

    @Test
    void mongoSettingsNeverPrintThePasswordNorATokenButShowTheHost() {
        MongoSettings settings = new MongoSettings("mongodb://alice:s3cret@h/?authMechanismProperties=AWS_SESSION_TOKEN:t0ken",
                "db", "c", false, false);

        assertThat(settings.toString()).doesNotContain("s3cret").doesNotContain("alice").doesNotContain("t0ken")
                .contains("***@h/?");
        assertThat(BucketryConfig.builder().mongo(settings).build().toString()).doesNotContain("s3cret").doesNotContain("t0ken");
    }
}
