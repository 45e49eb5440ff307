package io.bucketry.application.transfer;

import java.util.List;

/** The verification of a migration: one check per series of the source, in id order. */
public record MigrationReport(List<SeriesCheck> series) {

    public MigrationReport {
        series = List.copyOf(series);
    }

    /** True when every series of the source matches in the target. */
    public boolean matches() {
        return series.stream().allMatch(SeriesCheck::matches);
    }

    /** The series that differ. */
    public List<SeriesCheck> differences() {
        return series.stream().filter(check -> !check.matches()).toList();
    }

    public long accepted() {
        return series.stream().mapToLong(SeriesCheck::accepted).sum();
    }

    public long duplicates() {
        return series.stream().mapToLong(SeriesCheck::duplicates).sum();
    }
}
