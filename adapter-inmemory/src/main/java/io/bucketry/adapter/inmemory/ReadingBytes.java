package io.bucketry.adapter.inmemory;

import io.bucketry.domain.Fields;
import io.bucketry.domain.Reading;

/**
 * What one reading counts against a bucket's byte ceiling in the in-memory store: an upper bound of
 * its size as a stored document (3 bytes a text character), so that the in-memory store's buckets
 * fill up about where a Mongo store's would, whatever the heap holds.
 */
final class ReadingBytes {

    private ReadingBytes() {
    }

    static int upperBound(Reading reading) {
        int bytes = 1 + 8 + 4 + 1 + (1 + 2 + 8); // element header and index key, document, t
        Fields fields = reading.fields();
        for (int i = 0; i < fields.size(); i++) {
            bytes += 2 + fields.schema().name(i).length();
            bytes += fields.isText(i) ? 5 + 3 * fields.textAt(i).length() : 8;
        }
        return bytes;
    }
}
