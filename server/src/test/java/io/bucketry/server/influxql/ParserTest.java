package io.bucketry.server.influxql;

import io.bucketry.server.influxql.Expr.Binary;
import io.bucketry.server.influxql.Expr.Op;
import io.bucketry.server.influxql.Statement.FillKind;
import io.bucketry.server.influxql.Statement.Select;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The parser on the statements Grafana's InfluxDB data source and the influx CLI send. The error wordings
 * expected here are influxd 1.6.7's answers to the same texts (InfluxQlFidelityTest asks it live).
 */
class ParserTest {

    private static Select select(String text) {
        List<Statement> statements = Parser.parse(text);
        assertThat(statements).hasSize(1);
        return (Select) statements.get(0);
    }

    @Test
    void grafanasDefaultPanelQueryParsesIntoItsParts() {
        Select select = select("SELECT mean(\"value\") FROM \"autogen\".\"cpu\" WHERE (\"host\" = 'a') AND time >= now() - 6h"
                + " and time <= now() GROUP BY time(20s), \"host\" fill(null)");

        assertThat(select.fields()).singleElement().satisfies(f ->
                assertThat(f.expr()).isEqualTo(new Expr.Call("mean", List.of(new Expr.VarRef("value", null)))));
        assertThat(select.sources()).singleElement().satisfies(s -> {
            assertThat(s.retentionPolicy()).isEqualTo("autogen");
            assertThat(s.name()).isEqualTo("cpu");
        });
        assertThat(select.groupBy().intervalNanos()).isEqualTo(20_000_000_000L);
        assertThat(select.groupBy().tags()).containsExactly("host");
        assertThat(select.fill().kind()).isEqualTo(FillKind.NULL);
        Binary where = (Binary) select.where();
        assertThat(where.op()).isEqualTo(Op.AND);
        assertThat(((Binary) where.right()).op()).isEqualTo(Op.LTE);
    }

    @Test
    void andBindsTighterThanOrAndParenthesesRegroup() {
        Binary plain = (Binary) select("SELECT v FROM m WHERE a = 'x' OR b = 'y' AND c = 'z'").where();
        Binary grouped = (Binary) select("SELECT v FROM m WHERE (a = 'x' OR b = 'y') AND c = 'z'").where();

        assertThat(plain.op()).isEqualTo(Op.OR);
        assertThat(((Binary) plain.right()).op()).isEqualTo(Op.AND);
        assertThat(grouped.op()).isEqualTo(Op.AND);
        assertThat(((Binary) grouped.left()).op()).isEqualTo(Op.OR);
    }

    @Test
    void subtractionIsLeftAssociativeAndBindsTighterThanComparison() {
        Binary where = (Binary) select("SELECT v FROM m WHERE time > now() - 1h - 30m").where();

        Binary difference = (Binary) where.right();
        assertThat(difference.op()).isEqualTo(Op.SUB);
        assertThat(difference.right()).isEqualTo(new Expr.DurationLit(1_800_000_000_000L));
        assertThat(((Binary) difference.left()).right()).isEqualTo(new Expr.DurationLit(3_600_000_000_000L));
    }

    @Test
    void regularExpressionsAreReadWhereARegexMayStandAndCompiledWithRe2() {
        Select select = select("SELECT v FROM /^cpu\\/x/ WHERE host =~ /web\\d+/ GROUP BY /h.*/");

        assertThat(select.sources().get(0).regex().pattern().pattern()).isEqualTo("^cpu/x");
        assertThat(((Expr.RegexLit) ((Binary) select.where()).right()).pattern().matcher("web12").find()).isTrue();
        assertThat(select.groupBy().tagPattern()).isNotNull();
    }

    @Test
    void everyClauseOfASelectIsKept() {
        Select select = select("select count(*) AS n from cpu where time > 1600000000000ms group by time(1h, -15m), * "
                + "fill(-2.5) order by time desc limit 10 offset 2 slimit 3 soffset 1 tz('Europe/Paris')");

        assertThat(select.fields().get(0).alias()).isEqualTo("n");
        assertThat(select.groupBy().offsetNanos()).isEqualTo(-900_000_000_000L);
        assertThat(select.groupBy().allTags()).isTrue();
        assertThat(select.fill()).isEqualTo(new Statement.Fill(FillKind.NUMBER, -2.5));
        assertThat(select.descending()).isTrue();
        assertThat(List.of(select.limit(), select.offset(), select.slimit(), select.soffset())).containsExactly(10L, 2L, 3L, 1L);
        assertThat(select.timezone()).isEqualTo("Europe/Paris");
    }

