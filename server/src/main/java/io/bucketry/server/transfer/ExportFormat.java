package io.bucketry.server.transfer;

import io.bucketry.domain.Quote;

import java.io.IOException;
import java.io.InputStream;
import java.util.Locale;

/** The formats of an export, and of what an import reads: NDJSON (one reading per line, the JSON reading form) or CSV (RFC 4180). */
public enum ExportFormat {
    NDJSON("application/x-ndjson", ".ndjson"),
    CSV("text/csv; charset=utf-8; header=present", ".csv");

    private final String contentType;
    private final String extension;

    ExportFormat(String contentType, String extension) {
        this.contentType = contentType;
        this.extension = extension;
    }

    public String contentType() {
        return contentType;
    }

    /** The file name extension, with its dot. */
    public String extension() {
        return extension;
    }

    /** What one reading of a file in this format is: a "line" of NDJSON, a "record" of CSV. */
    public String entry() {
        return this == CSV ? "record" : "line";
    }

    /** The readings of {@code in} read in this format, with the rules of {@code POST /v1/readings}. */
    public ReadingRecords records(InputStream in) throws IOException {
        return this == CSV ? new CsvRecords(in) : new NdjsonRecords(in);
    }

    /** The format named {@code text} ({@code ndjson} or {@code csv}, any case); NDJSON when null or blank. */
    public static ExportFormat parse(String text) {
        if (text == null || text.isBlank()) {
            return NDJSON;
        }
        return switch (text.strip().toLowerCase(Locale.ROOT)) {
            case "ndjson" -> NDJSON;
            case "csv" -> CSV;
            default -> throw new IllegalArgumentException("format " + Quote.of(text) + " is not one of ndjson, csv");
        };
    }
}
