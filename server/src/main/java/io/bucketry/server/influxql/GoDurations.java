package io.bucketry.server.influxql;

import java.time.Duration;

/** Durations written as Go writes them ({@code 168h0m0s}, {@code 0s}), as InfluxDB answers retention policies. */
final class GoDurations {

    private GoDurations() {
    }

    static String format(Duration duration) {
        long seconds = duration.getSeconds();
        if (seconds == 0 && duration.getNano() == 0) {
            return "0s";
        }
        long hours = seconds / 3600;
        long minutes = seconds % 3600 / 60;
        StringBuilder text = new StringBuilder();
        if (hours > 0) {
            text.append(hours).append('h');
        }
        if (hours > 0 || minutes > 0) {
            text.append(minutes).append('m');
        }
        return text.append(seconds % 60).append('s').toString();
    }
}
