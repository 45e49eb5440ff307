package io.bucketry.tools.simulate;

import io.bucketry.tools.baseline.OneDocumentPerReadingBaseline;
import io.bucketry.application.port.in.ReadingInput;
import io.bucketry.application.port.in.TimeInput;
import io.bucketry.tools.simulate.SimulationReport.BaselineView;
import io.bucketry.domain.Reading;
import io.bucketry.domain.RetentionPolicy;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * Writes the scenario's readings once more, one document per reading, into the baseline beside the
 * store: the same generated stream without resubmitted duplicates and without what the retention
 * policy refuses, so the baseline holds the readings the store accepted. Its time is its own.
 */
final class BaselinePhase {

    private BaselinePhase() {
    }

    static BaselineView run(OneDocumentPerReadingBaseline baseline, ReadingGenerator distinctReadings,
                            RetentionPolicy.Admission admission) {
        long readings = 0;
        for (List<ReadingInput> batch = distinctReadings.nextBatch(); !batch.isEmpty();
             batch = distinctReadings.nextBatch()) {
            List<Reading> valid = new ArrayList<>(batch.size());
            for (ReadingInput input : batch) {
                Instant time = TimeInput.parse(input.time());
                if (admission.check(time) == null) {
                    valid.add(Reading.of(input.series(), time, input.fields()));
                }
            }
            baseline.write(valid);
            readings += valid.size();
        }
        return new BaselineView(baseline.documents(), SimulationReport.round(baseline.bytesPerReading(), 1),
                MongoMeasures.per1000(baseline.writeCommands(), readings),
                SimulationReport.round(baseline.secondsWriting(), 3), readings, baseline.writeCommands(),
                baseline.collection());
    }
}
