package io.bucketry.server.influxql;

import io.bucketry.server.influxql.Expr.Binary;
import io.bucketry.server.influxql.Expr.Op;

/**
 * Whether a series' tags meet a WHERE condition: {@code =}, {@code !=} with a string, {@code =~}, {@code !~}
 * with a regular expression (RE2: linear time, never backtracking), joined by AND and OR. A missing tag is
 * the empty string, as InfluxDB compares it.
 */
final class TagMatcher {

    private TagMatcher() {
    }

    /** Checks up front that {@code condition} is one Bucketry can evaluate on tags; a QueryException if not. */
    static void check(Expr condition) {
        if (condition == null) {
            return;
        }
        if (condition instanceof Binary b && (b.op() == Op.AND || b.op() == Op.OR)) {
            check(b.left());
            check(b.right());
            return;
        }
        if (condition instanceof Binary b && b.left() instanceof Expr.VarRef ref && !"field".equals(ref.type())) {
            boolean text = b.right() instanceof Expr.StringLit && (b.op() == Op.EQ || b.op() == Op.NEQ);
            boolean regex = b.right() instanceof Expr.RegexLit && (b.op() == Op.EQREGEX || b.op() == Op.NEQREGEX);
            if (text || regex) {
                return;
            }
        }
        throw new QueryException("Bucketry filters on tags and time only: " + Render.of(condition)
                + " is not supported; compare a tag with = or != and a 'string', with =~ or !~ and a /regex/");
    }

    static boolean matches(Expr condition, TaggedSeries series) {
        if (condition == null) {
            return true;
        }
        Binary b = (Binary) condition;
        return switch (b.op()) {
            case AND -> matches(b.left(), series) && matches(b.right(), series);
            case OR -> matches(b.left(), series) || matches(b.right(), series);
            default -> compare(b, series.tag(((Expr.VarRef) b.left()).name()));
        };
    }

    private static boolean compare(Binary b, String value) {
        return switch (b.op()) {
            case EQ -> value.equals(((Expr.StringLit) b.right()).value());
            case NEQ -> !value.equals(((Expr.StringLit) b.right()).value());
            case EQREGEX -> ((Expr.RegexLit) b.right()).pattern().matcher(value).find();
            case NEQREGEX -> !((Expr.RegexLit) b.right()).pattern().matcher(value).find();
            default -> throw new IllegalStateException("checked before: " + b.op());
        };
    }
}
