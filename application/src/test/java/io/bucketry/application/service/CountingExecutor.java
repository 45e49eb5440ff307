package io.bucketry.application.service;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

/** An executor for tests: runs tasks on its own small pool and counts them and the threads that ran them. */
final class CountingExecutor implements Executor, AutoCloseable {

    private final AtomicInteger threadNumber = new AtomicInteger();
    private final ExecutorService pool = Executors.newFixedThreadPool(3, task -> {
        Thread thread = new Thread(task, "counting-" + threadNumber.incrementAndGet());
        thread.setDaemon(true);
        return thread;
    });
    private final AtomicInteger tasks = new AtomicInteger();
    private final Set<String> threads = ConcurrentHashMap.newKeySet();

    @Override
    public void execute(Runnable task) {
        tasks.incrementAndGet();
        pool.execute(() -> {
            threads.add(Thread.currentThread().getName());
            task.run();
        });
    }

    /** How many tasks were handed to this executor. */
    int tasks() {
        return tasks.get();
    }

    /** The names of the threads that ran them. */
    Set<String> threads() {
        return Set.copyOf(threads);
    }

    @Override
    public void close() {
        pool.shutdownNow();
    }
}
