package io.bucketry.server.transfer;

import io.bucketry.server.json.NdjsonLine;

import java.io.IOException;
import java.io.InputStream;

/** The readings of NDJSON: one JSON reading per line, blank lines skipped, a line longer than {@value #MAX_LINE} bytes stops it. */
final class NdjsonRecords implements ReadingRecords {

    /** The longest line read: far above the largest valid reading (64 fields of 256 characters). */
    static final int MAX_LINE = 1 << 20;

    private final Lines lines;
    private final NdjsonLine parser = new NdjsonLine();

    NdjsonRecords(InputStream in) {
        this.lines = new Lines(in, MAX_LINE);
    }

    @Override
    public Entry next() throws IOException {
        while (lines.next()) {
            if (!lines.blank()) {
                NdjsonLine.Parsed parsed = parser.parse(lines.bytes(), lines.length());
                return new Entry(lines.number(), parsed.input(), parsed.code());
            }
        }
        return null;
    }
}
