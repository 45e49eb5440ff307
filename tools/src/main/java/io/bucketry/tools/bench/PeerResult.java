package io.bucketry.tools.bench;

import java.util.List;

/**
 * One target's figures: the feed, the readings it says it stores afterwards, and its storage cost
 * per stored reading, each figure with how it was measured ({@code perReading} null: not measurable there).
 */
record PeerResult(String target, HttpFeeder.Feed feed, long stored, List<Cost> costs) {

    /** Bytes per stored reading of one kind. */
    record Cost(String what, Double perReading, String how) {
    }
}
