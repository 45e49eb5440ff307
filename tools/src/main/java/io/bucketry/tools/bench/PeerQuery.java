package io.bucketry.tools.bench;

/** The four queries of issue 34, asked of every system in its own language over the same stream. */
enum PeerQuery {
    Q1("one sensor, raw 24 h"),
    Q2("one sensor, 5-min averages over 24 h"),
    Q3("5-min averages of every sensor, last 10 min"),
    Q4("latest reading of every sensor");

    private final String description;

    PeerQuery(String description) {
        this.description = description;
    }

    String description() {
        return description;
    }
}
