package io.bucketry.bootstrap.wiring;

import com.google.inject.AbstractModule;
import com.google.inject.Provides;
import com.google.inject.Singleton;
import io.bucketry.bootstrap.config.MongoSettings;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Guice module that decides which MongoDB server the Mongo store modules use: the configured URI,
 * or an embedded test server (started here, stopped with the other {@link Resources}).
 */
final class MongoEndpointModule extends AbstractModule {

    private static final Logger LOG = LoggerFactory.getLogger(MongoEndpointModule.class);

    @Provides @Singleton
    MongoEndpoint endpoint(MongoSettings settings, Resources resources) {
        if (!settings.embedded()) {
            return new MongoEndpoint(settings.uri(), false);
        }
        EmbeddedMongo server = EmbeddedMongo.start();
        resources.register("the embedded MongoDB server", server);
        LOG.warn(server.warning());
        return new MongoEndpoint(server.uri(), true);
    }
}
