package io.bucketry.tools.bench;

import org.junit.jupiter.api.Test;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Each system's answer, in the shape it sends, reads to the same rows: keys and temperature, pressure. */
class DialectAnswersTest {

    /** Windows of 2026-01-01T00:00Z (1767225600000) and the next. */
    private static final long W0 = 1_767_225_600_000L;
    private static final long W1 = W0 + 300_000;
    private static final QuerySpec SPEC = new QuerySpec("sensor-00001", 2, W0, W1 + 300_000);

    private static List<byte[]> body(String text) {
        return List.of(text.getBytes(StandardCharsets.UTF_8));
    }

    private static Map<String, List<Double>> rows(QueryAnswer answer) {
        Map<String, List<Double>> rows = new TreeMap<>();
        answer.rows().forEach((key, values) -> rows.put(key, List.of(values[0], values[1])));
        return rows;
    }

    private static URI nowhere(String path) {
        return URI.create("http://127.0.0.1:1" + path);
    }

    @Test
    void bucketryWindowsOfEverySensorAreKeyedBySensorAndStart() throws Exception {
        String body = "[{\"series\":\"sensor.sensor-00002\",\"start\":\"2026-01-01T00:05:00Z\",\"end\":\"2026-01-01T00:10:00Z\","
                + "\"count\":5,\"fields\":{\"temperature\":{\"avg\":20.5},\"pressure\":{\"avg\":1013.0}},\"filled\":false}]";

        QueryAnswer answer = new BucketryDialect(DialectAnswersTest::nowhere).read(PeerQuery.Q3, body(body), SPEC);

        assertThat(rows(answer)).containsExactly(Map.entry("sensor-00002@" + W1, List.of(20.5, 1013.0)));
        assertThat(answer.bytes()).isEqualTo(body.length());
    }

    @Test
    void bucketryColumnsReadToTheRowsOfTheRowForm() throws Exception {
        BucketryDialect columns = new BucketryDialect(DialectAnswersTest::nowhere, true);
        String readings = "[{\"series\":\"sensor.sensor-00001\",\"time\":[" + W0 + "," + W1 + "],\"fields\":{\"temperature\":"
                + "[20.5,21],\"pressure\":[1013,null],\"status\":[\"OK\",null]}}]";
        String windows = "[{\"series\":\"sensor.sensor-00002\",\"start\":[" + W1 + "],\"end\":[" + (W1 + 300_000) + "],"
                + "\"count\":[5],\"fields\":{\"temperature\":{\"avg\":[20.5]},\"pressure\":{\"avg\":[1013.0]}}}]";
        List<byte[]> pages = List.of(("{\"series\":[\"sensor.a\"],\"time\":[" + W0 + "],\"fields\":{\"temperature\":[1.5],"
                + "\"pressure\":[2.5]},\"next\":\"sensor.a\"}").getBytes(StandardCharsets.UTF_8),
                ("{\"series\":[\"sensor.b\"],\"time\":[" + W1 + "],\"fields\":{\"temperature\":[3.5],"
                + "\"pressure\":[4.5]},\"next\":null}").getBytes(StandardCharsets.UTF_8));

        assertThat(rows(columns.read(PeerQuery.Q1, body(readings), SPEC))).containsExactly(
                Map.entry(Long.toString(W0), List.of(20.5, 1013.0)), Map.entry(Long.toString(W1), List.of(21.0, 0.0)));
        assertThat(rows(columns.read(PeerQuery.Q3, body(windows), SPEC)))
                .containsExactly(Map.entry("sensor-00002@" + W1, List.of(20.5, 1013.0)));
        assertThat(rows(columns.read(PeerQuery.Q2, body(windows), SPEC))).containsExactly(Map.entry(Long.toString(W1), List.of(20.5, 1013.0)));
        String table = "{\"series\":[\"sensor.sensor-00002\",\"sensor.sensor-00003\"],\"rows\":[2,1],\"start\":[" + W0 + "," + W1
                + "," + W0 + "],\"end\":[" + W1 + "," + (W1 + 300_000) + "," + W1 + "],\"count\":[3,5,4],\"fields\":{\"temperature\":"
                + "{\"avg\":[20.0,20.5,19.5]},\"pressure\":{\"avg\":[1012.0,1013.0,null]}}}";
        assertThat(rows(columns.read(PeerQuery.Q3, body(table), SPEC))).containsExactly(
                Map.entry("sensor-00002@" + W0, List.of(20.0, 1012.0)), Map.entry("sensor-00002@" + W1, List.of(20.5, 1013.0)),
                Map.entry("sensor-00003@" + W0, List.of(19.5, 0.0)));
        String short1 = table.replace("\"rows\":[2,1]", "\"rows\":[2,0]");
        assertThatThrownBy(() -> columns.read(PeerQuery.Q3, body(short1), SPEC))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("2 rows of its 3 windows");
        assertThat(rows(columns.read(PeerQuery.Q4, pages, SPEC)))
                .containsExactly(Map.entry("a", List.of(1.5, 2.5)), Map.entry("b", List.of(3.5, 4.5)));
    }

