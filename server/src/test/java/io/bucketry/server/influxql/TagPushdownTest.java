package io.bucketry.server.influxql;

import io.bucketry.domain.TagFilter;
import io.bucketry.domain.TagFilter.Condition;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** Which parts of a WHERE condition on tags the store filters on, and which the executor evaluates. */
class TagPushdownTest {

    private static TagPushdown split(String where) {
        Statement.Select select = (Statement.Select) Parser.parse("SELECT v FROM m WHERE " + where).get(0);
        return TagPushdown.of(Conditions.of(select.where(), 0).tags());
    }

    private static String residual(TagPushdown pushdown) {
        return pushdown.residual() == null ? null : Render.of(pushdown.residual());
    }

    @Test
    void equalitiesJoinedByAndAreOneConditionEach() {
        TagPushdown pushdown = split("host = 'a' AND region = 'eu' AND time > 0");

        assertThat(pushdown.filter()).isEqualTo(TagFilter.of(Condition.oneOf("host", "a"), Condition.oneOf("region", "eu")));
        assertThat(pushdown.residual()).isNull();
    }

    @Test
    void equalitiesOfOneKeyJoinedByOrAreOneValueList() {
        TagPushdown pushdown = split("(host = 'a' OR host = 'b' OR host = 'c') AND rack != 'x'");

        assertThat(pushdown.filter()).isEqualTo(TagFilter.of(Condition.oneOf("host", "a", "b", "c")));
        assertThat(residual(pushdown)).isEqualTo("rack != 'x'");
    }

    @Test
    void anOrAcrossKeysAndRegexesStayWithTheExecutor() {
        TagPushdown pushdown = split("(host = 'a' OR region = 'eu') AND host =~ /a/ AND zone = 'z'");

        assertThat(pushdown.filter()).isEqualTo(TagFilter.of(Condition.oneOf("zone", "z")));
        assertThat(pushdown.residual()).isInstanceOfSatisfying(Expr.Binary.class, and -> {
            assertThat(and.op()).isEqualTo(Expr.Op.AND);
            assertThat(residual(new TagPushdown(TagFilter.ANY, and.left()))).isEqualTo("host = 'a' OR region = 'eu'");
            assertThat(residual(new TagPushdown(TagFilter.ANY, and.right()))).isEqualTo("host =~ /a/");
        });
    }

    @Test
    void anEmptyValueMeansAMissingTagAndStaysWithTheExecutor() {
        TagPushdown pushdown = split("host = '' OR host = 'a'");

        assertThat(pushdown.filter().isAny()).isTrue();
        assertThat(residual(pushdown)).isEqualTo("host = '' OR host = 'a'");
    }

    @Test
    void noConditionFiltersNothing() {
        TagPushdown pushdown = split("time > now() - 1h");

        assertThat(pushdown.filter().isAny()).isTrue();
        assertThat(pushdown.residual()).isNull();
    }
}
