package io.bucketry.adapter.mongo.common;

import io.bucketry.domain.Reading;
import io.bucketry.domain.SeriesId;

import java.util.ArrayList;
import java.util.List;

/**
 * Fills a page of lastpoints from rounds of a store's query: a round answers up to the number of
 * series asked, in id order, and a series may turn out to have no reading (all expired, deleted in
 * between), so rounds follow from the last series answered until the page is full or the series end.
 */
public final class LastpointPages {

    /** One series a round answered: its latest reading, or null when it has none. */
    public record Answer(SeriesId series, Reading latest) {
    }

    /** One round: the series after {@code after} (null: from the first), at most {@code limit}, in id order. */
    @FunctionalInterface
    public interface Round {
        List<Answer> ask(SeriesId after, int limit);
    }

    private LastpointPages() {
    }

    /** At most {@code limit} readings, one per series after {@code after}, in id order. */
    public static List<Reading> fill(SeriesId after, int limit, Round round) {
        List<Reading> out = new ArrayList<>(Math.min(limit, 1024));
        SeriesId cursor = after;
        while (out.size() < limit) {
            int asked = limit - out.size();
            List<Answer> answers = round.ask(cursor, asked);
            for (Answer answer : answers) {
                cursor = answer.series();
                if (answer.latest() != null) {
                    out.add(answer.latest());
                }
            }
            if (answers.size() < asked) {
                break;   // every series of the selection was answered
            }
        }
        return out;
    }
}
