package io.bucketry.server.http;

import io.javalin.config.JavalinConfig;
import io.javalin.http.staticfiles.Location;

/**
 * The dashboard page: static files from the classpath, {@code /} (index.html) and {@code /ui/…}, plus
 * the uPlot webjar at {@code /webjars/uplot/…}. Nothing is fetched from the network: the page works offline.
 */
final class Dashboard {

    /** Classpath directory of the page; its index.html is filtered by Maven to name the pinned uPlot version. */
    static final String DIRECTORY = "/io/bucketry/server/dashboard";

    private Dashboard() {
    }

    static void serve(JavalinConfig javalin) {
        javalin.staticFiles.add(files -> {
            files.hostedPath = "/";
            files.directory = DIRECTORY;
            files.location = Location.CLASSPATH;
        });
        javalin.staticFiles.enableWebjars();
    }
}
