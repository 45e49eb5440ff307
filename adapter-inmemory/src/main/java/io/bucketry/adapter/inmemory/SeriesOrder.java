package io.bucketry.adapter.inmemory;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.function.Function;

/**
 * Puts a query's parts, one per series, in series id order by a rank kept on each series rather than by
 * comparing ids: a sort of many series by id chases pointers from part to series to id to its bytes for
 * every comparison, all of them cold after a pass over the whole store, while placing each part at its
 * rank reads one field per part. The ranks are those of the series present when they were last taken; a
 * series that turned up since (a new object, also after a delete) has none of this round, and then the
 * ranks are taken again: every series walked and sorted once. Ranks are read and written under this
 * object's lock only.
 */
final class SeriesOrder {

    /** Below one part in this many series, sorting the parts by rank is cheaper than a slot per series. */
    private static final int SPARSE = 16;

    private final StripedSeries series;
    /** The round the ranks were last taken in; 0 before the first (a new series has round 0). */
    private int round;
    /** How many series were ranked in {@link #round}: ranks are below it. */
    private int ranked;

    SeriesOrder(StripedSeries series) {
        this.series = series;
    }

    /** {@code parts}, at most one per series ({@code seriesOf}), in series id order. */
    synchronized <T> List<T> inIdOrder(List<T> parts, Function<? super T, SeriesBuckets> seriesOf) {
        if (!allRanked(parts, seriesOf)) {
            rank();
            if (!allRanked(parts, seriesOf)) {   // started between the query's pass and the ranking
                List<T> sorted = new ArrayList<>(parts);
                sorted.sort(Comparator.comparing(part -> seriesOf.apply(part).series()));
                return sorted;
            }
        }
        if ((long) parts.size() * SPARSE < ranked) {
            List<T> sorted = new ArrayList<>(parts);
            sorted.sort(Comparator.comparingInt(part -> seriesOf.apply(part).orderRank));
            return sorted;
        }
        Object[] slots = new Object[ranked];
        for (T part : parts) {
            slots[seriesOf.apply(part).orderRank] = part;
        }
        List<T> out = new ArrayList<>(parts.size());
        for (Object slot : slots) {
            if (slot != null) {
                out.add(cast(slot));
            }
        }
        return out;
    }

    /**
     * The place in id order of each of {@code parts} (distinct series) among the series ranked: a series' rank
     * where every one has a rank of this round, else their places once sorted by id.
     */
    synchronized int[] ranks(List<SeriesBuckets> parts) {
        int[] ranks = new int[parts.size()];
        if (!allRanked(parts, Function.identity())) {
            rank();
            if (!allRanked(parts, Function.identity())) {   // started between the query's pass and the ranking
                Integer[] order = new Integer[parts.size()];
                Arrays.setAll(order, i -> i);
                Arrays.sort(order, Comparator.comparing(i -> parts.get(i).series()));
                for (int place = 0; place < order.length; place++) {
                    ranks[order[place]] = place;
                }
                return ranks;
            }
        }
        for (int i = 0; i < ranks.length; i++) {
            ranks[i] = parts.get(i).orderRank;
        }
        return ranks;
    }

    private <T> boolean allRanked(List<T> parts, Function<? super T, SeriesBuckets> seriesOf) {
        if (round == 0) {
            return parts.isEmpty();
        }
        for (T part : parts) {
            if (seriesOf.apply(part).orderRound != round) {
                return false;
            }
        }
        return true;
    }

    private void rank() {
        List<SeriesBuckets> every = new ArrayList<>();
        series.forEach(every::add);
        every.sort(Comparator.comparing(SeriesBuckets::series));
        round++;
        for (int i = 0; i < every.size(); i++) {
            every.get(i).orderRound = round;
            every.get(i).orderRank = i;
        }
        ranked = every.size();
    }

    @SuppressWarnings("unchecked")
    private static <T> T cast(Object part) {
        return (T) part;
    }
}
