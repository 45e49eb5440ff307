package io.bucketry.adapter.mongo.common.lane;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * Loads a {@link LaneProcess} in a class loader of its own over the test class path, whose parent is
 * the platform loader: no Bucketry or driver class, static or pool is shared with the test or with
 * another process, only the database (as with separate JVMs, without their start-up on a small host).
 */
public final class ProcessLane implements AutoCloseable {

    private final URLClassLoader loader;
    private final Function<List<Object>, Object> process;

    private ProcessLane(URLClassLoader loader, Function<List<Object>, Object> process) {
        this.loader = loader;
        this.process = process;
    }

    /** A new process of {@code processClass} (a {@link LaneProcess} with an (uri, database, collection) constructor). */
    @SuppressWarnings("unchecked")
    public static ProcessLane start(String processClass, String uri, String database, String collection) {
        URLClassLoader loader = new URLClassLoader("lane-process", classPath(), ClassLoader.getPlatformClassLoader());
        try {
            Object process = Class.forName(processClass, true, loader).getConstructor(String.class, String.class, String.class)
                    .newInstance(uri, database, collection);
            if (process instanceof LaneProcess) {
                throw new IllegalStateException("the lane process was loaded by the test's own class loader");
            }
            return new ProcessLane(loader, (Function<List<Object>, Object>) process);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("cannot start lane process " + processClass, e);
        }
    }

    public Object call(Object... command) {
        return process.apply(List.of(command));
    }

    /** Surefire's test class path (its booter jar hides it from {@code java.class.path}). */
    private static URL[] classPath() {
        String path = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        List<URL> urls = new ArrayList<>();
        for (String entry : path.split(File.pathSeparator)) {
            if (!entry.isBlank()) {
                try {
                    urls.add(new File(entry).toURI().toURL());
                } catch (MalformedURLException e) {
                    throw new IllegalStateException(entry, e);
                }
            }
        }
        return urls.toArray(URL[]::new);
    }

    @Override
    public void close() {
        try {
            process.apply(List.of("close"));
            loader.close();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
