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
    @Test
    void tagAndMeasurementColumnsStateEachRecordsTagsWholeAndAnEmptyCellIsATagTheReadingLacks() throws IOException {
        List<ReadingRecords.Entry> entries = read("series,time,_measurement,tag.building,tag.floor,v\n"
                + "a,1,climate,7,\"2, east\",1\n"
                + "a,2,,8,,2\n"
                + "a,3,,,,3\n");

        assertThat(entries).extracting(ReadingRecords.Entry::code).containsOnlyNulls();
        assertThat(entries.get(0).input().tags()).isEqualTo(Map.of("building", "7", "floor", "2, east"));
        assertThat(entries.get(0).input().measurement()).isEqualTo("climate");
        assertThat(entries.get(1).input().tags()).isEqualTo(Map.of("building", "8"));
        assertThat(entries.get(1).input().measurement()).isNull();
        assertThat(entries.get(2).input().tags()).as("every tag cell empty: none, not the series' latest").isEmpty();
        assertThat(fields(entries.get(2).input())).containsExactly(field("v", 3L));
    }

    @Test
    void withoutTagOrMeasurementColumnsARecordHasItsSeriesLatestTags() throws IOException {
        ReadingInput input = read("series,time,v\na,1,1\n").get(0).input();

        assertThat(input.tags()).as("null: the series' latest").isNull();
        assertThat(input.measurement()).isNull();
    }

    @Test
    void aTagOrMeasurementCellThatIsNoValueIsRefusedNamingItsColumnAndTheOtherRecordsAreRead() throws IOException {
        List<ReadingRecords.Entry> entries = read("series,time,_measurement,tag.building,v\n"
                + "a,1,m,\"\",1\n"
                + "a,2,m," + "x".repeat(257) + ",2\n"
                + "a,3,\"\",7,3\n"
                + "a,4,m,7,4\n");

        assertThat(entries).extracting(ReadingRecords.Entry::code)
                .containsExactly("INVALID_TAG", "INVALID_TAG", "INVALID_TAG", null);
        assertThat(entries.get(0).rejection().toString()).isEqualTo("line 2: INVALID_TAG column 4 (tag.building): tag"
                + " 'building' has an empty value; a tag value is a text of 1-256 characters");
        assertThat(entries.get(1).rejection().toString()).isEqualTo("line 3: INVALID_TAG column 4 (tag.building): tag"
                + " 'building' has a value of 257 characters; at most 256 are allowed");
        assertThat(entries.get(2).rejection().toString()).isEqualTo("line 4: INVALID_TAG column 3 (_measurement): the"
                + " measurement is an empty text; leave the cell empty for a reading without one");
        assertThat(entries.get(0).input().series()).isEqualTo("a");
        assertThat(entries.get(3).input().tags()).isEqualTo(Map.of("building", "7"));
    }

    @Test
    void aTagColumnWhoseKeyIsNoTagKeyStopsTheReadingAtTheHeader() {
        assertThatThrownBy(() -> read("series,tag.1floor,v\na,1,1\n")).isInstanceOf(InputStopsException.class)
                .hasMessageStartingWith("column 2 of the CSV header is no tag column: tag key '1floor' must start with a letter");
        assertThatThrownBy(() -> read("series,tag.,v\n")).isInstanceOf(InputStopsException.class)
                .hasMessageStartingWith("column 2 of the CSV header is no tag column: tag key");
        assertThatThrownBy(() -> read("series,_other,v\n")).isInstanceOf(InputStopsException.class)
                .hasMessageStartingWith("column 2 of the CSV header is no field name: ");
    }
}
