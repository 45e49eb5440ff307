package io.bucketry.application.port.in;

/**
 * A lastpoint request as the caller gave it, checked by the use case: series whose id starts with
 * {@code prefix} (null or empty: every series), after the cursor {@code after} (the previous page's
 * {@code next}; null for the first page), at most {@code limit} (null: {@value ReadLastpointsUseCase#DEFAULT_LIMIT}).
 * A tag filter joins it once series carry tags.
 */
public record LastpointQuery(String prefix, String after, Integer limit) {
}