    @Test
    void theShowStatementsOfGrafanasEditorParse() {
        List<Statement> statements = Parser.parse("SHOW MEASUREMENTS WITH MEASUREMENT =~ /cpu/ LIMIT 100;"
                + " SHOW TAG KEYS FROM \"cpu\"; SHOW TAG VALUES FROM \"cpu\" WITH KEY IN (\"host\", region) WHERE a = 'b';"
                + " SHOW FIELD KEYS FROM cpu; SHOW RETENTION POLICIES ON \"telegraf\"; SHOW SERIES LIMIT 5; SHOW DATABASES");

        assertThat(statements).extracting(s -> s.getClass().getSimpleName()).containsExactly("ShowMeasurements",
                "ShowTagKeys", "ShowTagValues", "ShowFieldKeys", "ShowRetentionPolicies", "ShowSeries", "ShowDatabases");
        Statement.ShowTagValues values = (Statement.ShowTagValues) statements.get(2);
        assertThat(values.keyOp()).isNull();
        assertThat(values.keys()).containsExactly(new Expr.StringLit("host"), new Expr.StringLit("region"));
        assertThat(((Statement.ShowRetentionPolicies) statements.get(4)).database()).isEqualTo("telegraf");
    }

    @Test
    void statementsBucketryDoesNotRunParseAsUnsupportedInTheirPlace() {
        List<Statement> statements = Parser.parse("CREATE DATABASE x; SHOW USERS; SHOW SERIES CARDINALITY; SELECT v FROM m");

        assertThat(statements).hasSize(4);
        assertThat(statements.subList(0, 3)).extracting(s -> ((Statement.Unsupported) s).what())
                .containsExactly("CREATE DATABASE", "SHOW USERS", "SHOW SERIES CARDINALITY");
        assertThat(statements.get(3)).isInstanceOf(Select.class);
    }

    @Test
    void stringsAndQuotedIdentifiersAreUnescaped() {
        Select select = select("SELECT \"my \\\"field\\\"\" FROM m WHERE t = 'it\\'s'");

        assertThat(select.fields().get(0).expr()).isEqualTo(new Expr.VarRef("my \"field\"", null));
        assertThat(((Binary) select.where()).right()).isEqualTo(new Expr.StringLit("it's"));
    }

    @Test
    void errorsAreWordedAsInfluxdWordsThem() {
        assertError("SELEC x", "found SELEC, expected SELECT, DELETE, SHOW, CREATE, DROP, EXPLAIN, GRANT, REVOKE, ALTER,"
                + " SET, KILL at line 1, char 1");
        assertError("SELECT v FROM", "found EOF, expected identifier at line 1, char 15");
        assertError("SELECT v FROM cpu WHERE", "found EOF, expected identifier, string, number, bool at line 1, char 25");
        assertError("SELECT v FROM cpu; SELECT x FROM; SHOW DATABASES", "found ;, expected identifier at line 1, char 33");
        assertError("SELECT FROM cpu", "found FROM, expected identifier, string, number, bool at line 1, char 8");
        assertError("SELECT v FROM cpu LIMIT x", "found x, expected integer at line 1, char 25");
        assertError("SELECT v FROM cpu WHERE (host = 'a'", "found EOF, expected ) at line 1, char 36");
        assertError("SELECT v FROM cpu ORDER BY host", "only ORDER BY time supported at this time");
        assertError("SELECT v FROM cpu GROUP BY time(1m) fill(foo)", "expected number argument in fill()");
        assertError("SELECT v FROM cpu WHERE host =~ /(/", "error parsing regexp: missing closing ): `(` at line 1, char 32");
        assertError("SHOW TAG VALUES FROM cpu", "found EOF, expected WITH at line 1, char 26");
        assertError("SELECT v FROM cpu SLIMIT 1 SOFFSET 1 GROUP BY host", "found GROUP, expected ; at line 1, char 38");
    }

    private static void assertError(String text, String message) {
        assertThatThrownBy(() -> Parser.parse(text)).isInstanceOf(ParseException.class).hasMessage(message);
    }
}
