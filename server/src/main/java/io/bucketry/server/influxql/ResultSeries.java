package io.bucketry.server.influxql;

import java.util.List;
import java.util.SortedMap;

/**
 * One series of a statement's answer, as InfluxDB 1.x answers it.
 *
 * @param name the measurement (null for SHOW SERIES and SHOW RETENTION POLICIES, which answer none)
 * @param tags the tags of a GROUP BY, or null when the statement groups by none
 * @param timeColumn true when the first column is {@code time}, whose values are nanoseconds since the epoch
 * @param values the rows: Double, Long, String, Boolean or null
 */
public record ResultSeries(String name, SortedMap<String, String> tags, List<String> columns, boolean timeColumn,
                           List<List<Object>> values) {
}
