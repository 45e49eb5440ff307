package io.bucketry.application.port.in;

import io.bucketry.domain.Reading;
import io.bucketry.domain.TagFilter;

import java.util.List;

/** Use case: the latest unexpired reading of each series whose latest tags match a filter ("every sensor of building 7 now"). */
public interface ReadLatestByTagsUseCase {

    /**
     * In series id order, at most {@code limit} (null: {@value ListSeriesUseCase#DEFAULT_LIMIT}), each with the meta
     * it was written with.
     *
     * @throws InvalidRequestException INVALID_FILTER for {@link TagFilter#ANY} (every series: page through the
     *         series listing instead), INVALID_LIMIT
     */
    List<Reading> latest(TagFilter filter, Integer limit);
}
