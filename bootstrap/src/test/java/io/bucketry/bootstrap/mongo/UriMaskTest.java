package io.bucketry.bootstrap.mongo;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** A configuration's Mongo URI is printed masked, with or without the Mongo backends on the class path. */
class UriMaskTest {

    private static final String URI = "mongodb://reader:s3cret@db.example:27017/bucketry";

    @Test
    void withTheMongoBackendsTheCredentialsAreMaskedAndTheHostShown() {
        assertThat(UriMask.mask(URI)).isEqualTo("mongodb://***@db.example:27017/bucketry");
    }

    @Test
    void withoutThemTheWholeUriIsHidden() {
        assertThat(UriMask.mask(URI, false)).isEqualTo("***");
        assertThat(UriMask.mask(null, false)).isNull();
    }
}
