package io.bucketry.bootstrap.config;

import io.bucketry.bootstrap.config.RollupsText;
import io.bucketry.domain.DurationText;

/** A configuration as its keys would be written in a configuration file, for logs: credentials masked. */
final class ConfigText {

    private ConfigText() {
    }

    /** Every key of {@code c}; the Mongo URI with its credentials masked. */
    static String of(BucketryConfig c) {
        MongoSettings mongo = c.mongo();
        return "backend=" + c.backend() + " bucketPolicy=" + c.bucketPolicy() + " bucketWidth=" + DurationText.of(c.bucketWidth())
                + " bucketMaxCount=" + c.bucketMaxCount() + " pageSize=" + c.pageSize() + " retention=" + DurationText.of(c.retention())
                + " grace=" + DurationText.of(c.grace()) + " futureTolerance=" + DurationText.of(c.futureTolerance())
                + " maxBatchSize=" + c.maxBatchSize() + " maxWindows=" + c.maxWindows() + " sweepInterval=" + DurationText.of(c.sweepInterval())
                + " mongoUri=" + mongo.maskedUri() + " mongoDatabase=" + mongo.database()
                + " mongoCollection=" + (mongo.collection() == null ? "(backend default)" : mongo.collection())
                + " timeseriesFallback=" + mongo.timeseriesFallback()
                + " embeddedMongo=" + mongo.embedded() + " memoryLimit=" + c.memoryLimitPercent() + "%"
                + " mongoTimeout=" + DurationText.of(mongo.timeout())
                + " mongoLayout=" + mongo.bucketLayout().id()
                + " mongoTags=" + (mongo.tags() == null ? "(as recorded)" : mongo.tags())
                + " ingestParallelism=" + c.ingestParallelism()
                + " sealAfter=" + DurationText.of(c.sealAfter())
                + " rollups=" + RollupsText.format(c.rollups())
                + " subWindow=" + (c.subWindow().isZero() ? "off" : DurationText.of(c.subWindow()));
    }
}
