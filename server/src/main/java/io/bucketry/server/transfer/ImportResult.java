package io.bucketry.server.transfer;

/**
 * What an import did: lines read (blank lines not counted), readings stored, duplicates of readings
 * already stored (or earlier in the file), and lines rejected.
 */
public record ImportResult(long lines, long accepted, long duplicates, long rejected) {
}
