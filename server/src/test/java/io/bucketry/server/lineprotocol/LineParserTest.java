package io.bucketry.server.lineprotocol;

import io.bucketry.domain.RejectionReason;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.entry;

class LineParserTest {

    private static final Instant NOW = Instant.parse("2026-07-21T23:30:00Z");

    /** The kind of lines Telegraf's influx serializer writes, with the comments and blank lines a file may hold. */
    private static final String TELEGRAF = String.join("\n",
            "# telegraf-style metrics",
            "cpu,cpu=cpu-total,host=web01 usage_idle=98.5,usage_user=1.25 1753138800000000000",
            "",
            "mem,host=web01 used=8123456789i,free=42u,available_percent=61.3 1753138800000000000",
            "   ",
            "disk,device=sda1,fstype=ext4,host=web01,path=/var/lib used_percent=5.5e1,inodes_free=1200i 1753138800000000000",
            "net\\ io,host\\=name=a\\,b\\ c,if=eth0 bytes\\ recv=12i,drop\\,rate=0 1753138800000000000",
            "syslog,host=web01 message=\"say \\\"hi\\\" to C:\\\\temp\",severity_code=3i 1753138800000000000",
            "system,host=web01 load1=0.5,uptime=123u",
            "\tprocstat,host=web01 running=t,zombie=F 1753138800000000000\r",
            "weather,station=z\u00fcrich temperature=-3.25,unit=\"\u00b0C\" 1753138800000000000");

    @Test
    void telegrafStyleLinesBecomeReadingsWithTheirLineNumbers() {
        Collected c = Collected.parse(TELEGRAF, SeriesIdRule.VALUES, Precision.NANOSECONDS, NOW);
        Instant t = Instant.parse("2025-07-21T23:00:00Z");

        assertThat(c.refused).isEmpty();
        assertThat(c.readings).extracting(Collected.Parsed::line).containsExactly(2L, 4L, 6L, 7L, 8L, 9L, 10L, 11L);
        assertThat(c.readings.get(0).series()).isEqualTo(new SeriesKey("cpu.cpu-total.web01", "cpu,cpu=cpu-total,host=web01",
                "cpu", Map.of("cpu", "cpu-total", "host", "web01")));
        assertThat(c.readings.get(0).time()).isEqualTo(t);
        assertThat(c.readings.get(0).fields()).containsExactly(entry("usage_idle", 98.5), entry("usage_user", 1.25));
        assertThat(c.readings.get(1).fields()).containsExactly(entry("used", 8123456789.0), entry("free", 42.0),
                entry("available_percent", 61.3));
        assertThat(c.readings.get(2).series().id()).isEqualTo("disk.sda1.ext4.web01._var_lib");
        assertThat(c.readings.get(2).fields()).containsExactly(entry("used_percent", 55.0), entry("inodes_free", 1200.0));
        assertThat(c.readings.get(3).series()).isEqualTo(new SeriesKey("net_io.a_b_c.eth0", "net io,host=name=a,b c,if=eth0",
                "net io", Map.of("host=name", "a,b c", "if", "eth0")));
        assertThat(c.readings.get(3).fields()).containsExactly(entry("bytes_recv", 12.0), entry("drop_rate", 0.0));
        assertThat(c.readings.get(4).fields()).containsExactly(entry("message", "say \"hi\" to C:\\temp"),
                entry("severity_code", 3.0));
        assertThat(c.readings.get(5).time()).isEqualTo(NOW);
        assertThat(c.readings.get(5).fields()).containsExactly(entry("load1", 0.5), entry("uptime", 123.0));
        assertThat(c.readings.get(6).fields()).containsExactly(entry("running", 1.0), entry("zombie", 0.0));
        assertThat(c.readings.get(7).series().id()).isEqualTo("weather.z_rich");
        assertThat(c.readings.get(7).fields()).containsExactly(entry("temperature", -3.25), entry("unit", "\u00b0C"));
    }

