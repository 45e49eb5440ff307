package io.bucketry.server.json;

import io.bucketry.application.port.in.LastpointPage;

import java.util.List;

/** A page of the lastpoint query as JSON: {@code {"readings": [{"series", "time", "fields"}…], "next": id | null}}. */
public record LastpointPageView(List<ReadingView> readings, String next) {

    public static LastpointPageView of(LastpointPage page) {
        return new LastpointPageView(page.readings().stream().map(ReadingView::of).toList(),
                page.next() == null ? null : page.next().value());
    }
}
