package io.bucketry.server.lineprotocol;

import io.bucketry.domain.RejectionReason;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Parses the measurement and tags of a line ({@code cpu,host=a,region=eu}) into its {@link SeriesKey}. */
final class SeriesKeys {

    private SeriesKeys() {
    }

    static SeriesKey parse(byte[] b, int s, int e, SeriesIdRule rule) {
        int m = Escapes.end(b, s, e, false, false);
        String measurement = Escapes.unescape(b, s, m, false);
        if (measurement.isEmpty()) {
            throw new LineError(RejectionReason.INVALID_SERIES, "the measurement is empty");
        }
        List<String[]> tags = new ArrayList<>();
        for (int i = m; i < e; ) {
            int k = i + 1;
            int eq = Escapes.keyEnd(b, k, e);
            String key = Escapes.unescape(b, k, eq, true);
            if (eq == e || b[eq] != '=') {
                throw new LineError(RejectionReason.INVALID_SERIES, "tag " + key + " has no =value");
            }
            if (key.isEmpty()) {
                throw new LineError(RejectionReason.INVALID_SERIES, "a tag key is empty");
            }
            int end = Escapes.end(b, eq + 1, e, false, true);
            if (end == eq + 1) {
                throw new LineError(RejectionReason.INVALID_SERIES, "tag " + key + " has an empty value");
            }
            tags.add(new String[] {key, Escapes.unescape(b, eq + 1, end, true)});
            i = end;
        }
        String[][] sorted = tags.toArray(new String[0][]);
        Arrays.sort(sorted, Comparator.comparing((String[] tag) -> tag[0]));
        List<String> flat = new ArrayList<>(2 * sorted.length);
        Map<String, String> byKey = new LinkedHashMap<>();
        StringBuilder tagSet = new StringBuilder(measurement);
        for (int i = 0; i < sorted.length; i++) {
            if (i > 0 && sorted[i][0].equals(sorted[i - 1][0])) {
                throw new LineError(RejectionReason.INVALID_SERIES, "tag " + sorted[i][0] + " appears twice");
            }
            flat.add(sorted[i][0]);
            flat.add(sorted[i][1]);
            byKey.put(sorted[i][0], sorted[i][1]);
            tagSet.append(',').append(sorted[i][0]).append('=').append(sorted[i][1]);
        }
        return new SeriesKey(rule.idOf(measurement, flat), tagSet.toString(), measurement,
                Collections.unmodifiableMap(byKey));
    }
}