    @Test
    void pairsRuleKeepsTagKeysInTheSeriesId() {
        Collected c = Collected.parse("cpu,region=eu,host=a v=1 0", SeriesIdRule.PAIRS, Precision.SECONDS, NOW);

        assertThat(c.readings.get(0).series()).isEqualTo(new SeriesKey("cpu.host:a.region:eu", "cpu,host=a,region=eu",
                "cpu", Map.of("host", "a", "region", "eu")));
    }

    @ParameterizedTest(name = "{0} is boolean {1}")
    @CsvSource({"t,1", "T,1", "true,1", "True,1", "TRUE,1", "f,0", "F,0", "false,0", "False,0", "FALSE,0"})
    void everyBooleanSpellingBecomesOneOrZero(String spelling, double value) {
        Collected c = Collected.parse("m ok=" + spelling + " 0", SeriesIdRule.VALUES, Precision.SECONDS, NOW);

        assertThat(c.readings.get(0).fields()).containsExactly(entry("ok", value));
    }

    @ParameterizedTest(name = "{1} {0} is {2}")
    @CsvSource({
            "ns, 1753138800123456789, 2025-07-21T23:00:00.123456789Z",
            "us, 1753138800123456, 2025-07-21T23:00:00.123456Z",
            "ms, 1753138800123, 2025-07-21T23:00:00.123Z",
            "s, 1753138800, 2025-07-21T23:00:00Z",
            "m, 29218980, 2025-07-21T23:00:00Z",
            "h, 486983, 2025-07-21T23:00:00Z",
            "ns, -1, 1969-12-31T23:59:59.999999999Z",
            "s, -86400, 1969-12-31T00:00:00Z"})
    void timestampsAreReadInEveryPrecision(String precision, String timestamp, String expected) {
        Collected c = Collected.parse("m v=1 " + timestamp, SeriesIdRule.VALUES, Precision.ofV1(precision), NOW);

        assertThat(c.readings.get(0).time()).isEqualTo(Instant.parse(expected));
    }

    @Test
    void aQuotedStringMaySpanLinesAndTheNextLineKeepsItsNumber() {
        Collected c = Collected.parse("log text=\"one\ntwo\" 0\nm v=1 0\n", SeriesIdRule.VALUES, Precision.SECONDS, NOW);

        assertThat(c.readings).extracting(Collected.Parsed::line).containsExactly(1L, 3L);
        assertThat(c.readings.get(0).fields()).containsExactly(entry("text", "one\ntwo"));
    }

    @Test
    void aLineLongerThanTheReadBufferIsParsedWhole() {
        String text = "x".repeat(200_000);
        Collected c = Collected.parse("m a=1\nlog text=\"" + text + "\" 0\nm b=2", SeriesIdRule.VALUES, Precision.SECONDS, NOW);

        assertThat(c.refused).isEmpty();
        assertThat(c.readings.get(1).fields().get("text")).isEqualTo(text);
        assertThat(c.readings.get(2).fields()).containsExactly(entry("b", 2.0));
    }

