package io.bucketry.server.transfer;

import io.bucketry.domain.Reading;

import java.io.IOException;

/** Writes readings in one export format, one after the other. */
interface ReadingWriter extends AutoCloseable {

    void write(Reading reading) throws IOException;

    /** Flushes what is buffered; leaves the underlying stream open. */
    @Override
    void close() throws IOException;
}
