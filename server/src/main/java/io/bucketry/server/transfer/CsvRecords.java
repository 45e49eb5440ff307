package io.bucketry.server.transfer;

import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.dataformat.csv.CsvFactory;
import com.fasterxml.jackson.dataformat.csv.CsvParser;
import io.bucketry.application.port.in.ReadingInput;
import io.bucketry.domain.FieldSchema;
import io.bucketry.domain.Quote;
import io.bucketry.domain.RejectionReason;
import io.bucketry.domain.Tags;
import io.bucketry.server.json.JsonValues;

import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * The readings of CSV as {@link CsvWriter} writes it (RFC 4180): a header naming a {@code series} column, an
 * optional {@code time} column, optional {@code _measurement} and {@code tag.<key>} columns ({@link CsvColumns})
 * and field names, then one record per reading. A cell in JSON number syntax is a number (kept as the JSON form
 * keeps it), any other cell a text; an empty cell is a field (tag, measurement) the reading lacks and {@code ""}
 * an empty text. With tag or measurement columns each record states its tags and measurement whole (none where
 * every such cell is empty); without, it has its series' latest. A record whose cells do not match the header
 * is refused as MALFORMED_CSV, one with a tag or measurement cell that is no valid value as INVALID_TAG naming
 * its column; a header that names no series or no valid field or tag key, a quote left open, or a cell longer
 * than {@value #MAX_CELL} characters stops the reading ({@link InputStopsException}).
 */
final class CsvRecords implements ReadingRecords {

    /** The longest cell read: far above the longest valid value (a text of 256 characters). */
    static final int MAX_CELL = 1 << 20;
    /** The most columns of a header: an export's union of field names stays far below it. */
    static final int MAX_COLUMNS = 100_000;

    private static final String EXPECTED = "expected series,time,<field names…> as export writes it";
    private static final CsvFactory FACTORY = CsvFactory.builder()
            .enable(CsvParser.Feature.EMPTY_UNQUOTED_STRING_AS_NULL)
            .enable(CsvParser.Feature.SKIP_EMPTY_LINES)
            .streamReadConstraints(StreamReadConstraints.builder().maxStringLength(MAX_CELL).build())
            .build();

    private final CsvParser parser;
    private List<String> columns;
    private int seriesColumn = -1;
    private int timeColumn = -1;
    private int measurementColumn = -1;
    /** Per column, the tag key it holds, or null for a column of another kind. */
    private String[] tagKeys;
    private boolean statesMeta;

    CsvRecords(InputStream in) throws IOException {
        this.parser = FACTORY.createParser(in);
    }

    @Override
    public Entry next() throws IOException {
        long wholeUpTo = parser.currentLocation().getLineNr();   // the line the last whole record (or the header) ends on
        long recordLine = 0;
        try {
            if (columns == null && !header()) {
                return null;
            }
            if (parser.nextToken() == null) {
                return null;
            }
            JsonToken first = parser.nextToken();   // the record's start token is placed before its line starts
            recordLine = parser.currentTokenLocation().getLineNr();
            return record(first, recordLine);
        } catch (JacksonException e) {
            // a quote left open in a first cell fails before its record's line is known, where the input ends
            JsonLocation at = e.getLocation();
            if (columns == null) {
                throw new InputStopsException("the first line is not a CSV header of readings: " + e.getOriginalMessage()
                        + "; " + EXPECTED);
            }
            String where = recordLine > 0 ? "in the record that starts at line " + recordLine
                    : "past line " + wholeUpTo + ", after the last whole record";
            throw new InputStopsException("the CSV is malformed " + where + ": " + e.getOriginalMessage()
                    + (at == null || recordLine > 0 ? "" : " (found at line " + at.getLineNr() + ")"));
        }
    }

    private Entry record(JsonToken first, long line) throws IOException {
        String series = null;
        String time = null;
        Map<String, Object> fields = new LinkedHashMap<>();
        Map<String, String> tags = statesMeta ? new LinkedHashMap<>() : null;
        String measurement = null;
        String flaw = null;
        String tagFlaw = null;
        int cells = 0;
        for (JsonToken token = first; token != JsonToken.END_ARRAY; token = parser.nextToken()) {
            int column = cells++;
            if (column >= columns.size() || token == JsonToken.VALUE_NULL) {
                continue;
            }
            String text = parser.getText();
            if (column == seriesColumn) {
                series = text;
            } else if (column == timeColumn) {
                time = text;
            } else if (column == measurementColumn || tagKeys[column] != null) {
                String problem = column == measurementColumn ? measurementProblem(text)
                        : Tags.valueProblem(tagKeys[column], text);
                if (problem != null) {
                    tagFlaw = tagFlaw != null ? tagFlaw : "column " + (column + 1) + " (" + columns.get(column) + "): "
                            + problem;
                } else if (column == measurementColumn) {
                    measurement = text;
                } else {
                    tags.put(tagKeys[column], text);
                }
            } else {
                try {
                    Object number = JsonValues.number(text, columns.get(column));
                    fields.put(columns.get(column), number == null ? text : number);
                } catch (IllegalArgumentException e) {
                    flaw = flaw == null ? e.getMessage() : flaw;
                }
            }
        }
        if (cells != columns.size()) {
            return new Entry(line, ReadingInput.refused(series, time, RejectionReason.NO_FIELDS, String.format(
                    Locale.ROOT, "the record has %,d cells where the header has %,d columns", cells, columns.size())),
                    "MALFORMED_CSV");
        }
        if (tagFlaw != null) {
            return new Entry(line, ReadingInput.refused(series, time, RejectionReason.INVALID_TAG, tagFlaw),
                    RejectionReason.INVALID_TAG.name());
        }
        if (flaw != null) {
            return new Entry(line, ReadingInput.refused(series, time, RejectionReason.INVALID_FIELD_VALUE, flaw),
                    RejectionReason.INVALID_FIELD_VALUE.name());
        }
        return new Entry(line, new ReadingInput(series, time, fields, tags, measurement), null);
    }

    /** Why {@code text} is no measurement (an empty text, one too long), or null. */
    private static String measurementProblem(String text) {
        if (text.isEmpty()) {
            return "the measurement is an empty text; leave the cell empty for a reading without one";
        }
        return text.length() > Tags.MAX_VALUE_LENGTH ? "the measurement has " + text.length()
                + " characters; at most " + Tags.MAX_VALUE_LENGTH + " are allowed" : null;
    }

    /** Reads the header; false for an input with none (no line but blank ones). */
    private boolean header() throws IOException {
        if (parser.nextToken() == null) {
            return false;
        }
        List<String> names = new ArrayList<>();
        for (JsonToken token = parser.nextToken(); token != JsonToken.END_ARRAY; token = parser.nextToken()) {
            if (names.size() == MAX_COLUMNS) {
                throw new InputStopsException(String.format(Locale.ROOT, "the CSV header has more than %,d columns; "
                        + EXPECTED, MAX_COLUMNS));
            }
            names.add(token == JsonToken.VALUE_NULL ? "" : parser.getText().strip());
        }
        seriesColumn = names.indexOf("series");
        timeColumn = names.indexOf("time");
        measurementColumn = names.indexOf(CsvColumns.MEASUREMENT);
        tagKeys = new String[names.size()];
        if (seriesColumn < 0) {
            throw new InputStopsException("the first line is not a CSV header of readings: it has no 'series' column; "
                    + EXPECTED);
        }
        Set<String> seen = new HashSet<>();
        for (int i = 0; i < names.size(); i++) {
            String name = names.get(i);
            if (!seen.add(name)) {
                throw new InputStopsException("the CSV header names " + Quote.of(name) + " twice; " + EXPECTED);
            }
            if (name.startsWith(CsvColumns.TAG)) {
                tagKeys[i] = name.substring(CsvColumns.TAG.length());
                if (Tags.keyProblem(tagKeys[i]) != null) {
                    throw new InputStopsException("column " + (i + 1) + " of the CSV header is no tag column: "
                            + Tags.keyProblem(tagKeys[i]) + "; " + EXPECTED);
                }
            } else if (i != seriesColumn && i != timeColumn && i != measurementColumn
                    && FieldSchema.nameProblem(name) != null) {
                throw new InputStopsException("column " + (i + 1) + " of the CSV header is no field name: "
                        + FieldSchema.nameProblem(name) + "; " + EXPECTED);
            }
        }
        statesMeta = measurementColumn >= 0 || Arrays.stream(tagKeys).anyMatch(Objects::nonNull);
        columns = names;
        return true;
    }
}
