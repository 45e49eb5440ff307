package io.bucketry.server.http;

import java.text.DecimalFormat;
import java.text.DecimalFormatSymbols;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The browser test's known data, relative to now: a boiler with an hour of readings every 2 s and a
 * WARN spell in its status, a hot boiler and a room over the last 10 minutes, a pump with 6,000 readings.
 */
final class DashboardData {

    static final String BOILER_1 = "plant.boiler-1";
    static final String BOILER_2 = "plant.boiler-2";
    static final String ROOM = "office.room-1";
    /** A pump with more readings in the last hour than a state band takes (6,000, every 0.5 s). */
    static final String PUMP = "yard.pump-1";
    static final int PUMP_READINGS = 6000;
    /** A meter with a reading every minute for the last 4 hours but for an outage of 40 minutes (GAP_FROM to GAP_TO). */
    static final String METER = "office.meter-1";
    static final Duration METER_SPAN = Duration.ofHours(4);
    static final Duration GAP_FROM = Duration.ofHours(2);
    static final Duration GAP_TO = Duration.ofMinutes(80);
    /** In id order, as the series list shows them. */
    static final List<String> SERIES = List.of(METER, ROOM, BOILER_1, BOILER_2, PUMP);
    static final double THRESHOLD = 50;

    /** One reading; pressure and status are absent (null) where the series has no such field. */
    record Row(String series, Instant time, double temperature, Integer pressure, String status) {
        String json() {
            Map<String, Object> fields = new LinkedHashMap<>();
            fields.put("temperature", temperature);
            if (pressure != null) {
                fields.put("pressure", pressure);
            }
            if (status != null) {
                fields.put("status", "\"" + status + "\"");
            }
            return "{\"series\":\"" + series + "\",\"time\":\"" + time + "\",\"fields\":{" + fields.entrySet().stream()
                    .map(e -> "\"" + e.getKey() + "\":" + e.getValue()).collect(Collectors.joining(",")) + "}}";
        }
    }

    private final Instant now;
    private final List<Row> rows = new ArrayList<>();

    DashboardData(Instant start) {
        now = start.truncatedTo(ChronoUnit.SECONDS);
        for (int i = 0; i < 1800; i++) {   // every 2 s for an hour, so a 5 s window holds two or three
            double wave = Math.round(12 * Math.sin(2 * Math.PI * i / 900)) / 4.0;
            rows.add(new Row(BOILER_1, now.minusSeconds(2L * (1800 - i)), 22 + wave + (i * 7 % 5) * 0.25,
                    1000 + (i / 120) % 7 + i % 3, i >= 1200 && i < 1500 ? "WARN" : "OK"));
        }
        for (int i = 0; i < 10; i++) {
            rows.add(new Row(BOILER_2, now.minusSeconds(50L * (10 - i)), 80 + i, 990, "ALARM"));
            rows.add(new Row(ROOM, now.minusSeconds(60L * (10 - i)), 21 + i / 10.0, null, null));
        }
        for (long minute = METER_SPAN.toMinutes(); minute > 0; minute--) {
            if (minute >= GAP_TO.toMinutes() && minute < GAP_FROM.toMinutes()) {
                continue;   // the outage: no reading from 2 h ago to 1 h 20 min ago
            }
            rows.add(new Row(METER, now.minus(Duration.ofMinutes(minute)), 15 + minute % 7 * 0.5, null, null));
        }
        for (int i = 0; i < PUMP_READINGS; i++) {
            rows.add(new Row(PUMP, now.minusMillis(500L * (PUMP_READINGS - i)), 10, null, i / 100 % 2 == 0 ? "ON" : "OFF"));
        }
    }

    void store(Api api) {
        Api.Answer answer = api.post("/v1/readings", "[" + rows.stream().map(Row::json).collect(Collectors.joining(",")) + "]");
        assertThat(answer.status()).as(answer.json().toString()).isEqualTo(200);
        assertThat(answer.json().get("accepted").asInt()).as(answer.json().toString()).isEqualTo(rows.size());
    }

    /** The instant the readings are relative to. */
    Instant now() {
        return now;
    }

    int total() {
        return rows.size();
    }

    List<Row> readings(String series) {
        return rows.stream().filter(r -> r.series().equals(series)).toList();
    }

    Row last(String series) {
        List<Row> of = readings(series);
        return of.get(of.size() - 1);
    }

    Instant firstWarn() {
        return readings(BOILER_1).stream().filter(r -> r.status().equals("WARN")).findFirst().orElseThrow().time();
    }

    Instant firstOkAfterWarn() {
        return readings(BOILER_1).stream().filter(r -> r.status().equals("OK") && r.time().isAfter(firstWarn()))
                .findFirst().orElseThrow().time();
    }

    /**
     * The series whose every temperature of the last 10 minutes is above the threshold, in id order;
     * the data keeps every series wholly above or wholly below, so any 5-minute average agrees.
     */
    List<String> aboveThreshold() {
        Instant since = now.minus(Duration.ofMinutes(9));
        List<String> above = new ArrayList<>();
        for (String series : SERIES) {
            List<Row> recent = readings(series).stream().filter(r -> r.time().isAfter(since)).toList();
            long hot = recent.stream().filter(r -> r.temperature() > THRESHOLD).count();
            assertThat(hot).as("test data of %s is wholly above or below the threshold", series).isIn(0L, (long) recent.size());
            if (hot > 0) {
                above.add(series);
            }
        }
        return above;
    }

    /** A number as the page writes it (en-US: thousands grouped, no trailing zeros; values here have at most 2 decimals). */
    static String plain(double value) {
        return new DecimalFormat("#,##0.###", DecimalFormatSymbols.getInstance(Locale.US)).format(value);
    }
}
