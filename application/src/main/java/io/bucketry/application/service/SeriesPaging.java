package io.bucketry.application.service;

import io.bucketry.application.port.in.InvalidRequestException;
import io.bucketry.domain.SeriesId;

/** The checks of a request paging through series in id order: a prefix, a cursor and a page size. */
final class SeriesPaging {

    private SeriesPaging() {
    }

    /** {@code prefix} ("" for null or empty) if it could begin a series id. */
    static String prefix(String prefix) {
        if (prefix == null || prefix.isEmpty()) {
            return "";
        }
        String problem = SeriesId.problem(prefix);
        if (problem != null) {
            throw new InvalidRequestException("INVALID_PREFIX", "prefix: " + problem.replace("series id ", ""));
        }
        return prefix;
    }

    /** The series id of {@code after} (null for null or empty). */
    static SeriesId cursor(String after) {
        if (after == null || after.isEmpty()) {
            return null;
        }
        String problem = SeriesId.problem(after);
        if (problem != null) {
            throw new InvalidRequestException("INVALID_CURSOR", "after must be the id of a series (the 'next' of the "
                    + "previous page): " + problem);
        }
        return SeriesId.of(after);
    }

    /** {@code limit} ({@code fallback} for null) if it is from 1 to {@code max}. */
    static int limit(Integer limit, int fallback, int max) {
        if (limit == null) {
            return fallback;
        }
        if (limit < 1 || limit > max) {
            throw new InvalidRequestException("INVALID_LIMIT", "limit " + limit + " must be from 1 to " + max);
        }
        return limit;
    }
}
