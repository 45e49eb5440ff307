package io.bucketry.server.influxql;

import io.bucketry.domain.FieldAggregate;

/**
 * What one field holds in one window of one output series: count, sum, min, max, first and last, with the
 * times (milliseconds) of the readings they came from. Fed by Bucketry's window summaries (a summary's
 * readings are placed at its start) or, where exact times across series matter, by readings one at a time.
 */
final class Cell {

    long count;
    double sum;
    double min;
    double max;
    double first;
    double last;
    long minTime;
    long maxTime;
    long firstTime;
    long lastTime;

    /** Adds the summary of a window that starts at {@code start}; summaries of one series come in time order. */
    void add(FieldAggregate summary, long start) {
        if (summary.count() == 0) {
            return;
        }
        if (count == 0) {
            min = summary.min();
            max = summary.max();
            first = summary.first();
            last = summary.last();
            minTime = maxTime = firstTime = lastTime = start;
        } else {
            if (summary.min() < min) {
                min = summary.min();
                minTime = start;
            }
            if (summary.max() > max) {
                max = summary.max();
                maxTime = start;
            }
            if (start < firstTime) {
                first = summary.first();
                firstTime = start;
            }
            if (start >= lastTime) {
                last = summary.last();
                lastTime = start;
            }
        }
        count += summary.count();
        sum += summary.sum();
    }

    /**
     * Adds one reading's value at {@code time}. Ties break as InfluxDB's do: min and max keep the earliest reading
     * of the value, first and last the greater value among readings at the same time.
     */
    void add(double value, long time) {
        if (count == 0) {
            min = max = first = last = value;
            minTime = maxTime = firstTime = lastTime = time;
        } else {
            if (value < min || value == min && time < minTime) {
                min = value;
                minTime = time;
            }
            if (value > max || value == max && time < maxTime) {
                max = value;
                maxTime = time;
            }
            if (time < firstTime || time == firstTime && value > first) {
                first = value;
                firstTime = time;
            }
            if (time > lastTime || time == lastTime && value > last) {
                last = value;
                lastTime = time;
            }
        }
        count++;
        sum += value;
    }
}
