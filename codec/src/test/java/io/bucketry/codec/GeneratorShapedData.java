package io.bucketry.codec;

import java.util.SplittableRandom;

/**
 * Benchmark data shaped like {@code bootstrap}'s simulate {@code ReadingGenerator}: a reading per sensor per
 * minute, temperature {@code 20 + (sensor % 10)·0.5 + 4·daily ± 1} and pressure {@code 1013.25 + (sensor % 7) − 3 ± 2},
 * both rounded to two decimals, status {@code WARN} above 27 °C else {@code OK}; plus adversarial random doubles.
 * One bucket is {@code rows} consecutive readings of one sensor (60: the one-hour window at a 60 s cadence).
 */
final class GeneratorShapedData {

    static final long MINUTE = 60_000L;
    private static final long DAY = 86_400_000L;
    private static final long START = 1_767_225_600_000L;

    final long[][] times;
    final double[][] temperature;
    final double[][] pressure;
    final String[][] status;
    final double[][] random;

    /** {@code buckets} buckets of {@code rows} readings, each bucket another sensor. */
    GeneratorShapedData(int buckets, int rows) {
        SplittableRandom draws = new SplittableRandom(42);
        times = new long[buckets][rows];
        temperature = new double[buckets][rows];
        pressure = new double[buckets][rows];
        status = new String[buckets][rows];
        random = new double[buckets][rows];
        for (int sensor = 0; sensor < buckets; sensor++) {
            for (int row = 0; row < rows; row++) {
                long time = START + row * MINUTE;
                double daily = Math.sin(2 * Math.PI * Math.floorMod(time, DAY) / DAY);
                times[sensor][row] = time;
                temperature[sensor][row] = round(20 + (sensor % 10) * 0.5 + 4 * daily + draws.nextDouble() * 2 - 1);
                pressure[sensor][row] = round(1013.25 + (sensor % 7) - 3 + draws.nextDouble() * 4 - 2);
                status[sensor][row] = temperature[sensor][row] > 27 ? "WARN" : "OK";
                random[sensor][row] = draws.nextDouble() * 2000 - 1000;
            }
        }
    }

    /** A numeric data set by name: temperature, pressure or random. */
    double[][] numbers(String name) {
        return switch (name) {
            case "temperature" -> temperature;
            case "pressure" -> pressure;
            case "random" -> random;
            default -> throw new IllegalArgumentException("no data set '" + name + "'");
        };
    }

    /** The whole bucket {@code index} as the container stores it. */
    SealedBucket bucket(int index) {
        java.util.Map<String, Column> columns = new java.util.LinkedHashMap<>();
        columns.put("temperature", NumericColumn.of(temperature[index]));
        columns.put("pressure", NumericColumn.of(pressure[index]));
        columns.put("status", TextColumn.of(status[index]));
        return SealedBucket.of(times[index], columns);
    }

    private static double round(double value) {
        return Math.round(value * 100) / 100.0;
    }
}
