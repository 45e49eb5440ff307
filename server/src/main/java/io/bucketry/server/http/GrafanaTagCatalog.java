package io.bucketry.server.http;

import io.bucketry.application.UseCases;
import io.bucketry.application.port.in.ListSeriesUseCase;
import io.bucketry.application.port.in.SeriesPage;
import io.bucketry.application.port.out.SeriesSummary;
import io.bucketry.domain.Quote;
import io.bucketry.domain.TagFilter;
import io.bucketry.domain.TagFilter.Condition;
import io.bucketry.domain.Tags;

import java.util.ArrayList;
import java.util.List;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.function.BiConsumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The tag keys, and the values of one key, that Grafana offers in ad-hoc filters and template variables:
 * taken from the latest tags of at most {@value #SERIES} series (the series listing, in id order, a page of
 * {@link ListSeriesUseCase#MAX_LIMIT} at a time; for a key's values only the series that have the key), and at
 * most the first {@value #ANSWERED} in text order. A search (SimpleJson's, or a template variable's query) asks
 * for them as {@code tag-keys()} and {@code tag-values(building)}, which no series id can be.
 */
final class GrafanaTagCatalog {

    /** Series whose latest tags one request reads. */
    static final int SERIES = 100_000;
    /** Keys or values one request answers. */
    static final int ANSWERED = 1000;

    /** The search text that lists tag keys. */
    static final String KEYS = "tag-keys()";
    private static final Pattern VALUES = Pattern.compile("tag-values\\((.*)\\)");

    private final UseCases useCases;
    private final int series;

    GrafanaTagCatalog(UseCases useCases) {
        this(useCases, SERIES);
    }

    /** Reading the latest tags of at most {@code series} series per request. */
    GrafanaTagCatalog(UseCases useCases, int series) {
        this.useCases = useCases;
        this.series = series;
    }

    /** The answer of a search text {@code tag-keys()} or {@code tag-values(key)}; null for any other text. */
    List<String> search(String typed) {
        String text = typed == null ? "" : typed.strip();
        if (text.equals(KEYS)) {
            return keys();
        }
        Matcher values = VALUES.matcher(text);
        return values.matches() ? values(values.group(1).strip()) : null;
    }

    /** Every tag key of the series read, in text order. */
    List<String> keys() {
        return collect(TagFilter.ANY, (tags, out) -> out.addAll(tags.values().keySet()));
    }

    /** Every value of {@code key} among the series read, in text order; INVALID_TAG_FILTER for a key that cannot be one. */
    List<String> values(String key) {
        String problem = Tags.keyProblem(key);
        if (problem != null) {
            throw ApiException.badRequest("INVALID_TAG_FILTER", "tag key " + Quote.of(key) + ": " + problem);
        }
        return collect(TagFilter.of(Condition.any(key)), (tags, out) -> out.add(tags.get(key)));
    }

    private List<String> collect(TagFilter filter, BiConsumer<Tags, SortedSet<String>> take) {
        SortedSet<String> found = new TreeSet<>();
        String after = null;
        int read = 0;
        do {
            SeriesPage page = useCases.series().list(filter, null, after,
                    Math.min(ListSeriesUseCase.MAX_LIMIT, series - read));
            for (SeriesSummary summary : page.series()) {
                take.accept(summary.meta().tags(), found);
            }
            read += page.series().size();
            after = page.next() == null ? null : page.next().value();
        } while (after != null && read < series);
        List<String> answer = new ArrayList<>(found);
        return answer.subList(0, Math.min(ANSWERED, answer.size()));
    }
}
