package io.bucketry.server.influxql;

import io.bucketry.domain.TagFilter;
import io.bucketry.domain.Tags;
import io.bucketry.server.influxql.Expr.Binary;
import io.bucketry.server.influxql.Expr.Op;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * A WHERE condition on tags split in two: the part a {@link TagFilter} states, which the store evaluates
 * (conjuncts {@code key = 'v'}, or {@code key = 'a' OR key = 'b'} on one key), and the residual the executor
 * evaluates over the series the filter keeps ({@code !=}, regular expressions, OR across keys, {@code = ''},
 * which InfluxQL meets with a missing tag). The two joined by AND keep exactly the series the condition keeps.
 *
 * @param filter what the store filters on ({@link TagFilter#ANY}: nothing)
 * @param residual the rest of the condition, or null when the filter states all of it
 */
record TagPushdown(TagFilter filter, Expr residual) {

    /** The whole {@code condition} (null: none) left to the executor: for a store that keeps no tags. */
    static TagPushdown none(Expr condition) {
        return new TagPushdown(TagFilter.ANY, condition);
    }

    /** {@code condition} (null: none), checked by {@link TagMatcher#check}, split into filter and residual. */
    static TagPushdown of(Expr condition) {
        List<TagFilter.Condition> pushed = new ArrayList<>();
        Expr residual = null;
        for (Expr conjunct : conjuncts(condition, new ArrayList<>())) {
            TagFilter.Condition stated = condition(conjunct);
            if (stated != null) {
                pushed.add(stated);
            } else {
                residual = residual == null ? conjunct : new Binary(Op.AND, residual, conjunct);
            }
        }
        return new TagPushdown(new TagFilter(pushed), residual);
    }

    /** The terms of {@code expr} joined by AND, in order; none for null. */
    private static List<Expr> conjuncts(Expr expr, List<Expr> into) {
        if (expr instanceof Binary b && b.op() == Op.AND) {
            conjuncts(b.left(), into);
            conjuncts(b.right(), into);
        } else if (expr != null) {
            into.add(expr);
        }
        return into;
    }

    /** The filter condition {@code conjunct} is, or null when a filter cannot state it exactly. */
    private static TagFilter.Condition condition(Expr conjunct) {
        Set<String> values = new TreeSet<>();
        String key = equalities(conjunct, null, values);
        if (key == null || Tags.keyProblem(key) != null) {
            return null;
        }
        for (String value : values) {
            if (Tags.valueProblem(key, value) != null) {
                return null;   // '' means a missing tag in InfluxQL; a filter condition needs the key there
            }
        }
        return new TagFilter.Condition(key, values);
    }

    /** The one key {@code expr} compares with = (joined by OR), its values added to {@code values}; else null. */
    private static String equalities(Expr expr, String key, Set<String> values) {
        if (expr instanceof Binary b && b.op() == Op.OR) {
            String left = equalities(b.left(), key, values);
            return left == null ? null : equalities(b.right(), left, values);
        }
        if (expr instanceof Binary b && b.op() == Op.EQ && b.left() instanceof Expr.VarRef ref
                && b.right() instanceof Expr.StringLit text && (key == null || key.equals(ref.name()))) {
            values.add(text.value());
            return ref.name();
        }
        return null;
    }
}
