package io.bucketry.server.influxql;

import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/** InfluxQL's reserved words: an unquoted one is never an identifier. */
final class Keywords {

    private static final Set<String> WORDS = new TreeSet<>(String.CASE_INSENSITIVE_ORDER);

    static {
        WORDS.addAll(List.of("ALL", "ALTER", "ANALYZE", "ANY", "AS", "ASC", "BEGIN", "BY",
            "CARDINALITY", "CREATE", "CONTINUOUS", "DATABASE", "DATABASES", "DEFAULT", "DELETE", "DESC", "DESTINATIONS",
            "DIAGNOSTICS", "DISTINCT", "DROP", "DURATION", "END", "EVERY", "EXACT", "EXPLAIN", "FIELD", "FOR", "FROM",
            "GRANT", "GRANTS", "GROUP", "GROUPS", "IN", "INF", "INSERT", "INTO", "KEY", "KEYS", "KILL", "LIMIT",
            "MEASUREMENT", "MEASUREMENTS", "NAME", "OFFSET", "ON", "ORDER", "PASSWORD", "POLICY", "POLICIES",
            "PRIVILEGES", "QUERIES", "QUERY", "READ", "REPLICATION", "RESAMPLE", "RETENTION", "REVOKE", "SELECT",
            "SERIES", "SET", "SHARD", "SHARDS", "SLIMIT", "SOFFSET", "STATS", "SUBSCRIPTION", "SUBSCRIPTIONS", "TAG",
            "TO", "USER", "USERS", "VALUES", "WHERE", "WITH", "WRITE", "AND", "OR", "TRUE", "FALSE"));
    }

    private Keywords() {
    }

    static boolean is(String word) {
        return word.length() <= 14 && WORDS.contains(word);   // case-insensitive, without a copy
    }
}
