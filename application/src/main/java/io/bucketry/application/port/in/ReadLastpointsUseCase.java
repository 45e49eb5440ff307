package io.bucketry.application.port.in;

/** Use case: the latest unexpired reading of every series (of a prefix), in series id order, a page at a time. */
public interface ReadLastpointsUseCase {

    int DEFAULT_LIMIT = ListSeriesUseCase.DEFAULT_LIMIT;
    int MAX_LIMIT = ListSeriesUseCase.MAX_LIMIT;

    /**
     * The page {@code query} asks for; series whose readings have all expired are left out.
     *
     * @throws InvalidRequestException INVALID_PREFIX, INVALID_CURSOR or INVALID_LIMIT
     */
    LastpointPage lastpoints(LastpointQuery query);
}