    @Test
    void bucketryLastpointPagesAreJoined() throws Exception {
        List<byte[]> pages = List.of(
                ("{\"readings\":[{\"series\":\"sensor.a\",\"time\":\"2026-01-01T00:00:00Z\",\"fields\":{\"temperature\":1.5,"
                        + "\"pressure\":2.5,\"status\":\"OK\"}}],\"next\":\"sensor.a\"}").getBytes(StandardCharsets.UTF_8),
                ("{\"readings\":[{\"series\":\"sensor.b\",\"time\":\"2026-01-01T00:01:00Z\",\"fields\":{\"temperature\":3.5,"
                        + "\"pressure\":4.5,\"status\":\"OK\"}}],\"next\":null}").getBytes(StandardCharsets.UTF_8));

        QueryAnswer answer = new BucketryDialect(DialectAnswersTest::nowhere).read(PeerQuery.Q4, pages, SPEC);

        assertThat(rows(answer)).containsExactly(Map.entry("a", List.of(1.5, 2.5)), Map.entry("b", List.of(3.5, 4.5)));
    }

    @Test
    void influxSeriesPerSensorAreKeyedBySensorAndTime() throws Exception {
        String body = "{\"results\":[{\"statement_id\":0,\"series\":[{\"name\":\"sensor\",\"tags\":{\"id\":\"sensor-00002\"},"
                + "\"columns\":[\"time\",\"mean\",\"mean_1\"],\"values\":[[" + W0 + ",20.5,1013],[" + W1 + ",21,1012.5]]}]}]}";

        QueryAnswer answer = new InfluxDialect(DialectAnswersTest::nowhere).read(PeerQuery.Q3, body(body), SPEC);

        assertThat(rows(answer)).containsExactly(Map.entry("sensor-00002@" + W0, List.of(20.5, 1013.0)),
                Map.entry("sensor-00002@" + W1, List.of(21.0, 1012.5)));
    }

    @Test
    void influxStatementsBoundTimesInNanosecondsAndLatestIsOnePointPerSensor() {
        assertThat(InfluxDialect.statement(PeerQuery.Q1, SPEC)).contains("time >= " + W0 + "000000", "id = 'sensor-00001'");
        assertThat(InfluxDialect.statement(PeerQuery.Q4, SPEC)).endsWith("GROUP BY id ORDER BY time DESC LIMIT 1");
    }

    @Test
    void victoriaPointsOneMillisecondBeforeAWindowsEndAreThatWindow() throws Exception {
        // avg_over_time(…[5m]) at W1 - 1 ms covers (W0 - 1 ms, W1 - 1 ms]: the window [W0, W1)
        String body = "{\"status\":\"success\",\"data\":{\"resultType\":\"matrix\",\"result\":["
                + "{\"metric\":{\"__name__\":\"sensor_temperature\",\"id\":\"sensor-00001\"},\"values\":[[" + (W1 - 1) / 1000.0 + ",\"20.5\"]]},"
                + "{\"metric\":{\"__name__\":\"sensor_pressure\",\"id\":\"sensor-00001\"},\"values\":[[" + (W1 - 1) / 1000.0 + ",\"1013\"]]}]}}";

        QueryAnswer answer = new VictoriaDialect(DialectAnswersTest::nowhere).read(PeerQuery.Q2, body(body), SPEC);

        assertThat(rows(answer)).containsExactly(Map.entry(Long.toString(W0), List.of(20.5, 1013.0)));
    }

    @Test
    void victoriaExportLinesJoinTheTwoFieldsAndSkipTheTextOne() throws Exception {
        String body = "{\"metric\":{\"__name__\":\"sensor_pressure\",\"id\":\"s\"},\"values\":[1013,1012],\"timestamps\":[" + W0 + "," + W1 + "]}\n"
                + "{\"metric\":{\"__name__\":\"sensor_status\",\"id\":\"s\"},\"values\":[0,0],\"timestamps\":[" + W0 + "," + W1 + "]}\n"
                + "{\"metric\":{\"__name__\":\"sensor_temperature\",\"id\":\"s\"},\"values\":[20.5,21],\"timestamps\":[" + W0 + "," + W1 + "]}\n";

        QueryAnswer answer = new VictoriaDialect(DialectAnswersTest::nowhere).read(PeerQuery.Q1, body(body), SPEC);

        assertThat(rows(answer)).containsExactly(Map.entry(Long.toString(W0), List.of(20.5, 1013.0)),
                Map.entry(Long.toString(W1), List.of(21.0, 1012.0)));
    }

    @Test
    void questLatestRowsAreKeyedBySensor() throws Exception {
        String body = "{\"query\":\"…\",\"columns\":[],\"dataset\":[[\"sensor-00001\",20.5,1013.0,\"OK\",\"2026-01-01T00:09:00.000000Z\"]],\"count\":1}";

        QueryAnswer answer = new QuestDialect(DialectAnswersTest::nowhere).read(PeerQuery.Q4, body(body), SPEC);

        assertThat(rows(answer)).containsExactly(Map.entry("sensor-00001", List.of(20.5, 1013.0)));
        assertThat(QuestDialect.statement(PeerQuery.Q4, SPEC)).endsWith("LATEST ON timestamp PARTITION BY id");
        assertThat(QuestDialect.statement(PeerQuery.Q2, SPEC)).contains("timestamp >= '2026-01-01T00:00:00Z'", "SAMPLE BY 5m");
    }
}
