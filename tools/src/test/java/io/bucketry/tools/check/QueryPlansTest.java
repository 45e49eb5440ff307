package io.bucketry.tools.check;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static org.assertj.core.api.Assertions.assertThat;

/** Reading explain answers of the shapes the manual documents (explain results: classic, slot-based, sharded). */
class QueryPlansTest {

    @Test
    void theClassicWinningPlanIsReadAndRejectedPlansAreIgnored() {
        String explain = """
                {"queryPlanner": {"winningPlan": {"stage": "FETCH", "inputStage": {"stage": "IXSCAN",
                 "indexName": "series_1_start_1_seq_1"}}, "rejectedPlans": [{"stage": "COLLSCAN"}]}}""";

        assertThat(QueryPlans.winningStages(explain)).containsExactly("FETCH", "IXSCAN");
        assertThat(QueryPlans.usesIndex(QueryPlans.winningStages(explain))).isTrue();
    }

    @Test
    void theSlotBasedEnginesQueryPlanAndAnAggregatesCursorStageAreRead() {
        String sbe = """
                {"explainVersion": "2", "queryPlanner": {"winningPlan": {"queryPlan": {"stage": "FETCH",
                 "inputStage": {"stage": "IXSCAN"}}, "slotBasedPlan": {"slots": "..."}}}}""";
        String aggregate = """
                {"stages": [{"$cursor": {"queryPlanner": {"winningPlan": {"stage": "PROJECTION_SIMPLE",
                 "inputStage": {"stage": "IXSCAN"}}}}}, {"$sort": {}}]}""";

        assertThat(QueryPlans.usesIndex(QueryPlans.winningStages(sbe))).isTrue();
        assertThat(QueryPlans.winningStages(aggregate)).containsExactly("PROJECTION_SIMPLE", "IXSCAN");
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
            "a collection scan | {\"queryPlanner\": {\"winningPlan\": {\"stage\": \"COLLSCAN\"}}} | false",
            "an update on an index scan | {\"queryPlanner\": {\"winningPlan\": {\"stage\": \"UPDATE\", \"inputStage\": {\"stage\": \"IXSCAN\"}}}} | true",
            "8.0's express path | {\"queryPlanner\": {\"winningPlan\": {\"stage\": \"EXPRESS_IXSCAN\"}}} | true",
            "one shard scanning the collection | {\"queryPlanner\": {\"winningPlan\": {\"stage\": \"SHARD_MERGE\", \"shards\": [{\"winningPlan\": {\"stage\": \"IXSCAN\"}}, {\"winningPlan\": {\"stage\": \"COLLSCAN\"}}]}}} | false",
            "no plan at all | {\"ok\": 1} | false"})
    void anIndexIsUsedOnlyWhenEveryWinningPlanScansAnIndexAndNoneTheCollection(String what, String explain, boolean uses) {
        assertThat(QueryPlans.usesIndex(QueryPlans.winningStages(explain))).as(what).isEqualTo(uses);
    }
}
