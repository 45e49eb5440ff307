package io.bucketry.server.influxql;

import io.bucketry.server.influxql.Statement.Field;
import io.bucketry.server.influxql.Statement.Select;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedSet;

/**
 * What a SELECT asks for: raw fields and tags, or aggregates of fields; checked up front in InfluxDB's words
 * or, for what InfluxQL has and Bucketry lacks, in Bucketry's.
 */
final class SelectPlan {

    /** One selected item: a field or tag ({@code function} null) or a function of one; {@code field} null for {@code *}. */
    record Item(Functions function, String field, String alias) {
    }

    /** One output column: its name, and the field or tag it shows (through {@code function} when aggregated). */
    record Column(String name, Functions function, String field, boolean tag) {
    }

    final List<Item> items;
    final boolean aggregate;

    private SelectPlan(List<Item> items, boolean aggregate) {
        this.items = items;
        this.aggregate = aggregate;
    }

    static SelectPlan of(Select select) {
        if (select.into() != null) {
            throw new QueryException("SELECT … INTO is not supported by Bucketry: /query only reads; write with /write");
        }
        if (select.sources().stream().anyMatch(s -> s.subquery() != null)) {
            throw new QueryException("subqueries are not supported by Bucketry; select FROM a measurement");
        }
        if (select.timezone() != null) {
            throw new QueryException("tz('" + select.timezone() + "') is not supported by Bucketry: times are answered"
                    + " in UTC; leave tz() out");
        }
        List<Item> items = new ArrayList<>();
        int calls = 0;
        for (Field field : select.fields()) {
            Item item = item(field);
            if (item == null) {
                continue;   // "time" among the fields: the time column is always there
            }
            calls += item.function() == null ? 0 : 1;
            items.add(item);
        }
        if (items.isEmpty()) {
            throw new QueryException("at least 1 non-time field must be queried");
        }
        if (calls > 0 && calls < items.size()) {
            throw new QueryException("mixing aggregate and non-aggregate queries is not supported");
        }
        if (calls == 0 && select.groupBy().intervalNanos() > 0) {
            throw new QueryException("GROUP BY requires at least one aggregate function");
        }
        return new SelectPlan(List.copyOf(items), calls > 0);
    }

    private static Item item(Field field) {
        Expr expr = field.expr();
        if (expr instanceof Expr.VarRef ref) {
            return Conditions.isTime(ref) ? null : new Item(null, ref.name(), field.alias());
        }
        if (expr instanceof Expr.Wildcard) {
            return new Item(null, null, field.alias());
        }
        if (expr instanceof Expr.Call call) {
            Functions function = Functions.of(call.name());
            if (call.args().size() != 1) {
                throw new QueryException("invalid number of arguments for " + call.name() + ", expected 1, got "
                        + call.args().size());
            }
            Expr arg = call.args().get(0);
            if (arg instanceof Expr.Wildcard) {
                return new Item(function, null, field.alias());
            }
            if (arg instanceof Expr.VarRef ref) {
                return new Item(function, ref.name(), field.alias());
            }
            throw new QueryException("expected field argument in " + call.name() + "()");
        }
        throw new QueryException("Bucketry selects fields, tags and " + Functions.SUPPORTED + " of a field: "
                + Render.of(expr) + " is not supported");
    }

    /** True when the one item is a selector (first, last, min, max) of one named field: its reading's time is answered. */
    boolean singleSelector() {
        return items.size() == 1 && items.get(0).function() != null && items.get(0).function().selects()
                && items.get(0).field() != null;
    }

    /** The names of the fields this statement reads, or null when a {@code *} reads every field. */
    Set<String> namedFields() {
        Set<String> fields = new java.util.TreeSet<>();
        for (Item item : items) {
            if (item.field() == null) {
                return null;
            }
            fields.add(item.field());
        }
        return fields;
    }

    /**
     * The output columns after {@code time}, given the measurement's {@code fields} and {@code tags} ({@code *} of a raw
     * SELECT shows both, sorted together, but not the tags grouped by; of a function, the numeric fields).
     */
    List<Column> columns(SortedSet<String> fields, SortedSet<String> tags, Set<String> grouped) {
        List<Column> columns = new ArrayList<>();
        Map<String, Integer> seen = new HashMap<>();
        for (Item item : items) {
            if (item.function() == null && item.field() == null) {
                SortedSet<String> all = new java.util.TreeSet<>(fields);
                tags.stream().filter(t -> !grouped.contains(t)).forEach(all::add);
                all.forEach(name -> columns.add(new Column(name, null, name, !fields.contains(name))));
            } else if (item.function() == null) {
                String name = item.alias() != null ? item.alias() : item.field();
                columns.add(new Column(unique(name, seen), null, item.field(),
                        !fields.contains(item.field()) && tags.contains(item.field())));
            } else if (item.field() == null) {
                for (String field : fields) {
                    String name = (item.alias() != null ? item.alias() : item.function().text()) + "_" + field;
                    columns.add(new Column(unique(name, seen), item.function(), field, false));
                }
            } else {
                String name = item.alias() != null ? item.alias() : item.function().text();
                columns.add(new Column(unique(name, seen), item.function(), item.field(), false));
            }
        }
        return columns;
    }

    /** InfluxDB's rule: a name already used gets {@code _1}, {@code _2}, … */
    private static String unique(String name, Map<String, Integer> seen) {
        Integer count = seen.get(name);
        seen.put(name, count == null ? 1 : count + 1);
        return count == null ? name : name + "_" + count;
    }
}