    @Test
    void everyKindOfBadLineIsRefusedWithItsLineNumberAndTheGoodOnesKept() {
        Map<String, RejectionReason> bad = new LinkedHashMap<>();
        bad.put("justameasurement", RejectionReason.NO_FIELDS);
        bad.put("m,host=a ", RejectionReason.NO_FIELDS);
        bad.put(",host=a v=1", RejectionReason.INVALID_SERIES);
        bad.put("m,host v=1", RejectionReason.INVALID_SERIES);
        bad.put("m,=a v=1", RejectionReason.INVALID_SERIES);
        bad.put("m,host= v=1", RejectionReason.INVALID_SERIES);
        bad.put("m,host=a,host=b v=1", RejectionReason.INVALID_SERIES);
        bad.put("m v", RejectionReason.INVALID_FIELD_NAME);
        bad.put("m =1", RejectionReason.INVALID_FIELD_NAME);
        bad.put("m v=1,v=2", RejectionReason.INVALID_FIELD_NAME);
        bad.put("m v=", RejectionReason.INVALID_FIELD_VALUE);
        bad.put("m v=abc", RejectionReason.INVALID_FIELD_VALUE);
        bad.put("m v=NaN", RejectionReason.INVALID_FIELD_VALUE);
        bad.put("m v=Infinity", RejectionReason.INVALID_FIELD_VALUE);
        bad.put("m v=1e", RejectionReason.INVALID_FIELD_VALUE);
        bad.put("m v=1e999", RejectionReason.INVALID_FIELD_VALUE);
        bad.put("m v=1.2.3", RejectionReason.INVALID_FIELD_VALUE);
        bad.put("m v=12x", RejectionReason.INVALID_FIELD_VALUE);
        bad.put("m v=9007199254740993i", RejectionReason.INVALID_FIELD_VALUE);
        bad.put("m v=-9007199254740993i", RejectionReason.INVALID_FIELD_VALUE);
        bad.put("m v=99999999999999999999i", RejectionReason.INVALID_FIELD_VALUE);
        bad.put("m v=9007199254740993u", RejectionReason.INVALID_FIELD_VALUE);
        bad.put("m v=-1u", RejectionReason.INVALID_FIELD_VALUE);
        bad.put("m v=1.5i", RejectionReason.INVALID_FIELD_VALUE);
        bad.put("m v=\"a\"b", RejectionReason.INVALID_FIELD_VALUE);
        bad.put("m v=tru", RejectionReason.INVALID_FIELD_VALUE);
        bad.put("m v=1 12ab", RejectionReason.INVALID_TIME);
        bad.put("m v=1 1.5", RejectionReason.INVALID_TIME);
        bad.put("m v=1 99999999999999999999", RejectionReason.INVALID_TIME);
        bad.put("m v=1 1 2", RejectionReason.INVALID_TIME);
        StringBuilder body = new StringBuilder();
        for (String line : bad.keySet()) {
            body.append("good v=1 1\n").append(line).append('\n');
        }
        Collected c = Collected.parse(body.toString(), SeriesIdRule.VALUES, Precision.SECONDS, NOW);

        assertThat(c.readings).hasSize(bad.size()).allSatisfy(r -> assertThat(r.line() % 2).isEqualTo(1));
        assertThat(c.refused).hasSize(bad.size());
        List<String> lines = List.copyOf(bad.keySet());
        for (int i = 0; i < lines.size(); i++) {
            Collected.Refused refused = c.refused.get(i);
            assertThat(refused.line()).as(lines.get(i)).isEqualTo(2L * i + 2);
            assertThat(refused.reason()).as(lines.get(i) + ": " + refused.message()).isEqualTo(bad.get(lines.get(i)));
            assertThat(refused.message()).as(lines.get(i)).isNotBlank();
        }
    }

    @Test
    void aStringStillOpenAtTheEndOfTheBodyRefusesItsLine() {
        Collected c = Collected.parse("m v=1 1\nm v=\"open\nstill open", SeriesIdRule.VALUES, Precision.SECONDS, NOW);

        assertThat(c.readings).hasSize(1);
        assertThat(c.refused).singleElement().satisfies(r -> {
            assertThat(r.line()).isEqualTo(2);
            assertThat(r.reason()).isEqualTo(RejectionReason.INVALID_FIELD_VALUE);
            assertThat(r.message()).isEqualTo("field v: the string is not closed");
        });
    }

    @Test
    void integersUpToTwoToTheFiftyThirdAreKeptExactly() {
        Collected c = Collected.parse("m a=9007199254740992i,b=-9007199254740992i,c=9007199254740992u,d=0u 0",
                SeriesIdRule.VALUES, Precision.SECONDS, NOW);

        assertThat(c.readings.get(0).fields()).containsExactly(entry("a", 9007199254740992.0),
                entry("b", -9007199254740992.0), entry("c", 9007199254740992.0), entry("d", 0.0));
    }
}
