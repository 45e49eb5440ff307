package io.bucketry.server.http;

import io.bucketry.application.port.in.IngestReport;
import io.bucketry.application.port.in.IngestReport.Rejection;
import io.bucketry.application.port.in.ReadingInput;

import java.util.List;
import java.util.Map;

/** The unvalidated readings of one request ({@link ReadingReader} judges only their JSON; the use case the rest). */
final class ReadingInputs {

    private ReadingInputs() {
    }

    /**
     * The inputs of a batch, in request order; an element whose JSON cannot be a reading is a null
     * input (the use case rejects it) whose rejection {@link #report} replaces with the JSON's.
     */
    record Batch(List<ReadingInput> inputs, Map<Integer, Rejection> misshapen) {

        /** {@code report} with the rejection of each misshapen element saying what was wrong with its JSON. */
        IngestReport report(IngestReport report) {
            List<Rejection> rejected = report.rejected().stream()
                    .map(r -> misshapen.getOrDefault(r.index(), r)).toList();
            return new IngestReport(report.accepted(), report.duplicates(), rejected);
        }
    }
}
