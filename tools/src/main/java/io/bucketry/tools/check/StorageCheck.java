package io.bucketry.tools.check;

import io.bucketry.adapter.mongo.bucket.MongoBucketSettings;
import io.bucketry.tools.baseline.OneDocumentPerReadingBaseline;
import io.bucketry.adapter.mongo.bucket.StorageProbe.Sizes;
import io.bucketry.application.port.in.ReadingInput;
import io.bucketry.tools.check.CheckContext.OpenStore;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import static io.bucketry.tools.check.CheckData.*;

/**
 * Stored bytes per reading measured by the server ($bsonSize of the stored documents, $collStats
 * data, storage and index sizes) for the backend and, beside it, the same readings one document per
 * reading (the seeds' baseline). Passes when the backend stores a reading in fewer BSON bytes.
 */
final class StorageCheck {

    static final int SERIES = 20;
    static final int PER_SERIES = 360;

    private StorageCheck() {
    }

    static Check check() {
        return Check.of("stored bytes per reading", StorageCheck::run);
    }

    static Outcome run(CheckContext context) {
        if (context.embedded()) {
            return Outcome.skip("the embedded test server has neither $bsonSize nor $collStats; run check against a real"
                    + " server to measure");
        }
        List<ReadingInput> written = new ArrayList<>();
        for (int s = 0; s < SERIES; s++) {
            written.addAll(CheckData.run("storage-" + s, origin(context.now()), MINUTE, PER_SERIES));
        }
        String collection = "storage";
        try (OpenStore store = context.open(collection)) {
            for (int from = 0; from < written.size(); from += 1000) {
                store.useCases().ingest().ingest(written.subList(from, Math.min(written.size(), from + 1000)));
            }
        }
        MongoBucketSettings baselineSettings = context.bucketSettings(collection);
        String baselineCollection;
        try (OneDocumentPerReadingBaseline baseline = OneDocumentPerReadingBaseline.open(baselineSettings)) {
            baseline.write(expected(written));
            baselineCollection = baseline.collection();
        }
        long readings = written.size();
        Sizes backend = context.server().storage(collection);
        Sizes documents = context.server().storage(baselineCollection);
        String detail = String.format(Locale.ROOT, "%,d readings: %s %s; one document per reading %s", readings,
                context.backend(), describe(backend, readings), describe(documents, readings));
        if (backend.bsonBytes() == null || documents.bsonBytes() == null) {
            return Outcome.fail("the server did not measure the BSON sizes: " + detail + " " + backend.notes() + documents.notes());
        }
        return Outcome.when(backend.bsonBytes() < documents.bsonBytes(), detail,
                "the backend stores more BSON bytes per reading than one document per reading: " + detail);
    }

    static String describe(Sizes sizes, long readings) {
        return String.format(Locale.ROOT, "%,d documents, BSON %s B/reading, data %s, storage %s, indexes %s",
                sizes.documents(), per(sizes.bsonBytes(), readings), per(sizes.dataBytes(), readings),
                per(sizes.storageBytes(), readings), per(sizes.indexBytes(), readings));
    }

    private static String per(Long bytes, long readings) {
        return bytes == null ? "n/a" : String.format(Locale.ROOT, "%.1f", bytes / (double) readings);
    }
}
