package io.bucketry.server.influxql;

/** An expression written back as InfluxQL, for error messages. */
final class Render {

    private Render() {
    }

    static String of(Expr expr) {
        if (expr instanceof Expr.Binary b) {
            return of(b.left()) + " " + b.op().text + " " + of(b.right());
        }
        if (expr instanceof Expr.VarRef ref) {
            return ref.name() + (ref.type() == null ? "" : "::" + ref.type());
        }
        if (expr instanceof Expr.Call call) {
            StringBuilder text = new StringBuilder(call.name()).append('(');
            for (int i = 0; i < call.args().size(); i++) {
                text.append(i == 0 ? "" : ", ").append(of(call.args().get(i)));
            }
            return text.append(')').toString();
        }
        if (expr instanceof Expr.StringLit s) {
            return "'" + s.value().replace("'", "\\'") + "'";
        }
        if (expr instanceof Expr.RegexLit r) {
            return "/" + r.pattern().pattern().replace("/", "\\/") + "/";
        }
        if (expr instanceof Expr.IntegerLit i) {
            return Long.toString(i.value());
        }
        if (expr instanceof Expr.NumberLit n) {
            return Double.toString(n.value());
        }
        if (expr instanceof Expr.DurationLit d) {
            return d.nanos() + "ns";
        }
        if (expr instanceof Expr.BoolLit b) {
            return Boolean.toString(b.value());
        }
        return "*";
    }
}
