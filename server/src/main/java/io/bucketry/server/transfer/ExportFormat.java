package io.bucketry.server.transfer;

import io.bucketry.domain.Quote;

import java.util.Locale;

/** The formats of an export: NDJSON (one reading per line, the JSON reading form) or CSV (RFC 4180). */
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
