package io.bucketry.application.port.in;

import java.util.List;

/** Use case: validate and store a batch of readings; valid readings are stored even when others are refused. */
public interface IngestReadingsUseCase {

    /** @throws InvalidRequestException {@code BATCH_TOO_LARGE} when the batch exceeds the configured maximum */
    IngestReport ingest(List<ReadingInput> batch);
}
