package io.bucketry.server.influxql;

import java.util.List;

/** The answer to one statement: its series, or the error that stopped it. */
public record StatementResult(int statementId, List<ResultSeries> series, String error) {

    static StatementResult of(int id, List<ResultSeries> series) {
        return new StatementResult(id, List.copyOf(series), null);
    }

    static StatementResult failed(int id, String error) {
        return new StatementResult(id, List.of(), error);
    }
}
