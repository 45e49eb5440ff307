package io.bucketry.server.transfer;

import io.bucketry.application.port.in.ReadingInput;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.SequenceInputStream;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The records of CSV as an import reads them: line numbers, cells, and input that stops the reading. */
class CsvRecordsTest {

    private static List<ReadingRecords.Entry> read(String csv) throws IOException {
        return read(new ByteArrayInputStream(csv.getBytes(StandardCharsets.UTF_8)));
    }

    private static List<ReadingRecords.Entry> read(InputStream in) throws IOException {
        ReadingRecords records = ExportFormat.CSV.records(in);
        List<ReadingRecords.Entry> entries = new ArrayList<>();
        for (ReadingRecords.Entry entry = records.next(); entry != null; entry = records.next()) {
            entries.add(entry);
        }
        return entries;
    }

    private static Map<String, Object> fields(ReadingInput input) {
        return new LinkedHashMap<>(input.fields());
    }

    private static Map.Entry<String, Object> field(String name, Object value) {
        return Map.entry(name, value);
    }

    @Test
    void eachRecordIsNumberedByTheLineItStartsOnPastBlankLinesAndQuotedLineEnds() throws IOException {
        List<ReadingRecords.Entry> entries = read("series,v,time\r\na,1,2026-01-01T00:00:00Z\r\n\r\nb,\"x\r\ny\","
                + "2026-01-01T00:01:00Z\r\nc,2\r\nd,,\n");

        assertThat(entries).extracting(ReadingRecords.Entry::line).containsExactly(2L, 4L, 6L, 7L);
        assertThat(entries).extracting(ReadingRecords.Entry::code).containsExactly(null, null, "MALFORMED_CSV", null);
        ReadingInput quoted = entries.get(1).input();
        assertThat(quoted.series()).isEqualTo("b");
        assertThat(quoted.time()).isEqualTo("2026-01-01T00:01:00Z");
        assertThat(fields(quoted)).containsExactly(field("v", "x\r\ny"));
        assertThat(entries.get(2).rejection().toString()).isEqualTo("line 6: MALFORMED_CSV the record has 2 cells where "
                + "the header has 3 columns");
        assertThat(entries.get(3).input().fields()).isEmpty();
        assertThat(entries.get(3).input().time()).isNull();
    }

    @Test
    void numbersAreKeptAsTheJsonFormKeepsThemAndOtherCellsAreTexts() throws IOException {
        ReadingInput input = read("series,a,b,c,d,e,f,g\ns,12,-0,1.5E3,0x10,NaN,\" 7\",99999999999999999999\n")
                .get(0).input();

        assertThat(fields(input)).containsExactly(field("a", 12L), field("b", -0.0), field("c", 1500.0),
                field("d", "0x10"), field("e", "NaN"), field("f", " 7"), field("g", new BigInteger("99999999999999999999")));
    }

    @Test
    void aNumberLongerThanTheJsonReaderTakesIsRefusedAsAnInvalidFieldValue() throws IOException {
        ReadingRecords.Entry entry = read("series,v\ns," + "1".repeat(1001) + "\n").get(0);

        assertThat(entry.code()).isEqualTo("INVALID_FIELD_VALUE");
        assertThat(entry.input().refusal().message()).isEqualTo("field 'v' is a number of 1001 characters; at most 1000"
                + " are read");
    }

    @Test
    void aCellLongerThanTheLimitStopsTheReadingWithoutHoldingTheRest() {
        byte[] cell = new byte[CsvRecords.MAX_CELL + 2];
        Arrays.fill(cell, (byte) 'x');
        InputStream in = new SequenceInputStream(new ByteArrayInputStream("series,v\ns,".getBytes(
                StandardCharsets.UTF_8)), new ByteArrayInputStream(cell));

        assertThatThrownBy(() -> read(in)).isInstanceOf(InputStopsException.class)
                .hasMessageContaining("the CSV is malformed").hasMessageContaining("1048576");
    }

    @Test
    void anEmptyInputHasNoRecordsAndAHeaderWithoutSeriesOrWithARepeatedNameStops() throws IOException {
        assertThat(read("")).isEmpty();
        assertThat(read("\n\n")).isEmpty();
        assertThatThrownBy(() -> read("{\"series\":\"a\",\"time\":1}\n")).isInstanceOf(InputStopsException.class)
                .hasMessageStartingWith("the first line is not a CSV header of readings: ")
                .hasMessageEndingWith("; expected series,time,<field names…> as export writes it");
        assertThatThrownBy(() -> read("name,time,v\n")).isInstanceOf(InputStopsException.class)
                .hasMessageStartingWith("the first line is not a CSV header of readings: it has no 'series' column");
        assertThatThrownBy(() -> read("series,v,v\n")).isInstanceOf(InputStopsException.class)
                .hasMessageStartingWith("the CSV header names 'v' twice");
        assertThatThrownBy(() -> read("series,t\n")).isInstanceOf(InputStopsException.class)
                .hasMessageStartingWith("column 2 of the CSV header is no field name: field name 't' is reserved");
    }
}
